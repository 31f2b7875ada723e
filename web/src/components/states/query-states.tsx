import type { ReactNode } from 'react';
import { errorMessage, type ApiError } from '../../lib/api/api-errors.ts';
import { isUnreachable } from '../../lib/offline/queued-change.ts';
import { LoadError, LoadingLine } from './load-states.tsx';

/** What the states need of an RTK Query result. */
export interface QueryState<T> {
  data?: T | undefined;
  error?: ApiError;
  /** No data yet and a request under way (for a read whose argument changed: `isFetching` with no `currentData`). */
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryStatusProps<T> {
  query: QueryState<T>;
  /** spec.md §8's fallback text for this read. */
  failure: string;
  /** What the loading line says. */
  loading: string;
}

/**
 * The state of a read, when there is one to show: loading, failed (with a retry), or the data
 * kept on screen after a failed refresh (then the failure above it). Nothing when the data is fresh.
 */
export const QueryStatus = <T,>({ query, failure, loading }: QueryStatusProps<T>) => {
  const { data, error, isLoading, isFetching, refetch } = query;
  const retry = () => void refetch();
  if (data === undefined && (isLoading || !error)) return <LoadingLine>{loading}</LoadingLine>;
  // Out of reach: the data loaded before stays, and the app's one offline banner says why it is not fresh.
  if (data !== undefined && isUnreachable(error)) return null;
  if (error && (data === undefined || !isFetching)) return <LoadError message={errorMessage(error, failure)} onRetry={retry} retrying={isFetching} />;
  return null;
};

/** A read's status, then its data once there is some: one card's read fails alone, the others go on. */
export const QueryBody = <T,>({ children, ...status }: QueryStatusProps<T> & { children: (data: T) => ReactNode }) => (
  <>
    <QueryStatus {...status} />
    {status.query.data !== undefined && children(status.query.data)}
  </>
);
