import { z } from 'zod';
import { calendarDate, id, isoDateTime, requiredText, timezone, wholeNumber } from '../common/fields.ts';
import { settingsStatuses, STATUS_COLOR, themes, weekStarts } from '../values.ts';

// The lists and defaults live apart from the schemas, so the web app's first screen reads them without zod.
export { settingsDefaults } from '../values.ts';
export { settingsStatuses, STATUS_COLOR, themes, weekStarts };

export const weekStart = z.enum(weekStarts, { message: `must be one of ${weekStarts.join(', ')}` });
export type WeekStart = z.infer<typeof weekStart>;

export const theme = z.enum(themes, { message: `must be one of ${themes.join(', ')}` });
export type Theme = z.infer<typeof theme>;

/** The hour (0–23, local) at which the user's days start: a completion before it counts for the day before. */
export const dayStartHour = wholeNumber(0, 23, 'must be a whole number of hours from 0 to 23');

/** Whether the user is mailed each reminder (at the item's reminder time, in the user's zone); off unless turned on. */
export const emailReminders = z.boolean({ message: 'must be true or false' });

/** Whether the user appears on the leaderboard (issue 19: it showed every user's full name with no way out). */
export const leaderboardVisible = z.boolean({ message: 'must be true or false' });
/** The name the leaderboard shows for the user; null: their own name. */
export const leaderboardName = requiredText(40).nullable();

export type SettingsStatus = (typeof settingsStatuses)[number];

/** 1 is shown first; one rank per status. */
export const statusPriority = wholeNumber(1, settingsStatuses.length, `must be a whole number from 1 (first) to ${settingsStatuses.length}`);
export const statusColor = z
  .string({ message: 'must be a hex colour like #6366F1' })
  .regex(/^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/, 'must be a hex colour like #6366F1');
const visible = z.boolean({ message: 'must be true or false' });

/** How one status is ordered and shown. */
export const statusSetting = z.object({ priority: statusPriority, visible, color: statusColor });
export type StatusSetting = z.infer<typeof statusSetting>;
/** The map from every status to its setting (spec.md §3 `statusSettings`). */
export const statusSettings = z.object({
  pending: statusSetting,
  'in-progress': statusSetting,
  completed: statusSetting,
  'not-approached': statusSetting,
});
export type StatusSettings = z.infer<typeof statusSettings>;

/** What a user sets: the part of the settings that events record. `timezone` is the user's time zone (the profile's too). */
export const settingsValues = z.object({ timezone, weekStart, theme, statusSettings, dayStartHour, emailReminders, leaderboardVisible, leaderboardName });
export type SettingsValues = z.infer<typeof settingsValues>;

/** The user's today, as every route counts it: the day's date, when it ends, the zone and day-start hour it counts in. */
export const settingsToday = z.object({
  date: calendarDate,
  /** The instant the day ends (exclusive): the screens ask again then. */
  endsAt: isoDateTime,
  timezone: z.string(),
  dayStartHour,
});
/** What the days after today count in, when a change made today waits for today's end. */
export const settingsNext = z.object({ timezone: z.string(), dayStartHour });

/** The settings as GET /settings answers them (spec.md §3 User settings). `id` is the user's id: one settings document per user. */
export const settings = settingsValues.extend({
  timezone: z.string(),
  id,
  userId: id,
  /** Null until the read model has the user (never for a registered user once settled). */
  createdAt: isoDateTime.nullable(),
  updatedAt: isoDateTime.nullable(),
  /** Today in the user's calendar (a zone or day-start change applies when today ends; see `next`). */
  today: settingsToday,
  /** The zone and day-start hour from tomorrow on, when they differ from today's; null when nothing waits. */
  next: settingsNext.nullable(),
});
export type Settings = z.infer<typeof settings>;
export const settingsResponse = z.object({ settings });
export type SettingsResponse = z.infer<typeof settingsResponse>;

/**
 * Status settings in a body: any of the four statuses, each with any of its fields. What a body
 * leaves out comes from the defaults (PUT: replace) or from the current settings (PATCH: merge).
 * Unknown keys (other statuses, id, userId, createdAt…) are dropped, as in every body.
 */
export const statusSettingPatch = statusSetting.partial();
export type StatusSettingPatch = z.infer<typeof statusSettingPatch>;
export const statusSettingsPatch = z.object({
  pending: statusSettingPatch.optional(),
  'in-progress': statusSettingPatch.optional(),
  completed: statusSettingPatch.optional(),
  'not-approached': statusSettingPatch.optional(),
});
export type StatusSettingsPatch = z.infer<typeof statusSettingsPatch>;

/**
 * PUT /settings (replace: every field left out takes its default, timezone included) and PATCH
 * /settings (merge: fields left out keep their value; statusSettings merges per status and field).
 */
export const settingsBody = z.object({
  timezone: timezone.optional(),
  weekStart: weekStart.optional(),
  theme: theme.optional(),
  statusSettings: statusSettingsPatch.optional(),
  dayStartHour: dayStartHour.optional(),
  emailReminders: emailReminders.optional(),
  leaderboardVisible: leaderboardVisible.optional(),
  leaderboardName: leaderboardName.optional(),
});
export type SettingsBody = z.infer<typeof settingsBody>;

/** PUT /settings/status: replaces the status settings (statuses and fields left out take their defaults). */
export const statusSettingsBody = z.object({ statusSettings: statusSettingsPatch });
export type StatusSettingsBody = z.infer<typeof statusSettingsBody>;
/** PUT /settings/timezone: the user's IANA time zone (the profile's too). */
export const timezoneBody = z.object({ timezone });
export const weekStartBody = z.object({ weekStart });
