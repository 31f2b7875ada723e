import type { ReactNode } from 'react';

export interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  className?: string;
}

/** Disabled while its request is pending; the name stays the same so it can be found by it. */
export const SubmitButton = ({ pending, children, className }: SubmitButtonProps) => (
  <button type="submit" className={`button button--primary${className ? ` ${className}` : ''}`} disabled={pending} aria-busy={pending || undefined}>
    {pending && <span className="spinner" aria-hidden="true" />}
    {children}
  </button>
);
