import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Recurrence } from '@tracker/contracts/actionables/http';
import { isFrozen, periodOf, type HabitSchedule } from '@tracker/domain/actionables/habit-schedule';
import { addDays } from '@tracker/domain/time/local-date';
import { startCalendar } from '@tracker/domain/time/user-calendar';
import type { FeedContents, FeedFreeze, FeedHabit, FeedTodo } from '@tracker/projections/calendar/calendar-feed.queries';
import { isScheduledOn } from '@tracker/projections/actionables/habit-today';
import { feedWindowOf, renderFeed } from './ical-feed.ts';
import { readFeed } from './testing/feed-reader.ts';

// The feed read back by a real parser (ical.js): habits' occurrences are the schedule's, to-dos
// start at their deadline to the second, texts come back as written, and every line is RFC 5545's.

const AT = new Date('2026-11-26T15:00:00Z');
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kolkata',
  'Pacific/Kiritimati',
  'Etc/GMT+12',
  'America/Sao_Paulo',
  'Africa/Casablanca',
] as const;

const windowIn = (zone: string, at = AT) => feedWindowOf(startCalendar(at, { zone, dayStartHour: 0 }), at);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const habit = (recurrence: Recurrence, startDate: string, n = 1): FeedHabit => ({
  id: id(n),
  title: `Habit ${n}`,
  description: '',
  recurrence,
  startDate,
  createdAt: new Date(`${startDate}T12:00:00Z`),
  updatedAt: AT,
});
const todo = (deadline: Date, changes: Partial<FeedTodo> = {}, n = 100): FeedTodo => ({
  id: id(n),
  title: 'Pay the rent',
  description: '',
  status: 'pending',
  deadline,
  completedAt: null,
  updatedAt: AT,
  ...changes,
});
const feed = (contents: Partial<FeedContents>, zone: string = 'America/New_York') =>
  renderFeed({ todos: [], habits: [], freezes: [], ...contents }, windowIn(zone));

/** The days the server's schedule puts a habit's event on: occurrences, or for N per week each week's first day; frozen ones left out. */
const expectedDays = (schedule: HabitSchedule, freezes: readonly FeedFreeze[], from: string, to: string): string[] => {
  const days: string[] = [];
  const weekly = schedule.recurrence.frequency === 'timesPerWeek';
  // For N per week the periods are weeks, the first being the one the start lies in.
  const weekOf = (date: string) => periodOf({ ...schedule, startDate: null }, date);
  const firstWeek = schedule.startDate === null ? null : weekOf(schedule.startDate);
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (weekly) {
      if (weekOf(date) === date && (firstWeek === null || date >= firstWeek) && !isFrozen(schedule, date, freezes)) days.push(date);
    } else if (isScheduledOn(schedule, date) && !isFrozen(schedule, date, freezes)) days.push(date);
  }
  return days;
};

/** All the habit's events (one, or two for monthly on day 29 or 30) together. */
const habitDays = (text: string, from: string, to: string): string[] =>
  readFeed(text)
    .events.filter((event) => event.categories.includes('Habit'))
    .flatMap((event) => event.daysBetween(from, to))
    .sort();

const weekday = fc.integer({ min: 0, max: 6 });
const recurrence: fc.Arbitrary<Recurrence> = fc.oneof(
  fc.constant({ frequency: 'daily' as const }),
  fc.record({ frequency: fc.constant('weekly' as const), days: fc.uniqueArray(weekday, { minLength: 1, maxLength: 7 }) }),
  fc.record({ frequency: fc.constant('monthly' as const), dayOfMonth: fc.integer({ min: 1, max: 31 }) }),
  fc.record({ frequency: fc.constant('everyNDays' as const), everyNDays: fc.integer({ min: 1, max: 45 }) }),
  fc.record({ frequency: fc.constant('timesPerWeek' as const), timesPerWeek: fc.integer({ min: 1, max: 7 }), weekStartsOn: weekday }),
);
const dayNear = (from: string, days: number) => fc.integer({ min: 0, max: days }).map((n) => addDays(from, n));
const freeze = fc
  .record({ from: dayNear('2026-10-01', 200), length: fc.integer({ min: 1, max: 14 }), all: fc.boolean() })
  .map(({ from, length, all }): FeedFreeze => ({ habitId: all ? null : id(1), from, to: addDays(from, length - 1) }));

