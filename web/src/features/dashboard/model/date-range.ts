import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS } from '@tracker/contracts/points/http';
import type { WeekStart } from '@tracker/contracts/settings/http';
import { weekStarts } from '@tracker/contracts/values';
import { addDays, daysBetween, isLocalDate, weekdayOf, type LocalDate } from '../../../lib/dates/local-date.ts';

/**
 * The dashboard's ranges of calendar dates in the user's zone: the server counts points per local
 * day of the user's zone, so the dashboard asks for ranges in it too, whatever zone this device is in.
 */
export interface DateRange {
  startDate: LocalDate;
  endDate: LocalDate;
}

/** Days from `start` to `end`, both included. */
export const daysInRange = ({ startDate, endDate }: DateRange): number => daysBetween(startDate, endDate) + 1;

/** The row of a date in a week that starts on `weekStart` (0 = the first day of the week). */
export const dayOfWeek = (date: LocalDate, weekStart: WeekStart): number => (weekdayOf(date) - weekStarts.indexOf(weekStart) + 7) % 7;

/** The last `days` days up to `today`, both ends included. */
export const lastDays = (today: LocalDate, days: number): DateRange => ({ startDate: addDays(today, -(days - 1)), endDate: today });

/** spec.md §9: the last 7 days up to today. */
export const defaultRange = (today: LocalDate): DateRange => lastDays(today, DEFAULT_RANGE_DAYS);

/** Why a range cannot be asked for, or undefined when it can (the server refuses more than MAX_RANGE_DAYS). */
export const rangeProblem = (range: Partial<DateRange>): string | undefined => {
  if (!isLocalDate(range.startDate)) return 'Choose a start date.';
  if (!isLocalDate(range.endDate)) return 'Choose an end date.';
  if (range.endDate < range.startDate) return 'The end date must not be before the start date.';
  if (daysInRange({ startDate: range.startDate, endDate: range.endDate }) > MAX_RANGE_DAYS) return `Choose at most ${MAX_RANGE_DAYS} days.`;
  return undefined;
};

/** The range in the page's address when it is a valid one, else the last 7 days. */
export const rangeFrom = (params: { from: string | null; to: string | null }, today: LocalDate): DateRange => {
  const asked = { startDate: params.from ?? undefined, endDate: params.to ?? undefined };
  return rangeProblem(asked) === undefined ? (asked as DateRange) : defaultRange(today);
};
