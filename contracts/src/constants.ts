/** Business constants (spec.md §9). */
export const DEFAULT_TIMEZONE = 'America/New_York';
export const DEFAULT_WEEK_START = 'sunday';
export const DEFAULT_THEME = 'system';
/** Days start at midnight unless the user says otherwise. */
export const DEFAULT_DAY_START_HOUR = 0;
export const DEFAULT_SUBSCRIPTION_STATUS = 'inactive';
export const DEFAULT_ROLE = 'user';
export const REQUEST_TIMEOUT_MS = 30_000;
export const TOAST_DURATION_MS = 5_000;
export const PERSIST_TIMEOUT_MS = 5_000;
export const RECENT_ACTIVITIES_LIMIT = 5;
export const LEADERBOARD_LIMIT = 10;
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt reads only the first 72 bytes; longer inputs are refused rather than silently truncated. */
export const PASSWORD_MAX_BYTES = 72;
