import type { WorkItemStatus } from '@tracker/contracts/goals/http';

/** How an item stands under the filters: shown as a match, shown dimmed as the way to a match below it, or hidden. */
export type FilterVerdict = 'match' | 'contains-match' | 'hidden';

export interface Filterable {
  id: string;
  status: WorkItemStatus;
  priority: number;
}

/** Every task and subtask, for finding the goals and tasks that lead to a match. */
export interface WorkItemTree {
  tasks: ReadonlyArray<Filterable & { goalId: string }>;
  subtasks: ReadonlyArray<Filterable & { taskId: string; goalId: string }>;
}

/**
 * The ids of the goals and tasks that hold a matching task or subtask somewhere below them. A parent the
 * filters leave out stays on screen (dimmed) when it is in this set, so the matching child can be reached.
 */
export const parentsOfMatches = (tree: WorkItemTree, matches: (item: Filterable) => boolean): Set<string> => {
  const parents = new Set<string>();
  for (const subtask of tree.subtasks) {
    if (!matches(subtask)) continue;
    parents.add(subtask.taskId);
    parents.add(subtask.goalId);
  }
  for (const task of tree.tasks) if (matches(task)) parents.add(task.goalId);
  return parents;
};

export const filterVerdict = (item: Filterable, matches: (item: Filterable) => boolean, parentsOfMatches: ReadonlySet<string>): FilterVerdict =>
  matches(item) ? 'match' : parentsOfMatches.has(item.id) ? 'contains-match' : 'hidden';
