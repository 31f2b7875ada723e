/**
 * Calendar dates: YYYY-MM-DD strings, compared as strings. Arithmetic on them is done in UTC, where
 * no DST change can shift a day.
 */

/** A calendar date, YYYY-MM-DD. */
export type LocalDate = string;

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight UTC of a date: the one place a date becomes a Date. */
export const utcDay = (date: LocalDate): Date => new Date(`${date}T00:00:00.000Z`);

/** Whether a value is a real calendar date ('2026-02-30' is not). */
export const isLocalDate = (value: unknown): value is LocalDate =>
  typeof value === 'string' && LOCAL_DATE.test(value) && !Number.isNaN(utcDay(value).getTime()) && utcDay(value).toISOString().startsWith(value);

export const addDays = (date: LocalDate, days: number): LocalDate => {
  const moved = utcDay(date);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
};

/** Days from `start` to `end` (0 for the same day, negative when `end` is earlier). */
export const daysBetween = (start: LocalDate, end: LocalDate): number => Math.round((utcDay(end).getTime() - utcDay(start).getTime()) / 86_400_000);

/** 0 = Sunday … 6 = Saturday, as recurrence days count. */
export const weekdayOf = (date: LocalDate): number => utcDay(date).getUTCDay();

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
