import type { ReactNode } from 'react';

export interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  className?: string;
  /** A fuller name when several forms are open at once, e.g. 'Save task Buy shoes'. */
  'aria-label'?: string | undefined;
}

/** Disabled while its request is pending; the name stays the same so it can be found by it. */
export const SubmitButton = ({ pending, children, className, 'aria-label': ariaLabel }: SubmitButtonProps) => (
  <button
    type="submit"
    className={`button button--primary${className ? ` ${className}` : ''}`}
    disabled={pending}
    aria-busy={pending || undefined}
    aria-label={ariaLabel}
  >
    {pending && <span className="spinner" aria-hidden="true" />}
    {children}
  </button>
);
