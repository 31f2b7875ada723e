import type { GoalProgress } from '@tracker/contracts/goals/http';

export interface ProgressView {
  /** The bar's value and the figure beside it, 0–100. */
  percent: number;
  /** '1 of 2 tasks · 0 of 1 subtasks', or 'No tasks yet'. */
  counts: string;
  /** Said when the goal's status and its tasks disagree: 'Goal completed · 1 task still open'. */
  note: string | undefined;
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * What the bar under a goal shows. The server reports 1 for any completed goal, even one with open tasks,
 * so the share is counted here from the tasks and subtasks themselves: a goal whose tasks are all done
 * reads 100%, one with any open task never does (a share that would round up to 100 reads 99).
 */
export const progressView = ({ status, tasks, subtasks }: Pick<GoalProgress, 'status' | 'tasks' | 'subtasks'>): ProgressView => {
  const total = tasks.total + subtasks.total;
  const done = tasks.completed + subtasks.completed;
  const openTasks = tasks.total - tasks.completed;
  const openSubtasks = subtasks.total - subtasks.completed;
  if (total === 0) return { percent: status === 'completed' ? 100 : 0, counts: 'No tasks yet', note: undefined };
  const percent = done === total ? 100 : Math.min(99, Math.round((done / total) * 100));
  const counts = `${tasks.completed} of ${tasks.total} tasks${subtasks.total > 0 ? ` · ${subtasks.completed} of ${subtasks.total} subtasks` : ''}`;
  const open = [openTasks > 0 ? counted(openTasks, 'task') : '', openSubtasks > 0 ? counted(openSubtasks, 'subtask') : ''].filter(Boolean).join(' and ');
  const note = status === 'completed' && open ? `Goal completed · ${open} still open` : undefined;
  return { percent, counts, note };
};
