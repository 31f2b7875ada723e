import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';
import { FIRST_DAY } from '@tracker/contracts/common/fields';
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, type DayBound } from '@tracker/contracts/points/http';
import { ValidationFailed } from '@tracker/domain/common/errors';
import { addDays, daysBetween, localDateOf, type LocalDate } from '@tracker/domain/time/local-date';
import type { ApiContext } from '../http/api-router.ts';
import { requestClock } from '../http/request-clock.ts';

/** A range as the points and dashboard queries take it: local dates, both included, in a zone; the user's `today`. */
export interface ResolvedRange {
  startDate: LocalDate;
  endDate: LocalDate;
  timezone: string;
  today: LocalDate;
}

/** The zone a read counts days in: the one asked for, else the one the user's today counts in (requireAuth), else spec.md §9's default. */
export const zoneOf = (ctx: ApiContext, asked: string | undefined): string => asked ?? ctx.state.timezone ?? DEFAULT_TIMEZONE;

/**
 * startDate / endDate / timezone of a points or dashboard read, resolved: an instant stands for its
 * local date in the zone; today is the user's calendar's whatever the zone asked for (the day every
 * route and screen agrees on); without bounds, the `defaultDays` days up to today (an end alone reaches
 * back as far but not before 1900, a start alone runs to today). End before start, or more than `maxDays` days, is a 400
 * naming endDate.
 */
export const resolveRange = (
  ctx: ApiContext,
  query: { startDate?: DayBound | undefined; endDate?: DayBound | undefined; timezone?: string | undefined },
  limits: { defaultDays: number; maxDays: number },
): ResolvedRange => {
  const timezone = zoneOf(ctx, query.timezone);
  const today = requestClock(ctx).localDate;
  const dateOf = (bound: DayBound | undefined, name: 'startDate' | 'endDate'): LocalDate | undefined => {
    if (!bound) return undefined;
    const date = bound.kind === 'date' ? bound.date : localDateOf(new Date(bound.at), timezone);
    // An instant at the calendar's edge may fall on a day outside it in the zone (1899, or past 9999).
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < FIRST_DAY)
      throw new ValidationFailed(`${name}: must fall on a date from 1900 to 9999 in the time zone`, name);
    return date;
  };
  const asked = { start: dateOf(query.startDate, 'startDate'), end: dateOf(query.endDate, 'endDate') };
  const endDate = asked.end ?? (asked.start && asked.start > today ? asked.start : today);
  const startDate = asked.start ?? [addDays(endDate, -(limits.defaultDays - 1)), FIRST_DAY].sort().at(-1)!;
  if (endDate < startDate) throw new ValidationFailed('endDate: must not be before startDate', 'endDate');
  if (daysBetween(startDate, endDate) + 1 > limits.maxDays) {
    throw new ValidationFailed(`endDate: the range must span at most ${limits.maxDays.toLocaleString('en-US')} days`, 'endDate');
  }
  return { startDate, endDate, timezone, today };
};

/** The range of a date-range read (the dashboard's lists and summary, the points stats): the last DEFAULT_RANGE_DAYS days unless asked, at most MAX_RANGE_DAYS. */
export const resolveDateRange = (ctx: ApiContext, query: Parameters<typeof resolveRange>[1]): ResolvedRange =>
  resolveRange(ctx, query, { defaultDays: DEFAULT_RANGE_DAYS, maxDays: MAX_RANGE_DAYS });
