/**
 * The "as of" moment the audit stops at, chosen as a calendar date and an optional wall-clock time
 * in the user's zone (the zone the server counts their days in, not this device's). The server
 * takes an ISO instant and includes it; a chosen day means to the end of that day, a chosen minute
 * to the end of that minute, so everything the user sees stamped with that day or minute counts.
 */

/** A calendar date, YYYY-MM-DD. */
export type LocalDate = string;

/** What the picker holds: a date, and a time ('HH:MM') or '' for the whole day. */
export interface AsOfChoice {
  date: LocalDate;
  time: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export const isLocalDate = (value: string): boolean => {
  if (!DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};

export const isWallTime = (value: string): boolean => TIME.test(value);

/** A choice the server can be asked about: a real date, and a time that is empty or HH:MM. */
export const isCompleteChoice = (choice: AsOfChoice): boolean => isLocalDate(choice.date) && (choice.time === '' || isWallTime(choice.time));

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (zone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
};

/** The wall clock of an instant in a zone, as if it were UTC (milliseconds). */
const wallClockMs = (instantMs: number, zone: string): number => {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(instantMs))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour! % 24, parts.minute, parts.second);
};

/** The zone's offset from UTC at an instant (whole seconds), in milliseconds. */
const offsetAt = (instantMs: number, zone: string): number => wallClockMs(instantMs, zone) - Math.floor(instantMs / 1000) * 1000;

/**
 * The instant a wall-clock time (given as UTC milliseconds of its fields) first shows in `zone`. A
 * repeated time (autumn) is its first passing; a time skipped by a DST change (spring) lands where
 * the clocks went on to, as the offset before the gap gives.
 */
const instantOfWallClock = (wallMs: number, zone: string): number => {
  // The offsets a day either side: they differ only around a DST change.
  const before = offsetAt(wallMs - DAY_MS, zone);
  const after = offsetAt(wallMs + DAY_MS, zone);
  const fits = [before, after].map((offset) => wallMs - offset).filter((instant) => offsetAt(instant, zone) === wallMs - instant);
  return fits.length > 0 ? Math.min(...fits) : wallMs - before;
};

/**
 * The ISO instant to send as `asOf`: the last millisecond of the chosen minute, or of the chosen
 * day when no time is given, in `zone`; undefined when the choice is not complete.
 */
export const asOfInstant = (choice: AsOfChoice, zone: string): string | undefined => {
  if (!isCompleteChoice(choice)) return undefined;
  const [, year, month, day] = DATE.exec(choice.date)!.map(Number);
  if (choice.time === '') {
    // The next day's first instant, less one millisecond: a day is not always 24 hours long.
    const nextMidnight = instantOfWallClock(Date.UTC(year!, month! - 1, day! + 1), zone);
    return new Date(nextMidnight - 1).toISOString();
  }
  const [, hour, minute] = TIME.exec(choice.time)!.map(Number);
  const nextMinute = instantOfWallClock(Date.UTC(year!, month! - 1, day, hour, minute) + MINUTE_MS, zone);
  return new Date(nextMinute - 1).toISOString();
};

/** The choice kept in the page's address (?date=YYYY-MM-DD&time=HH:MM), or undefined for the present. */
export const choiceFromParams = (params: { date: string | null; time: string | null }): AsOfChoice | undefined => {
  const choice = { date: params.date ?? '', time: params.time ?? '' };
  return isCompleteChoice(choice) ? choice : undefined;
};

/** The address parameters for a choice (none for the present). */
export const paramsOfChoice = (choice: AsOfChoice | undefined): Record<string, string> =>
  !choice ? {} : choice.time === '' ? { date: choice.date } : { date: choice.date, time: choice.time };

/** Today's date in a zone. */
export const todayIn = (zone: string, now: Date = new Date()): LocalDate =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Fri, Nov 20, 2026 at 12:08' or 'the end of Fri, Nov 20, 2026': the words for a choice. */
export const describeChoice = (choice: AsOfChoice): string => {
  const day = dayFormat.format(new Date(`${choice.date}T00:00:00.000Z`));
  return choice.time === '' ? `the end of ${day}` : `${day} at ${choice.time}`;
};
