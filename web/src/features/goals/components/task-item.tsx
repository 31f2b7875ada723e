import type { Task, WorkItemStatus } from '@tracker/contracts/goals/http';
import { useId, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
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
import { statusPointsToast } from './points-toast.ts';
import { SubtaskList } from './subtask-list.tsx';
import { pointsTotal } from './work-item-format.ts';
import { DeleteWorkItemDialog, useEditAndDelete, WorkItemEditor } from './work-item-editing.tsx';
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
  const { editing, confirming, startEditing, stopEditing, askToDelete, stopDeleting } = useEditAndDelete(edit, removal);

  const setStatus = async (status: WorkItemStatus) => {
    const result = await changeStatus({ item: task, changes: { status } });
    if ('error' in result) {
      toast.error(errorMessage(result.error, 'Failed to update task'));
      return;
    }
    statusPointsToast(toast, 'Task', pointsTotal(task), pointsTotal(result.data), status);
  };

  const save = async (values: WorkItemValues) => {
    const changes = changedFields(valuesOf(task), values);
    if (Object.keys(changes).length === 0) return stopEditing();
    const result = await saveTask({ item: task, changes });
    if ('error' in result) return;
    stopEditing();
    if (changes.status) statusPointsToast(toast, 'Task', pointsTotal(task), pointsTotal(result.data), changes.status);
    if (changes.goalId) {
      const destination = goals?.find((goal) => goal.id === changes.goalId);
      toast.info(`“${task.title}” now belongs to “${destination?.title ?? 'another goal'}”.`, { title: 'Task moved' });
    }
  };

  const remove = async () => {
    const result = await deleteTask(task);
    if (!('error' in result)) stopDeleting();
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
        onEdit={startEditing}
        onDelete={askToDelete}
      />
      {editing && (
        <WorkItemEditor
          kind="task"
          title={task.title}
          initial={valuesOf(task)}
          goalOptions={goalOptions}
          pending={edit.isLoading}
          error={edit.error}
          onSubmit={(values) => void save(values)}
          onCancel={stopEditing}
        />
      )}
      {expanded && (
        <div id={bodyId} className="work-item__body">
          {task.description && <p className="work-item__description">{task.description}</p>}
          <SubtaskList task={task} />
        </div>
      )}
      {confirming && (
        <DeleteWorkItemDialog
          kind="task"
          title={task.title}
          pending={removal.isLoading}
          error={removal.error}
          onConfirm={() => void remove()}
          onCancel={stopDeleting}
        >
          <p>Its subtasks are deleted with it. This cannot be undone; points already earned stay in your history.</p>
        </DeleteWorkItemDialog>
      )}
    </li>
  );
};
