import type { ColumnType } from 'kysely';
import type { StatusSettings, Theme, WeekStart } from '@tracker/contracts/settings/http';
import type { UserCalendar } from '@tracker/domain/time/user-calendar';
import type { Timestamp } from '../db.ts';

/** jsonb: read back parsed; written as JSON text. */
export type StatusSettingsColumn = ColumnType<StatusSettings, string, string>;
/** jsonb, null in rows written before calendars were kept (migration 0011). */
export type CalendarColumn = ColumnType<UserCalendar | null, string | null | undefined, string | null>;

/** One row per registered user; the time zone is the user's (the profile's too). */
export interface UserSettingsTable {
  user_id: string;
  timezone: string;
  week_start: WeekStart;
  theme: Theme;
  status_settings: StatusSettingsColumn;
  /** 0–23: the hour the user's days start (from the day after a change). */
  day_start_hour: ColumnType<number, number | undefined, number>;
  /** Whether each reminder is also mailed (services/api/src/reminders). */
  email_reminders: ColumnType<boolean, boolean | undefined, boolean>;
  /** On the leaderboard (points.queries.ts leaderboard), under leaderboard_name or, null, the user's name. */
  leaderboard_visible: ColumnType<boolean, boolean | undefined, boolean>;
  leaderboard_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The user's days, folded from their stream (services/domain/src/settings/calendar-changes.ts). */
  calendar: CalendarColumn;
  created_at: Timestamp;
  /** When a setting or the time zone last changed. */
  updated_at: Timestamp;
}

export interface SettingsReadModels {
  user_settings: UserSettingsTable;
}

// The read models include these tables (the feature file names SettingsReadModels, which brings this file into every program that lists the features).
declare module '../db.ts' {
  interface ReadModels extends SettingsReadModels {}
}
