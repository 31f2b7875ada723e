/**
 * Streams are `<category>-<id>`; these are the categories this application writes. `reset-<uuid>`
 * holds one forgot-password request (PasswordResetAsked).
 */
export const streamCategories = ['user', 'email', 'reset', 'goal', 'task', 'subtask', 'actionable', 'settings'] as const;
export type StreamCategory = (typeof streamCategories)[number];
