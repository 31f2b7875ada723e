import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The confirming button's text, e.g. 'Delete'. */
  confirmLabel: string;
  pending?: boolean;
  /** A failure of the confirmed action, shown inside the dialog. */
  error?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question before something that cannot be undone: Cancel (focused first) or the confirming action. */
export const ConfirmDialog = ({ title, children, confirmLabel, pending = false, error, onConfirm, onCancel }: ConfirmDialogProps) => (
  <ModalDialog
    title={title}
    pending={pending}
    error={error}
    onCancel={onCancel}
    actions={
      <>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending} autoFocus>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending && <span className="spinner" aria-hidden="true" />}
          {confirmLabel}
        </button>
      </>
    }
  >
    {children}
  </ModalDialog>
);
