import { z } from 'zod';
import { messages } from '../messages.ts';

/**
 * Field types every schema builds on. They accept only what every store and read model can hold:
 * PostgreSQL refuses NUL in text and lone surrogates in jsonb, and dates outside its calendar (or
 * impossible ones) would stop a projector, so none of them gets past a contract.
 */

// NUL is the point of the check, not a typo.
// eslint-disable-next-line no-control-regex
const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (value: string): boolean => !NUL_OR_LONE_SURROGATE.test(value);
const storable = { message: 'must not contain NUL or unpaired surrogate characters' };

/** Text that any store can hold, at most `max` characters. */
export const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max.toLocaleString('en-US')} characters`)
    .refine(isStorableText, storable);

/** Required text: trimmed, 1–`max` characters. */
export const requiredText = (max: number) =>
  z.string({ message: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`).refine(isStorableText, storable);

export const id = z.uuid({ message: 'must be a valid id' });

/** Text in an event: whatever a contract let in, still storable. */
export const storedText = z.string().max(100_000).refine(isStorableText, storable);

/** A title: trimmed, 1–200 characters. */
export const title = requiredText(200);

const YEAR_MIN = 1900;
const YEAR_MAX = 9999;
/** The calendar's first and last day: every date a store or contract takes lies between them. */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '9999-12-31';
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A real day of the Gregorian calendar within the years every store handles. */
const isRealDay = (year: number, month: number, day: number): boolean => {
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** A calendar date, YYYY-MM-DD: a real day from 1900 to 9999 (2024-02-30 is refused, not moved to March). */
export const calendarDate = z.string().refine(
  (value) => {
    const match = DATE.exec(value);
    return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
  },
  { message: `must be a real date (YYYY-MM-DD) from ${YEAR_MIN} to ${YEAR_MAX}` },
);

/** A date of birth: a calendar date that is not in the future. */
export const birthDate = calendarDate.refine((value) => value <= new Date().toISOString().slice(0, 10), { message: 'must not be in the future' });

const isInstant = (value: string): boolean => {
  // The form the server writes (toISOString), as every stored event holds it: valid exactly when
  // written again the same, within the years. One parse, where the general form below takes a match,
  // a Date and two parses (0.5 s of a 200,000-event rebuild's decoding).
  if (value.length === 24 && value.charCodeAt(23) === 90 /* Z */) {
    const at = Date.parse(value);
    if (!Number.isNaN(at) && new Date(at).toISOString() === value) {
      const year = Number(value.slice(0, 4));
      return year >= YEAR_MIN && year <= YEAR_MAX;
    }
  }
  const match = DATE_TIME.exec(value);
  if (!match || !isRealDay(Number(match[1]), Number(match[2]), Number(match[3]))) return false;
  const [hours, minutes, seconds] = [match[4], match[5], match[6]].map((part) => Number(part ?? 0));
  return hours! <= 23 && minutes! <= 59 && seconds! <= 59 && !Number.isNaN(Date.parse(withZone(value)));
};
// A date-time without an offset is UTC, whatever the server's zone.
const withZone = (value: string): string => (/T|\s/.test(value) && !/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? `${value}Z` : value);

/**
 * The first and last instant a client may send. Zones run from −12 (Etc/GMT+12) to +14
 * (Pacific/Kiritimati), so an instant in this span falls on a day from 1900-01-01 to 9999-12-31 in
 * every zone — the user's, whatever it is or becomes. The rule is one comparison and needs no zone:
 * `9999-12-31T23:59:59-12:00` (10000-01-01T11:59:59Z) and `1900-01-01T00:00:00+14:00`
 * (1899-12-31T10:00:00Z) are refused whichever zone the user is in, and so is the date `1900-01-01`
 * (midnight UTC is still 1899 west of Greenwich).
 */
export const INSTANT_MIN = '1900-01-01T12:00:00.000Z';
export const INSTANT_MAX = '9999-12-31T09:59:59.999Z';
const INSTANT_MIN_MS = Date.parse(INSTANT_MIN);
const INSTANT_MAX_MS = Date.parse(INSTANT_MAX);
const isWithinEveryZonesCalendar = (value: string): boolean => {
  const at = Date.parse(withZone(value));
  return at >= INSTANT_MIN_MS && at <= INSTANT_MAX_MS;
};

/**
 * An instant sent by a client (every one: deadlines, due/start/end dates, imported completions, range
 * bounds): ISO 8601 date or date-time, UTC unless it says otherwise, from `INSTANT_MIN` to
 * `INSTANT_MAX` whatever its offset; parsed to the ISO instant that is stored (`storedInstant`
 * accepts every one of them).
 */
export const instant = z
  .string()
  .refine((value) => isInstant(value) && isWithinEveryZonesCalendar(value), {
    message: `must be an ISO 8601 date or date-time from ${INSTANT_MIN} to ${INSTANT_MAX} (its date in every time zone from ${YEAR_MIN} to ${YEAR_MAX})`,
  })
  .transform((value) => new Date(withZone(value)).toISOString());

/**
 * An instant that has already happened, give or take `skew` milliseconds of the sender's clock (an
 * imported completion). Checked against the server's clock when the body is parsed.
 */
export const pastInstant = (skew: number) =>
  instant.refine((at) => Date.parse(at) <= Date.now() + skew, { message: `must not be later than now (${skew / 3_600_000} hours of clock skew allowed)` });

/** An instant as the server writes it (events, answers). */
export const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });

/**
 * An instant as stored in events: an ISO date-time within the years every store handles. Wider than
 * `instant` on purpose: events stored before the instant's bounds (a deadline at
 * 9999-12-31T23:00:00Z) must still be read.
 */
export const storedInstant = isoDateTime.refine(isInstant, { message: `must be a date-time from ${YEAR_MIN} to ${YEAR_MAX}` });

/** A whole number sent as a JSON number: "3", 3.5, true and "0x3" are refused. */
export const wholeNumber = (min: number, max: number, message = `must be a whole number from ${min} to ${max}`) =>
  z.number({ message }).int(message).min(min, message).max(max, message);

/** A whole number in a query string or path: digits only (no signs, spaces, hex or exponents). */
export const wholeNumberParam = (min: number, max: number, message = `must be a whole number from ${min} to ${max}`) =>
  z
    .string({ message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

/**
 * Zones already asked about, and the answer: building an Intl.DateTimeFormat to ask took 0.42 s of a
 * 200,000-event rebuild's 7.1 s of samples (every event's metadata names its zone, checked again when
 * decoded). Bounded, so names made up by a sender cannot fill it.
 */
const knownZones = new Map<string, boolean>();
const KNOWN_ZONES_MAX = 2_000;
const isValidZone = (zone: string): boolean => {
  const known = knownZones.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    valid = zone.length > 0;
  } catch {
    valid = false;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.set(zone, valid);
  return valid;
};

export const timezone = z
  .string()
  .max(100, messages.invalidTimezone)
  .refine((zone) => isStorableText(zone) && isValidZone(zone), { message: messages.invalidTimezone });
