import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import type { SelectOption } from '../../../components/form/select-field.tsx';
import type { ApiError } from '../../../lib/api/api-errors.ts';
import type { WorkItemKind } from '../types/work-item-kind.ts';
import { itemName } from '../model/work-item-format.ts';
import { WorkItemForm } from './work-item-form.tsx';
import type { WorkItemValues } from '../model/work-item-values.ts';

/**
 * Whether an item's edit form or delete question is open. Opening the form clears the last failure of
 * its mutation, so an old error does not greet a new attempt.
 */
export const useEditAndDelete = (edit: { reset: () => void }) => {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return {
    editing,
    confirming,
    startEditing: () => {
      edit.reset();
      setEditing(true);
    },
    stopEditing: () => setEditing(false),
    askToDelete: () => setConfirming(true),
    stopDeleting: () => setConfirming(false),
  };
};

export interface WorkItemEditorProps {
  kind: WorkItemKind;
  title: string;
  initial: WorkItemValues;
  goalOptions?: SelectOption[] | undefined;
  pending: boolean;
  error: ApiError;
  onSubmit: (values: WorkItemValues) => void;
  onCancel: () => void;
}

/** The inline edit form of one goal, task or subtask, named after it. */
export const WorkItemEditor = ({ kind, title, ...form }: WorkItemEditorProps) => {
  const name = itemName(kind, title);
  return (
    <div className="work-item__editor">
      <WorkItemForm
        mode="edit"
        name={`Edit ${name}`}
        saveLabel={`Save ${name}`}
        cancelLabel={`Cancel editing ${name}`}
        fallback={`Failed to update ${kind}`}
        {...form}
      />
    </div>
  );
};

export interface DeleteWorkItemDialogProps {
  kind: WorkItemKind;
  title: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** What else goes with it. */
  children: ReactNode;
}

/** The question before deleting a goal, task or subtask. */
export const DeleteWorkItemDialog = ({ kind, title, children, ...dialog }: DeleteWorkItemDialogProps) => (
  <ConfirmDialog title={`Delete ${kind} “${title}”?`} confirmLabel="Delete" {...dialog}>
    {children}
  </ConfirmDialog>
);
