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
 * What the bar under a goal shows: the server's share of the work done (contracts goals/progress.ts:
 * tasks weigh alike, an open task counts for its subtasks' share — the one rule both sides use). The
 * server's `progress` is 1 for any completed goal, even one with open tasks, so the bar reads the
 * share: a goal whose tasks are all done reads 100%, one with any open task never does (a share that
 * would round up to 100 reads 99).
 */
export const progressView = ({ status, tasks, subtasks, share }: Pick<GoalProgress, 'status' | 'tasks' | 'subtasks' | 'share'>): ProgressView => {
  const openTasks = tasks.total - tasks.completed;
  const openSubtasks = subtasks.total - subtasks.completed;
  if (tasks.total === 0) return { percent: status === 'completed' ? 100 : 0, counts: 'No tasks yet', note: undefined };
  const percent = openTasks === 0 ? 100 : Math.min(99, Math.round(share * 100));
  const counts = `${tasks.completed} of ${tasks.total} tasks${subtasks.total > 0 ? ` · ${subtasks.completed} of ${subtasks.total} subtasks` : ''}`;
  const open = [openTasks > 0 ? counted(openTasks, 'task') : '', openSubtasks > 0 ? counted(openSubtasks, 'subtask') : ''].filter(Boolean).join(' and ');
  const note = status === 'completed' && open ? `Goal completed · ${open} still open` : undefined;
  return { percent, counts, note };
};
