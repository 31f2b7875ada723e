import { sql } from 'kysely';
import type { Reminder } from '@tracker/contracts/reminders/http';
import { calendarOrStart } from '@tracker/domain/settings/calendar-changes';
import { reminderInstant } from '@tracker/domain/time/reminder-time';
import { calendarAt, type UserCalendar } from '@tracker/domain/time/user-calendar';
import { habitFactsOf, localDayBounds, toActionable } from '../actionables/actionables.queries.ts';
import { isScheduledOn, scheduleOf } from '../actionables/habit-today.ts';
import type { ReadModelDb } from '../db.ts';

/** A user's reminders for their day in force at some instant. */
export interface RemindersOfDay {
  calendar: UserCalendar;
  reminders: Reminder[];
}

/** The user's calendar at `at` (one primary-key read; a user the read model does not know yet has none). */
const calendarOfUser = async (db: ReadModelDb, userId: string, at: Date): Promise<UserCalendar | undefined> => {
  const row = await db.selectFrom('user_settings').select(['calendar', 'timezone', 'day_start_hour']).where('user_id', '=', userId).executeTakeFirst();
  return row && calendarAt(calendarOrStart(row.calendar, at, { zone: row.timezone, dayStartHour: row.day_start_hour }), at);
};

/**
 * The reminders of the user's day in force at `at`, earliest first: to-dos with a reminder time
 * whose deadline falls on that day and that are not completed; active habits with one that the day
 * is scheduled for and that are still due (not done, not frozen — what their card says). Each fires
 * at `reminderInstant` (services/domain/src/time/reminder-time.ts); one the day does not hold is left
 * out, and so is one whose item was created or changed after that instant (a reminder set for a time
 * already past does not fire at once: it waits for its next day).
 */
export const remindersOfDay = async (db: ReadModelDb, userId: string, at: Date): Promise<RemindersOfDay | undefined> => {
  const calendar = await calendarOfUser(db, userId, at);
  if (!calendar) return undefined;
  const { start, end } = localDayBounds(calendar.day, calendar.rule.zone);
  const rows = await db
    .selectFrom('actionables')
    .selectAll()
    .where('user_id', '=', userId)
    .where('reminder_time', 'is not', null)
    .where('status', '<>', 'completed')
    .where((eb) =>
      eb.or([
        eb.and([eb('is_habit', '=', false), eb('deadline', '>=', start), eb('deadline', '<', end)]),
        eb.and([eb('is_habit', '=', true), eb('active', '=', true)]),
      ]),
    )
    .execute();
  const facts = await habitFactsOf(db, userId, rows);
  const reminders = rows.flatMap((row): Reminder[] => {
    if (row.is_habit) {
      const answer = toActionable(row, calendar.day, facts.get(row.id));
      if (!isScheduledOn(scheduleOf(row), calendar.day) || answer.habitToday?.state !== 'due') return [];
    }
    const fires = reminderInstant(calendar, row.reminder_time!);
    // Set (or the item changed) after its time today: it waits for its next day, as a reminder set for a past time does.
    if (!fires || fires.getTime() < row.updated_at.getTime()) return [];
    return [{ id: row.id, title: row.title, isHabit: row.is_habit, time: row.reminder_time!, at: fires.toISOString() }];
  });
  return { calendar, reminders: reminders.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id)) };
};

/** The users who turned reminder mail on and have an open item with a reminder time (two partial indexes). */
export const usersMailedReminders = async (db: ReadModelDb): Promise<Array<{ userId: string; email: string; name: string }>> =>
  (
    await db
      .selectFrom('user_settings as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.user_id', 'u.email', 'u.name'])
      .where('s.email_reminders', '=', true)
      .where('u.is_active', '=', true)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('actionables as a')
            .select(sql`1`.as('one'))
            .whereRef('a.user_id', '=', 's.user_id')
            .where('a.reminder_time', 'is not', null)
            .where('a.status', '<>', 'completed'),
        ),
      )
      .execute()
  ).map((row) => ({ userId: row.user_id, email: row.email, name: row.name }));

/** Whether the user still wants reminder mail (and is an active account). */
export const mailsReminders = async (db: ReadModelDb, userId: string): Promise<{ email: string; name: string } | undefined> =>
  db
    .selectFrom('user_settings as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.email', 'u.name'])
    .where('s.user_id', '=', userId)
    .where('s.email_reminders', '=', true)
    .where('u.is_active', '=', true)
    .executeTakeFirst();
