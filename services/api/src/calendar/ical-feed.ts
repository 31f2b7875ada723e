import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { habitRecurrenceRules } from '@tracker/domain/calendar/habit-rrule';
import { isDstAt, offsetAt, offsetNameAt, zoneTransitions, type ZoneTransition } from '@tracker/domain/calendar/zone-transitions';
import { addDays, localDateOf, type LocalDate } from '@tracker/domain/time/local-date';
import { calendarAt, type UserCalendar } from '@tracker/domain/time/user-calendar';
import type { FeedContents, FeedFreeze, FeedHabit, FeedTodo } from '@tracker/projections/calendar/calendar-feed.queries';
import type { Recurrence } from '@tracker/contracts/actionables/http';
import { contentLines, dateValue, localValue, offsetValue, text, utcValue } from './ical-text.ts';

/*
 * A user's calendar feed as an iCalendar object (RFC 5545): to-dos with a deadline as events at the
 * deadline, in the user's zone (TZID, with a VTIMEZONE built from the zone's transitions over the
 * years the feed covers); habits as all-day events repeating by their schedule (RRULE; habit-rrule.ts),
 * frozen occurrences left out (EXDATE). Everything in it comes from the read models and the user's
 * calendar, nothing from the clock but the years covered, so the same data gives the same bytes and
 * the same ETag (DTSTAMP is each item's last change, not the time of the request).
 */

/** Years before and after today's that the feed's deadlines (and its VTIMEZONE) cover. */
export const FEED_YEARS_BACK = 1;
export const FEED_YEARS_AHEAD = 5;

const PRODID = '-//Points Tracker//Calendar feed 1.0//EN';
const UID_DOMAIN = 'points-tracker';

/** The span a feed covers: whole years in the user's zone, so it moves once a year, not every day. */
export interface FeedWindow {
  zone: string;
  today: LocalDate;
  /** Local midnight of the first year's 1 January, and of the 1 January after the last year. */
  from: Date;
  to: Date;
  firstDay: LocalDate;
}

/** The window of the user's feed as of `at`: from the start of last year to the end of the fifth year ahead, in their zone. */
export const feedWindowOf = (calendar: UserCalendar, at: Date): FeedWindow => {
  const now = calendarAt(calendar, at);
  const zone = now.rule.zone;
  const year = Number(now.day.slice(0, 4));
  const firstYear = Math.max(1900, year - FEED_YEARS_BACK);
  const lastYear = Math.min(9999, year + FEED_YEARS_AHEAD);
  const from = DateTime.fromObject({ year: firstYear, month: 1, day: 1 }, { zone }).toJSDate();
  const to = DateTime.fromObject({ year: lastYear + 1, month: 1, day: 1 }, { zone }).toJSDate();
  return { zone, today: now.day, from, to, firstDay: `${firstYear}-01-01` };
};

// A zone's transitions over a window are the same for every user in it all year: kept per process.
const transitionsKept = new Map<string, ZoneTransition[]>();
const KEPT_ZONES = 512;
const transitionsOf = (window: FeedWindow): ZoneTransition[] => {
  const key = `${window.zone} ${window.from.toISOString()}`;
  let found = transitionsKept.get(key);
  if (!found) {
    found = zoneTransitions(window.zone, window.from.getTime(), window.to.getTime());
    if (transitionsKept.size >= KEPT_ZONES) transitionsKept.delete(transitionsKept.keys().next().value!);
    transitionsKept.set(key, found);
  }
  return found;
};

/** The local wall-clock value of `at` in a zone with `offset` minutes: what a VTIMEZONE's DTSTART says. */
const wallValue = (at: number, offset: number): string => localValue(DateTime.fromMillis(at + offset * 60_000, { zone: 'utc' }));

const observance = (kind: 'STANDARD' | 'DAYLIGHT', start: string, from: number, to: number, name: string): string[] => [
  `BEGIN:${kind}`,
  `DTSTART:${start}`,
  `TZOFFSETFROM:${offsetValue(from)}`,
  `TZOFFSETTO:${offsetValue(to)}`,
  `TZNAME:${text(name)}`,
  `END:${kind}`,
];

/**
 * The VTIMEZONE of the window's zone: the offset in force when the window opens, then one
 * observance per transition inside it (a zone without DST, Asia/Kolkata, has the first only).
 */
