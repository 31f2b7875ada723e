import { settingsDefaults, type SettingsValues } from '@tracker/contracts/settings/http';
import { DEFAULT_DAY_START_HOUR } from '@tracker/contracts/constants';
import { calendarAfter, calendarOfRegistration, calendarOrStart, type CalendarEvent } from '@tracker/domain/settings/calendar-changes';
import { defineProjector } from '../projector.ts';
import type { NewRow, RowUpdate } from '../db.ts';

/** Each settings value's column. Exhaustive: a value added to the settings does not compile until it names its column. */
const columnOf = {
  timezone: 'timezone',
  weekStart: 'week_start',
  theme: 'theme',
  statusSettings: 'status_settings',
  dayStartHour: 'day_start_hour',
  emailReminders: 'email_reminders',
  leaderboardVisible: 'leaderboard_visible',
  leaderboardName: 'leaderboard_name',
} as const satisfies Record<keyof SettingsValues, keyof NewRow<'user_settings'>>;

type StoredSettings = Omit<SettingsValues, 'timezone' | 'leaderboardName'> & { timezone: string; leaderboardName: string | null };

/** The values that came after the first settings: a reset recorded before them stands for these. */
const defaultsOfLaterValues = { dayStartHour: DEFAULT_DAY_START_HOUR, emailReminders: false, leaderboardVisible: true, leaderboardName: null };

/** The columns of the values given (all of them: every column; some: those); one writer for registration, change and reset. */
function settingsColumns(values: StoredSettings): Pick<NewRow<'user_settings'>, (typeof columnOf)[keyof typeof columnOf]>;
function settingsColumns(values: Partial<StoredSettings>): RowUpdate<'user_settings'>;
function settingsColumns(values: Partial<StoredSettings>): RowUpdate<'user_settings'> {
  const columns: Record<string, unknown> = {};
  for (const key of Object.keys(columnOf) as Array<keyof typeof columnOf>) {
    const value = values[key];
    if (value !== undefined) columns[columnOf[key]] = key === 'statusSettings' ? JSON.stringify(value) : value;
  }
  return columns;
}

/**
 * user_settings: one row per user, from registration on (the defaults, in the zone the user
 * registered with). A profile's change of time zone is a change of the settings' time zone: they
 * are one value. The calendar (today, and what the days after it count in) is folded from the same
 * events and their instants only, so a rebuild folds the same one.
 */
export const settingsProjection = defineProjector({
  name: 'user_settings',
  handles: ['UserRegistered', 'UserProfileUpdated', 'UserSettingsUpdated', 'UserSettingsReset'],
  async apply(trx, event) {
    const at = event.metadata.occurredAt;
    /** `changes`, and the calendar after the event (a row from before calendars: begun at the event in the row's zone). */
    const update = async (userId: string, changes: RowUpdate<'user_settings'>, moves: Exclude<CalendarEvent, { type: 'UserRegistered' }> | undefined) => {
      const row = moves
        ? await trx.selectFrom('user_settings').select(['calendar', 'timezone', 'day_start_hour']).where('user_id', '=', userId).executeTakeFirst()
        : undefined;
      const calendar =
        row && moves ? calendarAfter(calendarOrStart(row.calendar, at, { zone: row.timezone, dayStartHour: row.day_start_hour }), moves, at) : undefined;
      await trx
        .updateTable('user_settings')
        .set({ ...changes, ...(calendar ? { calendar: JSON.stringify(calendar) } : {}), updated_at: at })
        .where('user_id', '=', userId)
        .execute();
    };
    switch (event.type) {
      case 'UserRegistered':
        await trx
          .insertInto('user_settings')
          .values({
            user_id: event.data.userId,
            ...settingsColumns({ ...settingsDefaults, timezone: event.data.timezone }),
            calendar: JSON.stringify(calendarOfRegistration(event, at)),
            created_at: at,
            updated_at: at,
          })
          .execute();
        return;
      case 'UserProfileUpdated':
        if (event.data.timezone !== undefined) await update(event.data.userId, { timezone: event.data.timezone }, event);
        return;
      case 'UserSettingsUpdated': {
        const { userId, ...changes } = event.data;
        const movesCalendar = changes.timezone !== undefined || changes.dayStartHour !== undefined;
        await update(userId, settingsColumns(changes), movesCalendar ? event : undefined);
        return;
      }
      case 'UserSettingsReset':
        // A reset recorded before a value existed meant that value's default then.
        await update(event.data.userId, settingsColumns({ ...defaultsOfLaterValues, ...event.data.settings }), event);
        return;
    }
  },
});
