import { DateTime } from 'luxon';
import { FIRST_DAY, LAST_DAY } from '@tracker/contracts/common/fields';

// The server's one calendar: what a local date is, the local date of an instant (`localDateOf`) and
// today in the user's zone (`clockAt`, which a command's context carries, computed once).

/** A calendar date, YYYY-MM-DD, in some zone. */
export type LocalDate = string;

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The calendar date at `instant` in `zone` (IANA), as YYYY-MM-DD: always ten characters, so dates
 * compare correctly as strings. Instants a client sends fall on 1900-01-01 … 9999-12-31 in every zone
 * (contracts' `instant`); one stored before that bound (a deadline at 9999-12-31T23:00:00Z, seen
 * from +14) clamps to the calendar's first or last day instead of becoming `+010000-01-01`, which
 * sorts before every real date. Clamping keeps every comparison with a real day in order.
 */
export const localDateOf = (instant: Date | string, zone: string): LocalDate => {
  const local = DateTime.fromJSDate(typeof instant === 'string' ? new Date(instant) : instant, { zone });
  if (!local.isValid) throw new Error(`Invalid time zone: ${zone}`);
  if (local.year > 9999) return LAST_DAY;
  if (local.year < 1900) return FIRST_DAY;
  return local.toISODate();
};

/**
 * When something happens, as the request saw it: the instant, the user's zone and the local date
 * there — today, for the user. Deciders never read a clock; commands carry one.
 */
export interface Clock {
  at: string;
  timezone: string;
  localDate: LocalDate;
}

/** The clock at `at` for a user in `timezone`: its `localDate` is that user's today. */
export const clockAt = (at: Date, timezone: string): Clock => ({ at: at.toISOString(), timezone, localDate: localDateOf(at, timezone) });

const DAY_MS = 86_400_000;

/** A local date as its UTC midnight (ms): calendar arithmetic with no zone to shift it. */
const midnightOf = (date: LocalDate): number => {
  const at = isLocalDate(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(at)) throw new Error(`Not a calendar date: ${date}`);
  return at;
};

/** The local date `days` days after `date` (before, when negative). */
export const addDays = (date: LocalDate, days: number): LocalDate => {
  const shifted = new Date(midnightOf(date) + days * DAY_MS).toISOString().slice(0, 10);
  if (!isLocalDate(shifted)) throw new RangeError(`Outside the calendar: ${date} + ${days} days`);
  return shifted;
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: LocalDate, to: LocalDate): number => Math.round((midnightOf(to) - midnightOf(from)) / DAY_MS);

/**
 * Every local date from `from` to `to`, both included, oldest first (none when `to` is earlier):
 * counted on day by day, written from two-digit strings. A year of `addDays` parsed and checked each
 * date again and wrote it with toISOString (0.5 ms of a year's dashboard summary).
 */
export const datesFrom = (from: LocalDate, to: LocalDate): LocalDate[] => {
  const count = daysBetween(from, to) + 1;
  let [year, month, day] = [Number(from.slice(0, 4)), Number(from.slice(5, 7)), Number(from.slice(8, 10))];
  let monthLength = daysInMonth(year, month);
  const dates: LocalDate[] = [];
  for (let n = 0; n < count; n++) {
    dates.push(`${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}`);
    if (day < monthLength) day++;
    else {
      [year, month, day] = month < 12 ? [year, month + 1, 1] : [year + 1, 1, 1];
      monthLength = daysInMonth(year, month);
    }
  }
  return dates;
};
const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => String(n).padStart(2, '0'));
const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether `value` is a local date as this module writes them (YYYY-MM-DD, four-digit year). */
export const isLocalDate = (value: string): boolean => LOCAL_DATE.test(value);

/**
 * Whether local date `a` is after `b`. Dates of one width compare as text; any other width (an
 * expanded year, `+010000-01-01`) would compare wrongly, so it is refused rather than compared.
 */
export const isLaterDate = (a: string, b: string): boolean => {
  if (!isLocalDate(a) || !isLocalDate(b)) throw new Error(`Not a YYYY-MM-DD local date: ${isLocalDate(a) ? b : a}`);
  return a > b;
};
