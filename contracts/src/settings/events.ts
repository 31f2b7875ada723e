import { z } from 'zod';
import { defineEvent } from '../common/events.ts';
import { id, storedText } from '../common/fields.ts';
import { dayStartHour, emailReminders, leaderboardVisible, statusSettings, theme, weekStart } from './http.ts';

// Settings live in the user's stream (`user-<id>`): their time zone is the user's time zone, which
// the profile also sets, so one stream (one decider) keeps the two from ever disagreeing. A time
// zone change applies to days counted from then on: events already recorded keep their local dates.

/**
 * The settings values as stored: a zone is text here (a zone an old event named must still decode);
 * `dayStartHour`, `emailReminders` and the leaderboard's two came later: a reset recorded before them
 * has none (it meant 0, the only day start then, no reminder mail, and on the leaderboard by name).
 */
const storedSettings = z.object({
  timezone: storedText,
  weekStart,
  theme,
  statusSettings,
  dayStartHour: dayStartHour.optional(),
  emailReminders: emailReminders.optional(),
  leaderboardVisible: leaderboardVisible.optional(),
  leaderboardName: storedText.nullable().optional(),
});

/** Only what changed; statusSettings, when it changed, as the whole map after the change. */
export const userSettingsUpdated = defineEvent('UserSettingsUpdated', storedSettings.partial().extend({ userId: id }));
/** Back to the defaults, recorded as the values they were then (a later change of defaults rewrites nothing). */
export const userSettingsReset = defineEvent('UserSettingsReset', z.object({ userId: id, settings: storedSettings }));

export const settingsEvents = [userSettingsUpdated, userSettingsReset] as const;
export type SettingsEvent = z.infer<(typeof settingsEvents)[number]>;
