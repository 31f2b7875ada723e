import { z } from 'zod';
import { calendarDate, id, isoDateTime } from '../common/fields.ts';

/** One reminder of the user's today: an open item whose reminder time falls in it. */
export const reminder = z.object({
  /** The item (a to-do or a habit). */
  id,
  title: z.string(),
  isHabit: z.boolean(),
  /** The reminder time as set (HH:mm, in the user's zone). */
  time: z.string(),
  /** The instant it fires (a time a DST change skips: the first instant after the gap). */
  at: isoDateTime,
});
export type Reminder = z.infer<typeof reminder>;

/**
 * GET /reminders/today: the reminders of the user's today, earliest first — to-dos due today not
 * completed, habits due today (scheduled, not done, not frozen) — each with the instant it fires.
 */
export const remindersTodayResponse = z.object({
  date: calendarDate,
  /** When today ends: the list is asked for again then. */
  endsAt: isoDateTime,
  reminders: z.array(reminder),
});
export type RemindersTodayResponse = z.infer<typeof remindersTodayResponse>;
