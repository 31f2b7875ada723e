import { settingsDefaults, type Settings, type WeekStart } from '@tracker/contracts/settings/http';
import { calendarOrStart, todayInSettings } from '@tracker/domain/settings/calendar-changes';
import { startCalendar } from '@tracker/domain/time/user-calendar';
import { prepared, type ReadModelDb, type Row } from '../db.ts';

/** A row as the settings answer it, with today in the user's calendar at `at`. */
export const toSettings = (row: Row<'user_settings'>, at: Date): Settings => ({
  id: row.user_id,
  userId: row.user_id,
  timezone: row.timezone,
  weekStart: row.week_start,
  theme: row.theme,
  // Every status present, whatever a row written under fewer statuses holds.
  statusSettings: { ...settingsDefaults.statusSettings, ...row.status_settings },
  dayStartHour: row.day_start_hour,
  emailReminders: row.email_reminders,
  leaderboardVisible: row.leaderboard_visible,
  leaderboardName: row.leaderboard_name,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  ...todayInSettings(calendarOrStart(row.calendar, at, { zone: row.timezone, dayStartHour: row.day_start_hour }), at),
});

/**
 * A user's settings (one primary-key read), the defaults filled in, with today as of `at`: a user
 * the read model does not know yet has the defaults (spec.md §9).
 */
export const settingsOf = async (db: ReadModelDb, userId: string, at: Date): Promise<Settings> => {
  const row = await db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (row) return toSettings(row, at);
  const calendar = startCalendar(at, { zone: settingsDefaults.timezone, dayStartHour: settingsDefaults.dayStartHour });
  return { ...settingsDefaults, id: userId, userId, createdAt: null, updatedAt: null, ...todayInSettings(calendar, at) };
};

/** The day a user's weeks start on (one primary-key read; spec.md §9's default for a user the read model does not know yet). */
export const weekStartOf = async (db: ReadModelDb, userId: string): Promise<WeekStart> =>
  (await prepared(db, 'week_start', db.selectFrom('user_settings').select('week_start').where('user_id', '=', userId)))[0]?.week_start ??
  settingsDefaults.weekStart;
