import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormAlert } from '../form/form-alert.tsx';
import './confirm-dialog.css';

export interface ModalDialogProps {
  title: string;
  /** The question's body. */
  children: ReactNode;
  /** The answers (buttons); the owner gives them their handlers. */
  actions: ReactNode;
  /** While an answer is being carried out, Escape does nothing. */
  pending?: boolean;
  /** A failure of the chosen answer, shown inside the dialog. */
  error?: string | undefined;
  onCancel: () => void;
  actionsClassName?: string;
}

/**
 * A modal question, rendered only while open: it opens as a native modal <dialog> (focus kept inside,
 * Escape cancels, the page behind inert) and gives focus back to what opened it when it goes.
 */
export const ModalDialog = ({ title, children, actions, pending = false, error, onCancel, actionsClassName = 'dialog__actions' }: ModalDialogProps) => {
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
      <div className={actionsClassName}>{actions}</div>
    </dialog>
  );
};
