import type { ReactNode } from 'react';
import './form.css';

export interface FormAlertProps {
  kind: 'error' | 'success' | 'info';
  children: ReactNode;
}

/** A message about the whole form; errors are announced as alerts. */
export const FormAlert = ({ kind, children }: FormAlertProps) => (
  <div className={`form-alert form-alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
    {children}
  </div>
);
