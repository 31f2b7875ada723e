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
