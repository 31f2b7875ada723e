/**
 * How far a goal is, one rule for the server's GET /goals/progress and the web's bars: each task
 * weighs the same; a task done counts whole, and one not done yet counts for its finished subtasks
 * out of its subtasks and itself (finishing the task is its last step, so all subtasks done is not
 * the task done). A finished subtask so moves the goal by its part of one task: it moved it as much
 * as a whole task did when tasks and subtasks were counted alike.
 */
export interface TaskWork {
  completed: boolean;
  subtasks: { total: number; completed: number };
}

/** The share of a goal's work done, 0–1 to four decimals; 0 without tasks. */
export const workShare = (tasks: readonly TaskWork[]): number => {
  if (tasks.length === 0) return 0;
  const done = tasks.reduce((sum, task) => sum + (task.completed ? 1 : task.subtasks.completed / (task.subtasks.total + 1)), 0);
  return Math.round((done / tasks.length) * 10_000) / 10_000;
};
