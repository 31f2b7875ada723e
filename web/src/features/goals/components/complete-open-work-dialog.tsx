import { ModalDialog } from '../../../components/dialogs/modal-dialog.tsx';
import { kindLabels } from '../model/work-item-format.ts';
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
 * subtasks: complete them too, the item only, or nothing (three answers, on the shared modal dialog).
 */
export const CompleteOpenWorkDialog = ({ kind, title, question, pending, error, onCompleteAll, onCompleteItemOnly, onCancel }: CompleteOpenWorkDialogProps) => (
  <ModalDialog
    title={`Complete ${kind} “${title}”?`}
    pending={pending}
    error={error}
    onCancel={onCancel}
    actionsClassName="dialog__actions dialog__actions--wrap"
    actions={
      <>
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
      </>
    }
  >
    <p>{question} Complete them too?</p>
  </ModalDialog>
);
