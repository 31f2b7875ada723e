import type { ActionableStatus, Recurrence } from '@tracker/contracts/actionables/http';
import { calendarOrStart } from '@tracker/domain/settings/calendar-changes';
import { settingsDefaults } from '@tracker/contracts/settings/http';
import { startCalendar, type UserCalendar } from '@tracker/domain/time/user-calendar';
import type { ReadModelDb } from '../db.ts';

/** Whose feed a secret opens: the user whose current feed has this hash, or undefined (one unique-index read). */
export const feedOwnerOf = async (db: ReadModelDb, secretHash: string): Promise<string | undefined> =>
  (await db.selectFrom('calendar_feeds').select('user_id').where('secret_hash', '=', secretHash).executeTakeFirst())?.user_id;

/** A to-do with a deadline, as the feed shows it. */
export interface FeedTodo {
  id: string;
  title: string;
  description: string;
  status: ActionableStatus;
  deadline: Date;
  completedAt: Date | null;
  updatedAt: Date;
}

/** A live, active habit, as the feed shows it. */
export interface FeedHabit {
  id: string;
  title: string;
  description: string;
  recurrence: Recurrence;
  startDate: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A freeze: all habits' (habitId null) or one's. */
export interface FeedFreeze {
  habitId: string | null;
  from: string;
  to: string;
}

/** What a feed shows besides the user's calendar. */
export interface FeedContents {
  todos: FeedTodo[];
  habits: FeedHabit[];
  freezes: FeedFreeze[];
}

/** The user's days as of `at` (one primary-key read; a user the read model does not know yet counts in the default zone). */
export const feedCalendarOf = async (db: ReadModelDb, userId: string, at: Date): Promise<UserCalendar> => {
  const settings = await db.selectFrom('user_settings').select(['timezone', 'day_start_hour', 'calendar']).where('user_id', '=', userId).executeTakeFirst();
  return settings
    ? calendarOrStart(settings.calendar, at, { zone: settings.timezone, dayStartHour: settings.day_start_hour })
    : startCalendar(at, { zone: settingsDefaults.timezone, dayStartHour: settingsDefaults.dayStartHour });
};

/**
 * What a user's calendar feed shows: their to-dos whose deadline lies in [`deadlinesFrom`,
 * `deadlinesTo`) (the deadline index), their active habits (the habit index) and the freezes that
 * end on or after `freezesFrom` (the user's freeze index).
 */
export const feedContentsOf = async (
  db: ReadModelDb,
  userId: string,
  window: { deadlinesFrom: Date; deadlinesTo: Date; freezesFrom: string },
): Promise<FeedContents> => {
  const [todos, habits, freezes] = await Promise.all([
    db
      .selectFrom('actionables')
      .select(['id', 'title', 'description', 'status', 'deadline', 'completed_at', 'updated_at'])
      .where('user_id', '=', userId)
      .where('deadline', '>=', window.deadlinesFrom)
      .where('deadline', '<', window.deadlinesTo)
      .where('is_habit', '=', false)
      .orderBy('deadline')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('actionables')
      .select(['id', 'title', 'description', 'recurrence', 'start_date', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .where('is_habit', '=', true)
      .where('active', '=', true)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('habit_freezes')
      .select(['habit_id', 'from_date', 'to_date'])
      .where('user_id', '=', userId)
      .where('to_date', '>=', window.freezesFrom)
      .orderBy('from_date')
      .orderBy('id')
      .execute(),
  ]);
  return {
    todos: todos.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      status: row.status,
      deadline: row.deadline!,
      completedAt: row.completed_at,
      updatedAt: row.updated_at,
    })),
    habits: habits.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      recurrence: row.recurrence,
      startDate: row.start_date,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    })),
    freezes: freezes.map((row) => ({ habitId: row.habit_id, from: row.from_date, to: row.to_date })),
  };
};
