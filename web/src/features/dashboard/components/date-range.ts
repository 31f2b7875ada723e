import { weekStarts, type WeekStart } from '@tracker/contracts/settings/http';

/**
 * Calendar dates (YYYY-MM-DD strings, compared as strings) in the user's zone: the server counts
 * points per local day of the user's zone, so the dashboard asks for ranges in it too, whatever
 * zone this device is in. Arithmetic on dates is done in UTC, where no DST change shifts a day.
 */
export type LocalDate = string;

export interface DateRange {
  startDate: LocalDate;
  endDate: LocalDate;
}

/** spec.md §9: the last 7 days up to today; the heatmap shows the last 365. */
export const DEFAULT_RANGE_DAYS = 7;
export const HEATMAP_DAYS = 365;
/** The server refuses longer ranges (contracts' MAX_RANGE_DAYS). */
export const MAX_RANGE_DAYS = 400;

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const utcDay = (date: LocalDate): Date => new Date(`${date}T00:00:00.000Z`);

export const isLocalDate = (value: unknown): value is LocalDate =>
  typeof value === 'string' && LOCAL_DATE.test(value) && !Number.isNaN(utcDay(value).getTime()) && utcDay(value).toISOString().startsWith(value);

/** The local date of an instant in a zone ('en-CA' formats as YYYY-MM-DD). */
export const localDateIn = (zone: string, instant: Date = new Date()): LocalDate =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

export const addDays = (date: LocalDate, days: number): LocalDate => {
  const moved = utcDay(date);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
};

/** Days from `start` to `end`, both included. */
export const daysInRange = ({ startDate, endDate }: DateRange): number =>
  Math.round((utcDay(endDate).getTime() - utcDay(startDate).getTime()) / 86_400_000) + 1;

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: LocalDate): number => utcDay(date).getUTCDay();

/** The row of a date in a week that starts on `weekStart` (0 = the first day of the week). */
export const dayOfWeek = (date: LocalDate, weekStart: WeekStart): number => (weekdayOf(date) - weekStarts.indexOf(weekStart) + 7) % 7;

/** The last `days` days up to `today`, both ends included. */
export const lastDays = (today: LocalDate, days: number): DateRange => ({ startDate: addDays(today, -(days - 1)), endDate: today });

export const defaultRange = (today: LocalDate): DateRange => lastDays(today, DEFAULT_RANGE_DAYS);

/** Why a range cannot be asked for, or undefined when it can. */
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

const formats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date as the words for it ('Mon, Nov 23, 2026'), the same in every zone. */
export const formatLocalDate = (
  date: LocalDate,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
): string => {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format.format(utcDay(date));
};

/** An instant as date and time in the user's zone. */
export const formatMomentIn = (iso: string, zone: string): string => {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(instant);
};
