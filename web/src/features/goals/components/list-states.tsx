import './list-states.css';

/** A spinner line while a list loads. */
export const LoadingLine = ({ children }: { children: string }) => (
  <p className="loading-line" role="status">
    <span className="spinner spinner--dark" aria-hidden="true" />
    {children}
  </p>
);

/** A failed load: the server's message (or the spec's fallback) and a way to try again. */
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

/** 'Completed items hidden by the filters' under a list, so nothing seems lost. */
export const HiddenByFilters = ({ count, noun }: { count: number; noun: string }) =>
  count > 0 ? (
    <p className="hidden-note">
      {count} {noun}
      {count === 1 ? '' : 's'} hidden by the filters
    </p>
  ) : null;
