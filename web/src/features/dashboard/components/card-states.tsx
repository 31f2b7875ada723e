import type { ReactNode } from 'react';
import { errorMessage, type ApiError } from '../../../lib/api/api-errors.ts';
import './card-states.css';

/** What a card needs of an RTK Query result. */
export interface CardQuery<T> {
  data?: T | undefined;
  error?: ApiError;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export const LoadingLine = ({ children }: { children: string }) => (
  <p className="loading-line" role="status">
    <span className="spinner spinner--dark" aria-hidden="true" />
    {children}
  </p>
);

/** A failed load: the server's message (or spec.md §8's fallback) and a way to try again. */
export const LoadError = ({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) => (
  <div className="load-error" role="alert">
    <span className="load-error__icon" aria-hidden="true">
      !
    </span>
    <p className="load-error__message">{message}</p>
    <button type="button" className="button button--secondary button--small" onClick={onRetry} disabled={retrying}>
      {retrying && <span className="spinner" aria-hidden="true" />}
      Try again
    </button>
  </div>
);

export interface CardBodyProps<T> {
  query: CardQuery<T>;
  /** spec.md §8's fallback text for this read. */
  failure: string;
  loading: string;
  children: (data: T) => ReactNode;
}

/**
 * A card's content by the state of its read: loading, failed (with a retry; the other cards go on
 * working), or the data. A failed refresh keeps the last data on screen and says so.
 */
export const CardBody = <T,>({ query, failure, loading, children }: CardBodyProps<T>) => {
  const { data, error, isLoading, isFetching, refetch } = query;
  const retry = () => void refetch();
  if (data === undefined) {
    if (isLoading || !error) return <LoadingLine>{loading}</LoadingLine>;
    return <LoadError message={errorMessage(error, failure)} onRetry={retry} retrying={isFetching} />;
  }
  return (
    <>
      {error && !isFetching && <LoadError message={errorMessage(error, failure)} onRetry={retry} retrying={isFetching} />}
      {children(data)}
    </>
  );
};

export interface DashboardCardProps {
  id: string;
  title: string;
  subtitle?: string | undefined;
  /** Extra classes, e.g. the card's place in the grid. */
  className?: string | undefined;
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled panel of the dashboard; its heading names the region. */
export const DashboardCard = ({ id, title, subtitle, className, actions, children }: DashboardCardProps) => (
  <section className={`panel dash-card${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-title`} data-testid={id}>
    <header className="dash-card__header">
      <div>
        <h2 id={`${id}-title`} className="panel__title">
          {title}
        </h2>
        {subtitle && <p className="panel__subtitle">{subtitle}</p>}
      </div>
      {actions}
    </header>
    {children}
  </section>
);

export const EmptyNote = ({ children }: { children: ReactNode }) => <p className="dash-card__empty">{children}</p>;
