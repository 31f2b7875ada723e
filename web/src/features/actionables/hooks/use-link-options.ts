import type { SelectOption } from '../../../components/form/select-field.tsx';
import { useGetLinkGoalsQuery, useGetLinkSubtasksQuery, useGetLinkTasksQuery } from '../api/actionables.api.ts';

export interface LinkOptions {
  goals: SelectOption[];
  tasks: SelectOption[];
  subtasks: SelectOption[];
  loading: boolean;
}

const none: SelectOption = { value: '', label: 'None' };

/**
 * The goals, tasks and subtasks an actionable can point at, as select options ("Buy shoes · Build
 * base mileage" names a subtask's task). Asked afresh whenever a form opens: they are edited on
 * another screen. An item already linked but gone from the lists keeps an option of its own.
 */
export const useLinkOptions = (linked: { goalId: string; taskId: string; subtaskId: string }): LinkOptions => {
  const options = { refetchOnMountOrArgChange: true };
  const goals = useGetLinkGoalsQuery(undefined, options);
  const tasks = useGetLinkTasksQuery(undefined, options);
  const subtasks = useGetLinkSubtasksQuery(undefined, options);
  const goalTitle = new Map((goals.data ?? []).map((goal) => [goal.id, goal.title]));
  const taskTitle = new Map((tasks.data ?? []).map((task) => [task.id, task.title]));
  const withKept = (list: SelectOption[], id: string): SelectOption[] =>
    id && !list.some((option) => typeof option !== 'string' && option.value === id) ? [...list, { value: id, label: 'Linked item (not found)' }] : list;
  return {
    goals: [
      none,
      ...withKept(
        (goals.data ?? []).map((goal) => ({ value: goal.id, label: goal.title })),
        linked.goalId,
      ),
    ],
    tasks: [
      none,
      ...withKept(
        (tasks.data ?? []).map((task) => ({ value: task.id, label: `${task.title} · ${goalTitle.get(task.goalId) ?? 'goal'}` })),
        linked.taskId,
      ),
    ],
    subtasks: [
      none,
      ...withKept(
        (subtasks.data ?? []).map((subtask) => ({ value: subtask.id, label: `${subtask.title} · ${taskTitle.get(subtask.taskId) ?? 'task'}` })),
        linked.subtaskId,
      ),
    ],
    loading: goals.isLoading || tasks.isLoading || subtasks.isLoading,
  };
};
