import { DateTime } from 'luxon';
import { FIRST_DAY, LAST_DAY } from '@tracker/contracts/common/fields';
import { addDays, type Clock, type LocalDate } from './local-date.ts';

/*
 * A user's days: one sequence, monotonic and without gaps, whatever the zone changes and the
 * day-start hour. The rule, in one sentence: a day ends at the next day-start in the zone it counts
 * in (never less than an hour after it began), and the next day counts in the zone and day-start
 * hour in force at that moment — so a change takes effect when the current day ends, except a zone
 * change that keeps today's date, which applies at once (a flight west within the evening lengthens
 * today rather than leaving the user a day behind).
 *
 * So today never goes back (nothing is credited twice after flying west) and never jumps (flying
 * east over the date line lengthens nothing and skips nothing: the days catch up with the new zone,
 * each at least an hour long). Every route reads today from here, through the request's clock.
 */

/** What a day counts in: a zone (IANA) and the hour (0–23) at which its days start. */
export interface DayRule {
  zone: string;
  dayStartHour: number;
}

/** A user's calendar as of some instant: the day then in force, and what the days after it count in. */
export interface UserCalendar {
  day: LocalDate;
  /** When `day` began and ends (ISO instants; `endsAt` exclusive). */
  startedAt: string;
  endsAt: string;
  /** The rule `day` counts in. */
  rule: DayRule;
  /** The rule the days after `day` count in: a change made during `day` waits here. */
  next: DayRule;
}

const HOUR_MS = 3_600_000;
/** How far before the instant asked for a calendar long behind jumps to: more than a skipped day's hour. */
const JUMP_MARGIN_MS = 48 * HOUR_MS;
/** The shortest a day can be, so that catching up after a jump east over the date line never makes an empty day. */
const MIN_DAY_MS = HOUR_MS;

const localAt = (at: number, zone: string): DateTime => {
  const local = DateTime.fromMillis(at, { zone });
  if (!local.isValid) throw new Error(`Invalid time zone: ${zone}`);
  return local;
};

/** The date whose day-start (in `rule`) is the latest at or before `at`: the wall-clock day, shifted by the day-start hour. */
export const wallDayAt = (at: number, rule: DayRule): LocalDate => {
  const local = localAt(at, rule.zone);
  if (local.year > 9999) return LAST_DAY;
  if (local.year < 1900) return FIRST_DAY;
  const date = local.toISODate()!;
  return local.hour < rule.dayStartHour && date > FIRST_DAY ? addDays(date, -1) : date;
};

const MINUTE_MS = 60_000;

/** Longer than any change of a clock (DST moves it by an hour at most today, two in the past). */
const MAX_CLOCK_CHANGE_MINUTES = 180;

/**
 * The instant `day` starts by the wall clock of `rule`: the first minute whose wall day is it. Luxon
 * gives an instant that reads the start hour, but not always the first: an hour that comes twice (a
 * DST fold: Havana's midnight of 2025-11-02 comes at 04:00Z and again at 05:00Z) it takes the second
 * time, and in a gap (Chatham's 02:45 → 03:45 with days starting at 03:00) it moves past the hour by
 * the gap's whole length. Either way the day starts earlier: where the previous one's last minute ends.
 */
