import { settingsDefaults } from '@tracker/contracts/settings/http';
import { DEFAULT_DAY_START_HOUR } from '@tracker/contracts/constants';
import { calendarAfter, calendarOfRegistration, calendarOrStart, type CalendarEvent } from '@tracker/domain/settings/calendar-changes';
import { defineProjector } from '../projector.ts';
import type { RowUpdate } from '../db.ts';

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
      case 'UserRegistered': {
        const { statusSettings, weekStart, theme, dayStartHour, emailReminders, leaderboardVisible, leaderboardName } = settingsDefaults;
        await trx
          .insertInto('user_settings')
          .values({
            user_id: event.data.userId,
            timezone: event.data.timezone,
            week_start: weekStart,
            theme,
            status_settings: JSON.stringify(statusSettings),
            day_start_hour: dayStartHour,
            email_reminders: emailReminders,
            leaderboard_visible: leaderboardVisible,
            leaderboard_name: leaderboardName,
            calendar: JSON.stringify(calendarOfRegistration(event, at)),
            created_at: at,
            updated_at: at,
          })
          .execute();
        return;
      }
      case 'UserProfileUpdated':
        if (event.data.timezone !== undefined) await update(event.data.userId, { timezone: event.data.timezone }, event);
        return;
      case 'UserSettingsUpdated': {
        const { userId, timezone, weekStart, theme, statusSettings, dayStartHour, emailReminders, leaderboardVisible, leaderboardName } = event.data;
        const movesCalendar = timezone !== undefined || dayStartHour !== undefined;
        await update(
          userId,
          {
            ...(timezone !== undefined ? { timezone } : {}),
            ...(weekStart !== undefined ? { week_start: weekStart } : {}),
            ...(theme !== undefined ? { theme } : {}),
            ...(statusSettings !== undefined ? { status_settings: JSON.stringify(statusSettings) } : {}),
            ...(dayStartHour !== undefined ? { day_start_hour: dayStartHour } : {}),
            ...(emailReminders !== undefined ? { email_reminders: emailReminders } : {}),
            ...(leaderboardVisible !== undefined ? { leaderboard_visible: leaderboardVisible } : {}),
            ...(leaderboardName !== undefined ? { leaderboard_name: leaderboardName } : {}),
          },
          movesCalendar ? event : undefined,
        );
        return;
      }
      case 'UserSettingsReset': {
        const {
          timezone,
          weekStart,
          theme,
          statusSettings,
          dayStartHour = DEFAULT_DAY_START_HOUR,
          emailReminders = false,
          leaderboardVisible = true,
          leaderboardName = null,
        } = event.data.settings;
        await update(
          event.data.userId,
          {
            timezone,
            week_start: weekStart,
            theme,
            status_settings: JSON.stringify(statusSettings),
            day_start_hour: dayStartHour,
            email_reminders: emailReminders,
            leaderboard_visible: leaderboardVisible,
            leaderboard_name: leaderboardName,
          },
          event,
        );
        return;
      }
    }
  },
});