describe('habits in the feed, read by ical.js', () => {
  it('occur on the days of the server’s schedule, frozen ones left out (generated schedules, 150 days)', () => {
    fc.assert(
      fc.property(
        recurrence,
        dayNear('2026-09-01', 150),
        fc.array(freeze, { maxLength: 3 }),
        fc.constantFrom(...ZONES),
        (recurrence, startDate, freezes, zone) => {
          const schedule = { recurrence, startDate };
          const text = feed({ habits: [habit(recurrence, startDate)], freezes }, zone);
          const from = '2026-09-01';
          const to = addDays(from, 150);
          expect(readFeed(text).events.every((event) => event.allDay)).toBe(true);
          expect(habitDays(text, from, to)).toEqual(expectedDays(schedule, freezes, from, to));
        },
      ),
      { numRuns: 150 },
    );
  });

  it.each([
    [31, ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']],
    [30, ['2027-01-30', '2027-02-28', '2027-03-30', '2027-04-30', '2027-05-30']],
    [29, ['2027-01-29', '2027-02-28', '2027-03-29', '2027-04-29', '2027-05-29']],
  ])('a monthly habit on day %i falls on the last day of a shorter month, not skipping it', (dayOfMonth, days) => {
    expect(habitDays(feed({ habits: [habit({ frequency: 'monthly', dayOfMonth }, '2027-01-01')] }), '2027-01-01', '2027-05-31')).toEqual(days);
  });

  it('a leap year’s February 29 for day 29, 30 and 31', () => {
    for (const dayOfMonth of [29, 30, 31]) {
      expect(habitDays(feed({ habits: [habit({ frequency: 'monthly', dayOfMonth }, '2028-02-01')] }), '2028-02-01', '2028-02-29')).toEqual(['2028-02-29']);
    }
  });

  it('says what each schedule is, and that N per week is one reminder a week', () => {
    const read = readFeed(
      feed({
        habits: [
          habit({ frequency: 'weekly', days: [5, 1, 3] }, '2026-11-01', 1),
          habit({ frequency: 'timesPerWeek', timesPerWeek: 3, weekStartsOn: 1 }, '2026-11-01', 2),
        ],
      }),
    );
    expect(read.events.map((event) => [event.summary, event.description, event.categories])).toEqual([
      ['Habit 1', 'Habit. Every Monday, Wednesday, Friday.', ['Habit']],
      ['Habit 2 (3× this week)', 'Habit. 3 times a week, any days: this reminder opens each week (weeks start on Monday).', ['Habit']],
    ]);
  });
});

describe('to-dos in the feed, read by ical.js', () => {
  it('start at their deadline to the second, in the user’s zone with its VTIMEZONE (generated deadlines over the window)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: Date.parse('2025-01-01T12:00:00Z'), max: Date.parse('2031-12-30T12:00:00Z') }), (zone, ms) => {
        const deadline = new Date(Math.floor(ms / 1000) * 1000);
        const read = readFeed(feed({ todos: [todo(deadline)] }, zone));
        expect(read.zone).toBe(zone);
        const [event] = read.events;
        expect(event!.start.toISOString()).toBe(deadline.toISOString());
        if (event!.tzid !== null) expect(read.timezones).toEqual([event!.tzid]);
      }),
      { numRuns: 300 },
    );
  });

  it('a deadline in the hour a DST change repeats is written in UTC (a local time there means its first showing)', () => {
    // New York, 1 November 2026: 01:30 EDT (05:30Z), then 01:30 EST (06:30Z).
    for (const deadline of ['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z']) {
      const text = feed({ todos: [todo(new Date(deadline))] });
      expect(text).toContain(`DTSTART:${deadline.replace(/[-:]/g, '').replace('.000', '')}`);
      expect(readFeed(text).events[0]!.start.toISOString()).toBe(deadline);
    }
    expect(feed({ todos: [todo(new Date('2026-11-01T07:30:00Z'))] })).toContain('DTSTART;TZID=America/New_York:20261101T023000');
  });

  it('marks a completed to-do', () => {
    const [pending, done] = readFeed(
      feed({
        todos: [
          todo(new Date('2026-12-01T17:00:00Z'), { description: 'At the bank' }, 1),
          todo(new Date('2026-12-02T17:00:00Z'), { status: 'completed', completedAt: new Date('2026-12-02T15:00:00Z') }, 2),
        ],
      }),
    ).events;
    expect(pending).toMatchObject({ summary: 'Pay the rent', description: 'Deadline.\n\nAt the bank', categories: ['To-do'] });
    expect(done).toMatchObject({ summary: '✓ Pay the rent', description: 'Completed on 2026-12-02.', categories: ['To-do', 'Completed'] });
  });

  it('keeps every title as written and every line within 75 octets, CRLF-ended', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }), (title) => {
        // What a contract lets in: no NUL or lone surrogates; iCalendar carries no control characters but tab and newline.
        // eslint-disable-next-line no-control-regex
        const storable = title.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').replace(/\r\n?/g, '\n');
        const text = feed({ todos: [todo(new Date('2026-12-01T17:00:00Z'), { title: storable })] });
        expect(readFeed(text).events[0]!.summary).toBe(storable);
        const lines = text.split('\r\n');
        expect(lines.at(-1)).toBe('');
        for (const line of lines) {
          expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
          expect(line).not.toMatch(/[\r\n]/);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('the feed as a whole', () => {
  it('is the same text for the same data: its ETag moves only when something shown does', () => {
    const contents = { habits: [habit({ frequency: 'daily' }, '2026-11-01')], todos: [todo(new Date('2026-12-01T17:00:00Z'))] };
    expect(feed(contents)).toBe(feed(contents));
    const later = renderFeed({ ...contents, freezes: [] }, windowIn('America/New_York', new Date('2026-12-20T12:00:00Z')));
    expect(later).toBe(feed(contents));
  });

  it('covers last year to five years ahead in the user’s zone, with a VTIMEZONE for it', () => {
    const window = windowIn('Pacific/Kiritimati', new Date('2026-12-31T11:00:00Z'));
    // Already 1 January 2027 in Kiritimati (+14).
    expect(window).toMatchObject({ today: '2027-01-01', firstDay: '2026-01-01' });
    expect(window.from.toISOString()).toBe('2025-12-31T10:00:00.000Z');
    expect(window.to.toISOString()).toBe('2032-12-31T10:00:00.000Z');
    const read = readFeed(renderFeed({ todos: [], habits: [], freezes: [] }, windowIn('Asia/Kolkata')));
    expect(read.timezones).toEqual(['Asia/Kolkata']);
  });
});
