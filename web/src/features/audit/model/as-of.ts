import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { isLocalDate, type LocalDate } from '../../../lib/dates/local-date.ts';
import { instantOfWallClock } from '../../../lib/dates/zoned-input.ts';

/**
 * The "as of" moment the audit stops at, chosen as a calendar date and an optional wall-clock time
 * in the user's zone (the zone the server counts their days in, not this device's). The server
 * takes an ISO instant and includes it; a chosen day means to the end of that day, a chosen minute
 * to the end of that minute, so everything the user sees stamped with that day or minute counts.
 */

/** What the picker holds: a date, and a time ('HH:MM') or '' for the whole day. */
export interface AsOfChoice {
  date: LocalDate;
  time: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTE_MS = 60_000;

export const isWallTime = (value: string): boolean => TIME.test(value);

/** A choice the server can be asked about: a real date, and a time that is empty or HH:MM. */
export const isCompleteChoice = (choice: AsOfChoice): boolean => isLocalDate(choice.date) && (choice.time === '' || isWallTime(choice.time));

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

/**
 * Whether the chosen moment is in a day after the user's today (the server's, from their calendar).
 * The audit of a moment to come would only repeat the present as if it were a record of then, so the
 * picker refuses it. A later minute of today is not judged here: this device's clock need not be the
 * server's, and the server answers a moment not yet reached with what stands now.
 */
export const isFutureChoice = (choice: AsOfChoice, today: LocalDate): boolean => isCompleteChoice(choice) && choice.date > today;

/** The choice kept in the page's address (?date=YYYY-MM-DD&time=HH:MM), or undefined for the present. */
export const choiceFromParams = (params: { date: string | null; time: string | null }): AsOfChoice | undefined => {
  const choice = { date: params.date ?? '', time: params.time ?? '' };
  return isCompleteChoice(choice) ? choice : undefined;
};

/** The address parameters for a choice (none for the present). */
export const paramsOfChoice = (choice: AsOfChoice | undefined): Record<string, string> =>
  !choice ? {} : choice.time === '' ? { date: choice.date } : { date: choice.date, time: choice.time };

/** 'Fri, Nov 20, 2026 at 12:08' or 'the end of Fri, Nov 20, 2026': the words for a choice. */
export const describeChoice = (choice: AsOfChoice): string => {
  const day = formatLocalDate(choice.date);
  return choice.time === '' ? `the end of ${day}` : `${day} at ${choice.time}`;
};
