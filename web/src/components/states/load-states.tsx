import './load-states.css';

/** A spinner line while something loads; announced politely. */
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