const wallStartOf = (day: LocalDate, rule: DayRule): number => {
  const key = `${day} ${rule.zone} ${rule.dayStartHour}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    if (dayStarts.size >= MAX_DAY_STARTS) dayStarts.clear();
    dayStarts.set(key, (start = findWallStart(day, rule)));
  }
  return start;
};

/**
 * Day starts found, by day, zone and start hour: the same few are asked for on every request (today's
 * bounds, its list's), and finding one takes luxon a zone conversion per minute walked back (0.1–0.25
 * ms of a request's CPU in today's list). Bounded: started over when full.
 */
const dayStarts = new Map<string, number>();
const MAX_DAY_STARTS = 10_000;

const findWallStart = (day: LocalDate, rule: DayRule): number => {
  // The day after the calendar's last ('10000-01-01', which sorts before it as text): past every instant a user can send.
  if (day.length > LAST_DAY.length || day > LAST_DAY) return Date.parse('9999-12-31T23:59:59.999Z') + 14 * HOUR_MS;
  let start = DateTime.fromISO(day, { zone: rule.zone }).set({ hour: rule.dayStartHour }).toMillis();
  if (Number.isNaN(start)) throw new Error(`Invalid time zone: ${rule.zone}`);
  // The calendar's first day has no day before it (wallDayAt holds earlier instants on it).
  if (day === FIRST_DAY) return start;
  for (let minutes = 0; minutes < MAX_CLOCK_CHANGE_MINUTES && wallDayAt(start - MINUTE_MS, rule) === day; minutes++) start -= MINUTE_MS;
  return start;
};

const nextDay = (day: LocalDate): LocalDate => (day === LAST_DAY ? '10000-01-01' : addDays(day, 1));

/** The instants `day` spans by the wall clock of `rule`, [start, end): each the first minute its day's clock reads. */
export const wallDayBounds = (day: LocalDate, rule: DayRule): { start: number; end: number } => ({
  start: wallStartOf(day, rule),
  end: wallStartOf(nextDay(day), rule),
});

/** The end of `day`, begun at `startedAt`, counted in `rule`. */
const endOf = (day: LocalDate, startedAt: number, rule: DayRule): number => Math.max(wallStartOf(nextDay(day), rule), startedAt + MIN_DAY_MS);

const iso = (at: number): string => new Date(at).toISOString();

/** A calendar begun at `at` (a new account): today is the wall-clock day there. */
export const startCalendar = (at: Date | string, rule: DayRule): UserCalendar => {
  const ms = new Date(at).getTime();
  const day = wallDayAt(ms, rule);
  const startedAt = wallStartOf(day, rule);
  return { day, startedAt: iso(startedAt), endsAt: iso(endOf(day, startedAt, rule)), rule, next: rule };
};

/** The calendar at `at` (not before the calendar's own instant): the day in force then. */
export const calendarAt = (calendar: UserCalendar, at: Date | string): UserCalendar => {
  const ms = new Date(at).getTime();
  let endsAt = Date.parse(calendar.endsAt);
  if (ms < endsAt) return calendar;
  let { day } = calendar;
  let startedAt = Date.parse(calendar.startedAt);
  const rule = calendar.next;
  while (ms >= endsAt && day < LAST_DAY) {
    day = addDays(day, 1);
    startedAt = endsAt;
    endsAt = endOf(day, startedAt, rule);
    // Once a day ends where the wall clock says, every later one does — save a day the clock skips
    // (Kiritimati's 1994-12-31, Samoa's 2011-12-30), which still lasts an hour: jump to the wall day
    // two days before `ms`, and walk the rest day by day.
    if (ms >= endsAt && endsAt === wallStartOf(nextDay(day), rule)) {
      const landing = wallDayAt(ms - JUMP_MARGIN_MS, rule);
      if (landing > day) {
        day = landing;
        startedAt = wallStartOf(day, rule);
        endsAt = endOf(day, startedAt, rule);
      }
    }
  }
  return { day, startedAt: iso(startedAt), endsAt: iso(endsAt), rule, next: rule };
};

/**
 * The user moves to `zone` at `at`: at once when the date there is today's (today ends at the
 * day-start there instead), else from the end of today.
 */
export const changeZone = (calendar: UserCalendar, at: Date | string, zone: string): UserCalendar => {
  const now = calendarAt(calendar, at);
  const moved: DayRule = { zone, dayStartHour: now.rule.dayStartHour };
  const next: DayRule = { ...now.next, zone };
  if (wallDayAt(new Date(at).getTime(), moved) !== now.day) return { ...now, next };
  const startedAt = Date.parse(now.startedAt);
  return { ...now, rule: moved, next, endsAt: iso(endOf(now.day, startedAt, moved)) };
};

/** Days start at `dayStartHour` from the day after today on. */
export const changeDayStart = (calendar: UserCalendar, at: Date | string, dayStartHour: number): UserCalendar => {
  const now = calendarAt(calendar, at);
  return { ...now, next: { ...now.next, dayStartHour } };
};

/** The clock of a request at `at`: the instant, and today in the user's calendar (with when it ends). */
export const clockOfCalendar = (calendar: UserCalendar, at: Date): Clock & { dayEndsAt: string } => {
  const now = calendarAt(calendar, at);
  return { at: at.toISOString(), timezone: now.rule.zone, localDate: now.day, dayEndsAt: now.endsAt };
};
