import { LoadingLine } from '../../../components/states/load-states.tsx';
import type { QueryState } from '../../../components/states/query-states.tsx';
import { errorMessage } from '../../../lib/api/api-errors.ts';

type SettingsRead = Omit<QueryState<unknown>, 'data'>;

/** A settings read that failed: the server's message (or spec.md §8's fallback) and a way to try again. */
export const SettingsLoadError = ({ query, failure }: { query: SettingsRead; failure: string }) => (
  <div className="settings-error" role="alert">
    <p>{errorMessage(query.error, failure)}</p>
    <button type="button" className="button button--secondary button--small" onClick={() => void query.refetch()} disabled={query.isFetching}>
      {query.isFetching && <span className="spinner" aria-hidden="true" />}
      Try again
    </button>
  </div>
);

/** A settings read with nothing to show yet: its loading line until it fails, then the failure. */
export const SettingsLoadState = ({ query, failure, loading }: { query: SettingsRead; failure: string; loading: string }) =>
  query.isLoading || !query.error ? <LoadingLine>{loading}</LoadingLine> : <SettingsLoadError query={query} failure={failure} />;
