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
  <div className="act-load-error" role="alert">
    <span className="act-load-error__icon" aria-hidden="true">
      !
    </span>
    <p className="act-load-error__message">{message}</p>
    <button type="button" className="button button--secondary button--small" onClick={onRetry} disabled={retrying}>
      {retrying && <span className="spinner" aria-hidden="true" />}
      Try again
    </button>
  </div>
);

/** No items to show: what the list is for, and what to do next. */
export const EmptyState = ({ testId, title, text, children }: { testId: string; title: string; text: string; children?: React.ReactNode }) => (
  <section className="panel act-empty" data-testid={testId} aria-label={title}>
    <span className="act-empty__mark" aria-hidden="true">
      ◎
    </span>
    <h2 className="act-empty__title">{title}</h2>
    <p className="act-empty__text">{text}</p>
    {children}
  </section>
);
