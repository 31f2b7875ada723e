import type { Subtask, WorkItemStatus } from '@tracker/contracts/goals/http';
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
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
import { statusPointsToast } from './points-toast.ts';
import { pointsTotal } from './work-item-format.ts';
import { DeleteWorkItemDialog, useEditAndDelete, WorkItemEditor } from './work-item-editing.tsx';
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
  const { editing, confirming, startEditing, stopEditing, askToDelete, stopDeleting } = useEditAndDelete(edit, removal);

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
    statusPointsToast(toast, 'Subtask', pointsTotal(subtask), pointsTotal(result.data), status);
  };

  const save = async (values: WorkItemValues) => {
    const { status, ...changes } = changedFields(valuesOf(subtask), values);
    const completing = status === 'completed';
    const patch = completing ? changes : { ...changes, ...(status ? { status } : {}) };
    if (Object.keys(patch).length > 0) {
      const result = await saveSubtask({ item: subtask, changes: patch });
      if ('error' in result) return;
      if (status) statusPointsToast(toast, 'Subtask', pointsTotal(subtask), pointsTotal(result.data), status);
    }
    if (completing && !(await complete())) return;
    stopEditing();
  };

  const remove = async () => {
    const result = await deleteSubtask(subtask);
    if (!('error' in result)) stopDeleting();
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
        onEdit={startEditing}
        onDelete={askToDelete}
      />
      {editing && (
        <WorkItemEditor
          kind="subtask"
          title={subtask.title}
          initial={valuesOf(subtask)}
          pending={edit.isLoading || completion.isLoading}
          error={edit.error}
          onSubmit={(values) => void save(values)}
          onCancel={stopEditing}
        />
      )}
      {expanded && (
        <div id={bodyId} className="work-item__body work-item__body--details">
          <WorkItemDetails item={subtask} />
        </div>
      )}
      {confirming && (
        <DeleteWorkItemDialog
          kind="subtask"
          title={subtask.title}
          pending={removal.isLoading}
          error={removal.error}
          onConfirm={() => void remove()}
          onCancel={stopDeleting}
        >
          <p>This cannot be undone; points already earned stay in your history.</p>
        </DeleteWorkItemDialog>
      )}
    </li>
  );
};
