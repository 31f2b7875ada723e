import type { Subtask, WorkItemStatus } from '@tracker/contracts/goals/http';
import { useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { useCompleteSubtaskMutation, useDeleteSubtaskMutation, useUpdateSubtaskMutation } from '../api/goals.api.ts';
import {
  selectionCleared,
  selectIsSubtaskExpanded,
  selectSelectedSubtaskId,
  subtaskCollapsed,
  subtaskExpanded,
  subtaskSelected,
} from '../stores/goals.slice.ts';
import { pointsToast } from './points-toast.ts';
import { itemName, pointsTotal } from './work-item-format.ts';
import { WorkItemForm } from './work-item-form.tsx';
import { changedFields, valuesOf, type WorkItemValues } from './work-item-values.ts';
import { WorkItemDetails } from './work-item-details.tsx';
import { WorkItemRow } from './work-item-row.tsx';

export const SubtaskItem = ({ subtask }: { subtask: Subtask }) => {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const bodyId = useId();
  const expanded = useAppSelector((state) => selectIsSubtaskExpanded(state, subtask.id));
  const selected = useAppSelector(selectSelectedSubtaskId) === subtask.id;
  const [completeSubtask, completion] = useCompleteSubtaskMutation();
  const [changeStatus, statusChange] = useUpdateSubtaskMutation();
  const [saveSubtask, edit] = useUpdateSubtaskMutation();
  const [deleteSubtask, removal] = useDeleteSubtaskMutation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = itemName('subtask', subtask.title);

  /** spec.md §4: completing a subtask is its own call, which says how many points it earned. */
  const complete = async () => {
    const result = await completeSubtask(subtask);
    if ('error' in result) {
      toast.error(errorMessage(result.error, 'Failed to update subtask'));
      return false;
    }
    toast.success(`+${result.data.pointsAwarded} points`, { title: 'Subtask completed' });
    return true;
  };

  const setStatus = async (status: WorkItemStatus) => {
    if (status === 'completed') return void (await complete());
    const result = await changeStatus({ item: subtask, changes: { status } });
    if ('error' in result) {
      toast.error(errorMessage(result.error, 'Failed to update subtask'));
      return;
    }
    pointsToast(toast, pointsTotal(result.data) - pointsTotal(subtask), 'Subtask reopened');
  };

  const save = async (values: WorkItemValues) => {
    const { status, ...changes } = changedFields(valuesOf(subtask), values);
    const completing = status === 'completed';
    const patch = completing ? changes : { ...changes, ...(status ? { status } : {}) };
    if (Object.keys(patch).length > 0) {
      const result = await saveSubtask({ item: subtask, changes: patch });
      if ('error' in result) return;
      if (status) pointsToast(toast, pointsTotal(result.data) - pointsTotal(subtask), 'Subtask reopened');
    }
    if (completing && !(await complete())) return;
    setEditing(false);
  };

  const remove = async () => {
    const result = await deleteSubtask(subtask);
    if (!('error' in result)) setConfirming(false);
  };

  return (
    <li className={`work-item work-item--subtask work-item--${subtask.status}`}>
      <WorkItemRow
        kind="subtask"
        item={subtask}
        bodyId={bodyId}
        expanded={expanded}
        selected={selected}
        busy={completion.isLoading || statusChange.isLoading}
        onToggleExpanded={() => dispatch(expanded ? subtaskCollapsed(subtask.id) : subtaskExpanded(subtask.id))}
        onSelect={() =>
          dispatch(selected ? selectionCleared() : subtaskSelected({ goalId: subtask.goalId, taskId: subtask.taskId, subtaskId: subtask.id }))
        }
        onStatusChange={(status) => void setStatus(status)}
        onComplete={() => void complete()}
        onEdit={() => {
          edit.reset();
          setEditing(true);
        }}
        onDelete={() => {
          removal.reset();
          setConfirming(true);
        }}
      />
      {editing && (
        <div className="work-item__editor">
          <WorkItemForm
            mode="edit"
            name={`Edit ${name}`}
            saveLabel={`Save ${name}`}
            cancelLabel={`Cancel editing ${name}`}
            initial={valuesOf(subtask)}
            pending={edit.isLoading || completion.isLoading}
            error={edit.error}
            fallback="Failed to update subtask"
            onSubmit={(values) => void save(values)}
            onCancel={() => setEditing(false)}
          />
        </div>
      )}
      {expanded && (
        <div id={bodyId} className="work-item__body work-item__body--details">
          <WorkItemDetails item={subtask} />
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete subtask “${subtask.title}”?`}
          confirmLabel="Delete"
          pending={removal.isLoading}
          error={removal.error ? errorMessage(removal.error, 'Failed to delete subtask') : undefined}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          <p>This cannot be undone; points already earned stay in your history.</p>
        </ConfirmDialog>
      )}
    </li>
  );
};
