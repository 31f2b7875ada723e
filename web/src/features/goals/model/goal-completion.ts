import type { GoalProgress, Subtask, Task } from '@tracker/contracts/goals/http';

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const both = (tasks: number, subtasks: number, adjective = '') =>
  [tasks > 0 ? counted(tasks, `${adjective}task`) : '', subtasks > 0 ? counted(subtasks, `${adjective}subtask`) : ''].filter(Boolean).join(' and ');

/** How many of a goal's tasks and subtasks are not completed, by its progress. */
export const openCounts = ({ tasks, subtasks }: Pick<GoalProgress, 'tasks' | 'subtasks'>) => ({
  tasks: tasks.total - tasks.completed,
  subtasks: subtasks.total - subtasks.completed,
});

/** Whether completing the goal should first ask about its open tasks and subtasks. */
export const hasOpenWork = (progress: Pick<GoalProgress, 'tasks' | 'subtasks'> | undefined): boolean => {
  if (!progress) return false;
  const open = openCounts(progress);
  return open.tasks + open.subtasks > 0;
};

/** The question's body: 'It still has 2 open tasks and 1 open subtask.' */
export const openWorkSentence = (progress: Pick<GoalProgress, 'tasks' | 'subtasks'>): string => {
  const open = openCounts(progress);
  return `It still has ${both(open.tasks, open.subtasks, 'open ')}.`;
};

/** The goal's tasks and subtasks that are not completed yet: what 'Complete all' completes, subtasks first. */
export const openWorkOf = (goalId: string, tasks: readonly Task[], subtasks: readonly Subtask[]) => ({
  subtasks: subtasks.filter((subtask) => subtask.goalId === goalId && subtask.status !== 'completed'),
  tasks: tasks.filter((task) => task.goalId === goalId && task.status !== 'completed'),
});

/** The toast after a cascade: 'Its 2 tasks and 1 subtask were completed too.' */
export const completedTooSentence = (tasks: number, subtasks: number): string | undefined =>
  tasks + subtasks === 0 ? undefined : `Its ${both(tasks, subtasks)} ${tasks + subtasks === 1 ? 'was' : 'were'} completed too.`;

/** The toast after its undo: 'Its 2 tasks and 1 subtask are open again.' */
export const reopenedTooSentence = (tasks: number, subtasks: number): string =>
  `Its ${both(tasks, subtasks)} ${tasks + subtasks === 1 ? 'is' : 'are'} open again.`;

/** A task's subtasks that are not completed yet: what 'Complete all' completes before the task. */
export const openSubtasksOf = (taskId: string, subtasks: readonly Subtask[]): Subtask[] =>
  subtasks.filter((subtask) => subtask.taskId === taskId && subtask.status !== 'completed');

/** The question's body for a task: 'It still has 2 open subtasks.' */
export const openSubtasksSentence = (open: number): string => `It still has ${both(0, open, 'open ')}.`;
