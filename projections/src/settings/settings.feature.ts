import * as settingsMigration from '../../migrations/2026-11-23-0006_settings.ts';
import * as userCalendarMigration from '../../migrations/2026-11-27-0011_user_calendar.ts';
import * as emailRemindersMigration from '../../migrations/2026-11-27-0015_email_reminders.ts';
import * as leaderboardPresenceMigration from '../../migrations/2026-11-27-0016_leaderboard_presence.ts';
import { defineReadModelFeature } from '../feature.ts';
import { settingsProjection } from './settings.projection.ts';
import type { SettingsReadModels } from './settings.tables.ts';

/** User settings (time zone, day start, week start, theme, status settings, reminder mail) and the user's calendar. */
export const settingsReadModels = defineReadModelFeature<SettingsReadModels>()({
  name: 'settings',
  projectors: [settingsProjection],
  owns: { user_settings: { user_settings: 'user_id' } },
  migrations: {
    '2026-11-23-0006_settings': settingsMigration,
    '2026-11-27-0011_user_calendar': userCalendarMigration,
    '2026-11-27-0015_email_reminders': emailRemindersMigration,
    '2026-11-27-0016_leaderboard_presence': leaderboardPresenceMigration,
  },
});
