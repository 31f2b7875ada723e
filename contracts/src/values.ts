import { DEFAULT_DAY_START_HOUR, DEFAULT_THEME, DEFAULT_TIMEZONE, DEFAULT_WEEK_START } from './constants.ts';
import type { SettingsValues } from './settings/http.ts';

/**
 * The lists and defaults the schemas are built from, in a module without zod: the web app's first
 * screen reads them (the statuses' order, the themes, the settings' defaults, the stored session's
 * checks) and must not load a schema module, and zod with it, to get a constant (docs/ARCHITECTURE.md,
 * "Web: code-splitting and bundle budget"). The http modules export them beside their schemas.
 */
export const actionableStatuses = ['pending', 'in-progress', 'completed', 'not-approached'] as const;
export const workItemStatuses = ['pending', 'in-progress', 'completed'] as const;
/** The statuses a user orders and shows: every actionable status (goals and tasks use three of them). */
export const settingsStatuses = actionableStatuses;
export const roles = ['user', 'admin'] as const;
export const subscriptionStatuses = ['inactive', 'trial', 'active', 'cancelled'] as const;
export const weekStarts = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const themes = ['system', 'light', 'dark'] as const;

/** spec.md §9: the colour every status is sent with. */
export const STATUS_COLOR = '#6366F1';

/** spec.md §9 defaults: in-progress first, then pending, not-approached, completed; all shown, one colour. */
export const settingsDefaults: SettingsValues = {
  timezone: DEFAULT_TIMEZONE,
  weekStart: DEFAULT_WEEK_START,
  theme: DEFAULT_THEME,
  dayStartHour: DEFAULT_DAY_START_HOUR,
  emailReminders: false,
  leaderboardVisible: true,
  leaderboardName: null,
  statusSettings: {
    'in-progress': { priority: 1, visible: true, color: STATUS_COLOR },
    pending: { priority: 2, visible: true, color: STATUS_COLOR },
    'not-approached': { priority: 3, visible: true, color: STATUS_COLOR },
    completed: { priority: 4, visible: true, color: STATUS_COLOR },
  },
};
