import { DateTime } from 'luxon';

const FIRST_DAY = '1900-01-01';
const LAST_DAY = '9999-12-31';
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The calendar date at `instant` in `zone` (IANA), as YYYY-MM-DD: always ten characters, so dates
 * compare correctly as strings. Instants a client sends fall on 1900-01-01 … 9999-12-31 in every zone
 * (contracts' `instant`); one stored before that bound (a deadline at 9999-12-31T23:00:00Z, seen
 * from +14) clamps to the calendar's first or last day instead of becoming `+010000-01-01`, which
 * sorts before every real date. Clamping keeps every comparison with a real day in order.
 */
export const localDateOf = (instant: Date, zone: string): string => {
  const local = DateTime.fromJSDate(instant, { zone });
  if (!local.isValid) throw new Error(`Invalid time zone: ${zone}`);
  if (local.year > 9999) return LAST_DAY;
  if (local.year < 1900) return FIRST_DAY;
  return local.toISODate();
};

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
