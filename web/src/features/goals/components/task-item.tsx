import type { Task, WorkItemStatus } from '@tracker/contracts/goals/http';
import { useId, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { useDeleteTaskMutation, useGetGoalsQuery, useUpdateTaskMutation } from '../api/goals.api.ts';
import {
  selectIsTaskExpanded,
  selectionCleared,
  selectSelectedSubtaskId,
  selectSelectedTaskId,
  taskCollapsed,
  taskExpanded,
  taskSelected,
} from '../stores/goals.slice.ts';
import { pointsToast } from './points-toast.ts';
import { SubtaskList } from './subtask-list.tsx';
import { itemName, pointsTotal } from './work-item-format.ts';
import { WorkItemForm } from './work-item-form.tsx';
import { changedFields, valuesOf, type WorkItemValues } from './work-item-values.ts';
import { WorkItemRow } from './work-item-row.tsx';

export const TaskItem = ({ task }: { task: Task }) => {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const bodyId = useId();
  const expanded = useAppSelector((state) => selectIsTaskExpanded(state, task.id));
  const selectedTaskId = useAppSelector(selectSelectedTaskId);
  const selectedSubtaskId = useAppSelector(selectSelectedSubtaskId);
  const selected = selectedTaskId === task.id && selectedSubtaskId === null;
  const { data: goals } = useGetGoalsQuery();
  const goalOptions = useMemo(() => (goals ?? []).map((goal) => ({ value: goal.id, label: goal.title })), [goals]);
  const [changeStatus, statusChange] = useUpdateTaskMutation();
  const [saveTask, edit] = useUpdateTaskMutation();
  const [deleteTask, removal] = useDeleteTaskMutation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = itemName('task', task.title);

  const setStatus = async (status: WorkItemStatus) => {
    const result = await changeStatus({ item: task, changes: { status } });
    if ('error' in result) {
      toast.error(errorMessage(result.error, 'Failed to update task'));
      return;
    }
    pointsToast(toast, pointsTotal(result.data) - pointsTotal(task), status === 'completed' ? 'Task completed' : 'Task reopened');
  };

  const save = async (values: WorkItemValues) => {
    const changes = changedFields(valuesOf(task), values);
    if (Object.keys(changes).length === 0) return setEditing(false);
    const result = await saveTask({ item: task, changes });
    if ('error' in result) return;
    setEditing(false);
    if (changes.status) pointsToast(toast, pointsTotal(result.data) - pointsTotal(task), changes.status === 'completed' ? 'Task completed' : 'Task reopened');
    if (changes.goalId) {
      const destination = goals?.find((goal) => goal.id === changes.goalId);
      toast.info(`“${task.title}” now belongs to “${destination?.title ?? 'another goal'}”.`, { title: 'Task moved' });
    }
  };

  const remove = async () => {
    const result = await deleteTask(task);
    if (!('error' in result)) setConfirming(false);
  };

  return (
    <li className={`work-item work-item--task work-item--${task.status}`}>
      <WorkItemRow
        kind="task"
        item={task}
        bodyId={bodyId}
        expanded={expanded}
        selected={selected}
        busy={statusChange.isLoading}
        onToggleExpanded={() => dispatch(expanded ? taskCollapsed(task.id) : taskExpanded(task.id))}
        onSelect={() => dispatch(selected ? selectionCleared() : taskSelected({ goalId: task.goalId, taskId: task.id }))}
        onStatusChange={(status) => void setStatus(status)}
        onComplete={() => void setStatus('completed')}
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
            initial={valuesOf(task)}
            goalOptions={goalOptions}
            pending={edit.isLoading}
            error={edit.error}
            fallback="Failed to update task"
            onSubmit={(values) => void save(values)}
            onCancel={() => setEditing(false)}
          />
        </div>
      )}
      {expanded && (
        <div id={bodyId} className="work-item__body">
          {task.description && <p className="work-item__description">{task.description}</p>}
          <SubtaskList task={task} />
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete task “${task.title}”?`}
          confirmLabel="Delete"
          pending={removal.isLoading}
          error={removal.error ? errorMessage(removal.error, 'Failed to delete task') : undefined}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          <p>Its subtasks are deleted with it. This cannot be undone; points already earned stay in your history.</p>
        </ConfirmDialog>
      )}
    </li>
  );
};
