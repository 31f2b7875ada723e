import {
  settingsDefaults,
  settingsStatuses,
  type SettingsBody,
  type SettingsValues,
  type StatusSettings,
  type StatusSettingsPatch,
} from '@tracker/contracts/settings/http';

/** Settings as a body left them: any field may be missing. */
export type SettingsChanges = SettingsBody;

/** The status settings `patch` leaves of `base`: per status, per field. */
export const mergeStatusSettings = (base: StatusSettings, patch: StatusSettingsPatch | undefined): StatusSettings => {
  const merged = { ...base };
  for (const status of settingsStatuses) merged[status] = { ...base[status], ...withoutUndefined(patch?.[status] ?? {}) };
  return merged;
};

/** `changes` over `base`; statusSettings merges per status and field. */
export const mergeSettings = (base: SettingsValues, changes: SettingsChanges): SettingsValues => ({
  timezone: changes.timezone ?? base.timezone,
  weekStart: changes.weekStart ?? base.weekStart,
  theme: changes.theme ?? base.theme,
  statusSettings: mergeStatusSettings(base.statusSettings, changes.statusSettings),
  dayStartHour: changes.dayStartHour ?? base.dayStartHour,
  emailReminders: changes.emailReminders ?? base.emailReminders,
  leaderboardVisible: changes.leaderboardVisible ?? base.leaderboardVisible,
  // null is a value here (back to the user's own name), not "unchanged".
  leaderboardName: changes.leaderboardName === undefined ? base.leaderboardName : changes.leaderboardName,
});

/** What a replacing body stands for: what it gives, the defaults for the rest. */
export const replacedSettings = (body: SettingsChanges): SettingsValues => mergeSettings(settingsDefaults, body);

const sameStatusSettings = (a: StatusSettings, b: StatusSettings): boolean =>
  settingsStatuses.every(
    (status) => a[status].priority === b[status].priority && a[status].visible === b[status].visible && a[status].color === b[status].color,
  );

/** The fields of `next` that differ from `current` (statusSettings whole, when any part differs). */
export const settingsDiff = (current: SettingsValues, next: SettingsValues): Partial<SettingsValues> => ({
  ...(next.timezone !== current.timezone ? { timezone: next.timezone } : {}),
  ...(next.weekStart !== current.weekStart ? { weekStart: next.weekStart } : {}),
  ...(next.theme !== current.theme ? { theme: next.theme } : {}),
  ...(sameStatusSettings(current.statusSettings, next.statusSettings) ? {} : { statusSettings: next.statusSettings }),
  ...(next.dayStartHour !== current.dayStartHour ? { dayStartHour: next.dayStartHour } : {}),
  ...(next.emailReminders !== current.emailReminders ? { emailReminders: next.emailReminders } : {}),
  ...(next.leaderboardVisible !== current.leaderboardVisible ? { leaderboardVisible: next.leaderboardVisible } : {}),
  ...(next.leaderboardName !== current.leaderboardName ? { leaderboardName: next.leaderboardName } : {}),
});

const withoutUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
