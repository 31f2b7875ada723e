import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormAlert } from '../form/form-alert.tsx';
import './confirm-dialog.css';

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

/**
 * A modal question before something that cannot be undone. Rendered only while open: it opens as a
 * native modal <dialog> (focus kept inside, Escape cancels, the page behind inert) and gives focus back
 * to what opened it when it goes.
 */
export const ConfirmDialog = ({ title, children, confirmLabel, pending = false, error, onConfirm, onCancel }: ConfirmDialogProps) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: the owner decides (it unmounts the dialog), so the element never closes behind React's back.
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="dialog__body">
        {children}
      </div>
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending} autoFocus>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending && <span className="spinner" aria-hidden="true" />}
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
};
