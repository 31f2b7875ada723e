import { reloadPage } from '../../lib/persist/recovery.ts';
import './error-screen.css';

export interface ErrorScreenProps {
  message?: string | undefined;
}

/**
 * The global error screen (spec.md §2). Deliberately free of store and router: it must render when
 * they fail. 'Reload Page' first drops the state kept on this device that could have caused the error.
 */
export const ErrorScreen = ({ message }: ErrorScreenProps) => (
  <main className="error-screen" role="alert">
    <div className="error-screen__card">
      <span className="round-mark tone-danger error-screen__icon" aria-hidden="true">
        !
      </span>
      <h1 className="error-screen__title">Something went wrong</h1>
      <p className="error-screen__message">{message || 'An unexpected error occurred'}</p>
      <button type="button" className="button button--primary" onClick={reloadPage}>
        Reload Page
      </button>
    </div>
  </main>
);

export const messageOf = (error: unknown): string | undefined => {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  return undefined;
};
