/** Streams are `<category>-<id>`; these are the categories this application writes. */
export const streamCategories = ['user', 'email', 'goal', 'task', 'subtask', 'actionable', 'settings'] as const;
export type StreamCategory = (typeof streamCategories)[number];
