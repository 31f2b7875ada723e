/** The levels of the tree: a goal holds tasks, a task holds subtasks. */
export type WorkItemKind = 'goal' | 'task' | 'subtask';
