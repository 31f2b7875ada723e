import { useEffect, useId, useRef } from 'react';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import '../../../components/dialogs/confirm-dialog.css';
import { kindLabels } from './work-item-format.ts';
import './complete-open-work-dialog.css';

export interface CompleteOpenWorkDialogProps {
  /** A goal (its open tasks and subtasks) or a task (its open subtasks). */
  kind: 'goal' | 'task';
  title: string;
  /** 'It still has 2 open tasks and 1 open subtask.' */
  question: string;
  pending: boolean;
  error: string | undefined;
  onCompleteAll: () => void;
  onCompleteItemOnly: () => void;
  onCancel: () => void;
}

/**
 * The question before completing a goal that still has open tasks and subtasks, or a task with open
 * subtasks: complete them too, the item only, or nothing. Three answers, so not the shared yes/no dialog; it behaves the same: a native modal <dialog>
 * (focus kept inside, Escape cancels) that gives focus back to what opened it.
 */
export const CompleteOpenWorkDialog = ({ kind, title, question, pending, error, onCompleteAll, onCompleteItemOnly, onCancel }: CompleteOpenWorkDialogProps) => {
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
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {`Complete ${kind} “${title}”?`}
      </h2>
      <div id={bodyId} className="dialog__body">
        <p>{question} Complete them too?</p>
      </div>
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <div className="dialog__actions dialog__actions--wrap">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending} autoFocus>
          Cancel
        </button>
        <button type="button" className="button button--secondary" onClick={onCompleteItemOnly} disabled={pending}>
          {kindLabels[kind]} only
        </button>
        <button type="button" className="button button--success" onClick={onCompleteAll} disabled={pending} aria-busy={pending || undefined}>
          {pending && <span className="spinner" aria-hidden="true" />}
          Complete all
        </button>
      </div>
    </dialog>
  );
};
