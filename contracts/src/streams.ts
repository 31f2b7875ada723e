/**
 * Streams are `<category>-<id>`; these are the categories this application writes. `reset-<uuid>`
 * holds one forgot-password request (PasswordResetAsked); `import-<uuid>` one import of actionables
 * (ActionablesImported).
 */
export const streamCategories = ['user', 'email', 'reset', 'goal', 'task', 'subtask', 'actionable', 'import', 'settings'] as const;
export type StreamCategory = (typeof streamCategories)[number];
