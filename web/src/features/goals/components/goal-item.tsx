import type { Goal, WorkItemStatus } from '@tracker/contracts/goals/http';
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { useDeleteGoalMutation, useUpdateGoalMutation, type GoalProgress } from '../api/goals.api.ts';
import {
  goalCollapsed,
  goalExpanded,
  goalSelected,
  selectIsGoalExpanded,
  selectionCleared,
  selectSelectedGoalId,
  selectSelectedTaskId,
} from '../stores/goals.slice.ts';
import { statusPointsToast } from './points-toast.ts';
import { TaskList } from './task-list.tsx';
import { pointsTotal } from './work-item-format.ts';
import { DeleteWorkItemDialog, useEditAndDelete, WorkItemEditor } from './work-item-editing.tsx';
import { changedFields, valuesOf, type WorkItemValues } from './work-item-values.ts';
import { WorkItemRow } from './work-item-row.tsx';

const ProgressBar = ({ goal, progress }: { goal: Goal; progress: GoalProgress }) => {
  const percent = Math.round(progress.progress * 100);
  const { tasks, subtasks } = progress;
  return (
    <div className="goal-progress">
      <progress className="goal-progress__bar" max={100} value={percent} aria-label={`Progress of goal ${goal.title}`} />
      <span className="goal-progress__value" data-testid={`goal-progress-${goal.id}`}>
        {percent}%
      </span>
      <span className="goal-progress__counts">
        {tasks.total === 0
          ? 'No tasks yet'
          : `${tasks.completed} of ${tasks.total} tasks${subtasks.total > 0 ? ` · ${subtasks.completed} of ${subtasks.total} subtasks` : ''}`}
      </span>
    </div>
  );
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const deletionNote = (progress: GoalProgress | undefined): string => {
  if (!progress || progress.tasks.total === 0) return 'This cannot be undone.';
  const subtasks = progress.subtasks.total > 0 ? ` and ${plural(progress.subtasks.total, 'subtask')}` : '';
  return `Its ${plural(progress.tasks.total, 'task')}${subtasks} will be deleted too. This cannot be undone.`;
};

export const GoalItem = ({ goal, progress }: { goal: Goal; progress: GoalProgress | undefined }) => {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const bodyId = useId();
  const expanded = useAppSelector((state) => selectIsGoalExpanded(state, goal.id));
  const selectedGoalId = useAppSelector(selectSelectedGoalId);
  const selectedTaskId = useAppSelector(selectSelectedTaskId);
  const selected = selectedGoalId === goal.id && selectedTaskId === null;
  // Separate instances: a failed status change must not show up as an error in the edit form.
  const [changeStatus, statusChange] = useUpdateGoalMutation();
  const [saveGoal, edit] = useUpdateGoalMutation();
  const [deleteGoal, removal] = useDeleteGoalMutation();
  const { editing, confirming, startEditing, stopEditing, askToDelete, stopDeleting } = useEditAndDelete(edit, removal);

  const setStatus = async (status: WorkItemStatus) => {
    const result = await changeStatus({ item: goal, changes: { status } });
    if ('error' in result) {
      toast.error(errorMessage(result.error, 'Failed to update goal'));
      return;
    }
    statusPointsToast(toast, 'Goal', pointsTotal(goal), pointsTotal(result.data), status);
  };

  const save = async (values: WorkItemValues) => {
    const changes = changedFields(valuesOf(goal), values);
    if (Object.keys(changes).length === 0) return stopEditing();
    const result = await saveGoal({ item: goal, changes });
    if ('error' in result) return;
    stopEditing();
    if (changes.status) statusPointsToast(toast, 'Goal', pointsTotal(goal), pointsTotal(result.data), changes.status);
  };

  const remove = async () => {
    const result = await deleteGoal(goal);
    if (!('error' in result)) stopDeleting();
  };

  return (
    <li className={`work-item work-item--goal work-item--${goal.status}`}>
      <WorkItemRow
        kind="goal"
        item={goal}
        bodyId={bodyId}
        expanded={expanded}
        selected={selected}
        busy={statusChange.isLoading}
        footer={progress && <ProgressBar goal={goal} progress={progress} />}
        onToggleExpanded={() => dispatch(expanded ? goalCollapsed(goal.id) : goalExpanded(goal.id))}
        onSelect={() => dispatch(selected ? selectionCleared() : goalSelected(goal.id))}
        onStatusChange={(status) => void setStatus(status)}
        onComplete={() => void setStatus('completed')}
        onEdit={startEditing}
        onDelete={askToDelete}
      />
      {editing && (
        <WorkItemEditor
          kind="goal"
          title={goal.title}
          initial={valuesOf(goal)}
          pending={edit.isLoading}
          error={edit.error}
          onSubmit={(values) => void save(values)}
          onCancel={stopEditing}
        />
      )}
      {expanded && (
        <div id={bodyId} className="work-item__body">
          {goal.description && <p className="work-item__description">{goal.description}</p>}
          <TaskList goal={goal} />
        </div>
      )}
      {confirming && (
        <DeleteWorkItemDialog
          kind="goal"
          title={goal.title}
          pending={removal.isLoading}
          error={removal.error}
          onConfirm={() => void remove()}
          onCancel={stopDeleting}
        >
          <p>{deletionNote(progress)} Points already earned stay in your history.</p>
        </DeleteWorkItemDialog>
      )}
    </li>
  );
};
