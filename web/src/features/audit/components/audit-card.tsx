import type { ReactNode } from 'react';
import './audit-card.css';

export interface AuditCardProps {
  id: string;
  title: string;
  subtitle?: string | undefined;
  className?: string | undefined;
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled panel of the audit page; its heading names the region. */
export const AuditCard = ({ id, title, subtitle, className, actions, children }: AuditCardProps) => (
  <section className={`panel audit-card${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-title`} data-testid={id}>
    <header className="audit-card__header">
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

export const LoadingLine = ({ children }: { children: string }) => (
  <p className="loading-line" role="status">
    <span className="spinner spinner--dark" aria-hidden="true" />
    {children}
  </p>
);

/** A failed load: the server's message (or the fallback) and a way to try again. */
export const LoadError = ({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) => (
  <div className="audit-error" role="alert">
    <span className="audit-error__icon" aria-hidden="true">
      !
    </span>
    <p className="audit-error__message">{message}</p>
    <button type="button" className="button button--secondary button--small" onClick={onRetry} disabled={retrying}>
      {retrying && <span className="spinner" aria-hidden="true" />}
      Try again
    </button>
  </div>
);
