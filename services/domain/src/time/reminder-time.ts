import { DateTime } from 'luxon';
import { addDays } from './local-date.ts';
import type { UserCalendar } from './user-calendar.ts';

/*
 * When a reminder set for a time of day (HH:mm) fires on one of the user's days. The rule:
 * - it is that wall-clock time on the day's date in the day's zone; a time before the day-start
 *   hour belongs to the day's tail, so it is that time on the next calendar date (days starting at
 *   04:00: a 02:00 reminder fires at 02:00 the night after);
 * - a time that a DST change skips (02:30 on a spring-forward night, when the clock jumps from
 *   02:00 to 03:00) fires at the first instant after the skipped hour: the jump itself (03:00);
 * - a time the clock shows twice (01:30 on a fall-back night) fires the first time;
 * - it never fires outside the day it belongs to (a day shortened by a zone change keeps only the
 *   reminders that fall in it).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The wall-clock minutes of the day at `at` in `zone`, and its date. */
const wallAt = (at: number, zone: string): { date: string; minutes: number } => {
  const local = DateTime.fromMillis(at, { zone });
  return { date: local.toISODate()!, minutes: local.hour * 60 + local.minute };
};

/** The instant a reminder at `time` (HH:mm) fires on the calendar's day, or null when that day does not hold it. */
export const reminderInstant = (calendar: Pick<UserCalendar, 'day' | 'startedAt' | 'endsAt' | 'rule'>, time: string): Date | null => {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const { zone, dayStartHour } = calendar.rule;
  const date = hour < dayStartHour ? addDays(calendar.day, 1) : calendar.day;
  const wanted = hour * 60 + minute;
  const asked = DateTime.fromISO(date, { zone }).set({ hour, minute, second: 0, millisecond: 0 });
  if (!asked.isValid) return null;
  let at = asked.toMillis();
  // Luxon moves a skipped time forward by the gap's length (02:30 → 03:30): step back to the jump.
  while (wallAt(at - MINUTE_MS, zone).date === date && wallAt(at - MINUTE_MS, zone).minutes >= wanted) at -= MINUTE_MS;
  // A time shown twice: the earlier showing, when the hour before also reads it.
  const earlier = wallAt(at - HOUR_MS, zone);
  if (earlier.date === date && earlier.minutes === wanted) at -= HOUR_MS;
  if (at < Date.parse(calendar.startedAt) || at >= Date.parse(calendar.endsAt)) return null;
  return new Date(at);
};
