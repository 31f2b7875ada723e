import { useSelector } from 'react-redux';
import { selectOnline } from '../../lib/offline/offline.slice.ts';
import './load-states.css';

/** A spinner line while something loads; announced politely. */
export const LoadingLine = ({ children }: { children: string }) => (
  <p className="loading-line" role="status">
    <span className="spinner spinner--dark" aria-hidden="true" />
    {children}
  </p>
);

export const NOT_LOADED_OFFLINE = 'Not loaded yet. It loads when the connection returns.';

/**
 * A failed load: the server's message (or spec.md §8's fallback) and a way to try again. Offline it
 * is a quiet line instead: the app's offline banner says why once, not every card in red, and the
 * read is asked again by itself when the connection returns.
 */
export const LoadError = ({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) => {
  const online = useSelector(selectOnline);
  if (!online) return <p className="load-offline">{NOT_LOADED_OFFLINE}</p>;
  return <LoadErrorAlert message={message} onRetry={onRetry} retrying={retrying} />;
};

const LoadErrorAlert = ({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) => (
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