const vtimezone = (window: FeedWindow): string[] => {
  const opening = window.from.getTime();
  const offset = offsetAt(opening, window.zone);
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${window.zone}`,
    `X-LIC-LOCATION:${window.zone}`,
    ...observance(isDstAt(opening, window.zone) ? 'DAYLIGHT' : 'STANDARD', wallValue(opening, offset), offset, offset, offsetNameAt(opening, window.zone)),
    ...transitionsOf(window).flatMap((change) =>
      observance(change.dst ? 'DAYLIGHT' : 'STANDARD', wallValue(change.at, change.offsetFrom), change.offsetFrom, change.offsetTo, change.name),
    ),
    'END:VTIMEZONE',
  ];
};

const HOUR_MS = 3_600_000;

/** How many instants show the same wall-clock time as `at` in the zone: 2 in the hour a DST change repeats. */
const showingsOf = (at: number, zone: string): number => {
  const wall = at + offsetAt(at, zone) * 60_000;
  const offsets = new Set([offsetAt(at - 6 * HOUR_MS, zone), offsetAt(at, zone), offsetAt(at + 6 * HOUR_MS, zone)]);
  return [...offsets].filter((offset) => offsetAt(wall - offset * 60_000, zone) === offset).length;
};

/**
 * A deadline as a DATE-TIME in the user's zone. A wall-clock time the zone shows twice (the hour a
 * DST change repeats) means its first showing in iCalendar (RFC 5545 §3.3.5): such a deadline is
 * written in UTC instead, so the second showing is not read an hour early.
 */
const deadlineValue = (deadline: Date, zone: string): string =>
  showingsOf(deadline.getTime(), zone) > 1 ? `:${utcValue(deadline)}` : `;TZID=${zone}:${localValue(DateTime.fromJSDate(deadline, { zone }))}`;

const descriptionLines = (parts: readonly string[]): string[] => {
  const description = parts.filter((part) => part.trim() !== '').join('\n\n');
  return description ? [`DESCRIPTION:${text(description)}`] : [];
};

const todoEvent = (todo: FeedTodo, zone: string): string[] => {
  const done = todo.status === 'completed';
  const completedOn = todo.completedAt ? localDateOf(todo.completedAt, zone) : null;
  return [
    'BEGIN:VEVENT',
    `UID:todo-${todo.id}@${UID_DOMAIN}`,
    `DTSTAMP:${utcValue(todo.updatedAt)}`,
    `DTSTART${deadlineValue(todo.deadline, zone)}`,
    `SUMMARY:${text(done ? `✓ ${todo.title}` : todo.title)}`,
    ...descriptionLines([done ? `Completed${completedOn ? ` on ${completedOn}` : ''}.` : 'Deadline.', todo.description]),
    `CATEGORIES:${done ? 'To-do,Completed' : 'To-do'}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
};

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** How the habit's schedule reads in its description. */
const scheduleText = (recurrence: Recurrence): string => {
  switch (recurrence.frequency) {
    case 'daily':
      return 'Every day.';
    case 'everyNDays':
      return recurrence.everyNDays === 1 ? 'Every day.' : `Every ${recurrence.everyNDays} days.`;
    case 'weekly':
      return `Every ${[...new Set(recurrence.days)]
        .sort((a, b) => a - b)
        .map((day) => WEEKDAYS[day])
        .join(', ')}.`;
    case 'monthly':
      return recurrence.dayOfMonth > 28
        ? `Monthly on day ${recurrence.dayOfMonth} (the last day in shorter months).`
        : `Monthly on day ${recurrence.dayOfMonth}.`;
    case 'timesPerWeek':
      return `${recurrence.timesPerWeek} times a week, any days: this reminder opens each week (weeks start on ${WEEKDAYS[recurrence.weekStartsOn]}).`;
  }
};

const habitEvents = (habit: FeedHabit, freezes: readonly FeedFreeze[], zone: string): string[] => {
  const covering = freezes.filter((freeze) => freeze.habitId === null || freeze.habitId === habit.id);
  const rules = habitRecurrenceRules(
    { recurrence: habit.recurrence, startDate: habit.startDate },
    // A habit from before start dates is shown from the day it was created.
    localDateOf(habit.createdAt, zone),
    covering,
  );
  const { recurrence } = habit;
  const summary = recurrence.frequency === 'timesPerWeek' ? `${habit.title} (${recurrence.timesPerWeek}× this week)` : habit.title;
  const frozen = rules.some((rule) => rule.exceptions.length > 0);
  // One event per rule: the second (February's last day of a habit on day 29 or 30) has a UID of its own.
  return rules.flatMap(({ start, rule, exceptions }, index) => [
    'BEGIN:VEVENT',
    `UID:habit-${habit.id}${index === 0 ? '' : `-${index + 1}`}@${UID_DOMAIN}`,
    `DTSTAMP:${utcValue(habit.updatedAt)}`,
    `DTSTART;VALUE=DATE:${dateValue(start)}`,
    `DTEND;VALUE=DATE:${dateValue(addDays(start, 1))}`,
    `RRULE:${rule}`,
    ...(exceptions.length > 0 ? [`EXDATE;VALUE=DATE:${exceptions.map(dateValue).join(',')}`] : []),
    `SUMMARY:${text(summary)}`,
    ...descriptionLines([`Habit. ${scheduleText(recurrence)}${frozen ? ' Frozen days are left out.' : ''}`, habit.description]),
    'CATEGORIES:Habit',
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ]);
};

/** The feed of `contents` over `window`, as iCalendar text (CRLF lines, folded). */
export const renderFeed = (contents: FeedContents, window: FeedWindow): string =>
  contentLines([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'NAME:Points Tracker',
    'X-WR-CALNAME:Points Tracker',
    `X-WR-TIMEZONE:${window.zone}`,
    // How often a calendar app should look again (RFC 7986; the X- form for older clients).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...vtimezone(window),
    ...contents.todos.flatMap((todo) => todoEvent(todo, window.zone)),
    ...contents.habits.flatMap((habit) => habitEvents(habit, contents.freezes, window.zone)),
    'END:VCALENDAR',
  ]);

/** A strong ETag of the feed's bytes: the same feed, the same tag, on every API process. */
export const feedETag = (feed: string): string => `"${createHash('sha256').update(feed).digest('base64url').slice(0, 32)}"`;
