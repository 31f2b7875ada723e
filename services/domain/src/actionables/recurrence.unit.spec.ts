// fast-check is a dev dependency of the repository, used only by tests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDateOf } from '../time/local-date.ts';
import { HABIT_STREAK_MAX, type Recurrence } from '@tracker/contracts/actionables/http';
import {
  creditCompletion,
  isNextAfter,
  isOccurrence,
  latestOccurrenceOnOrBefore,
  nextOccurrenceAfter,
  occurrencesBetween,
  previousOccurrence,
  streakAt,
  weekdayOf,
  type StreakState,
} from './recurrence.ts';
import {
  StreakOracle,
  dateOf,
  dayNumber,
  instantAtLocal,
  intlLocalDate,
  isScheduled,
  scheduledAfter,
  scheduledOnOrBefore,
  zones,
} from './testing/streak-oracle.ts';

const daily: Recurrence = { frequency: 'daily' };
const monWedFri: Recurrence = { frequency: 'weekly', days: [1, 3, 5] };
const sundays: Recurrence = { frequency: 'weekly', days: [0] };
const on31st: Recurrence = { frequency: 'monthly', dayOfMonth: 31 };
const on15th: Recurrence = { frequency: 'monthly', dayOfMonth: 15 };

describe('occurrences', () => {
  it('numbers weekdays from Sunday 0', () => {
    expect(weekdayOf('2026-03-01')).toBe(0); // a Sunday
    expect(weekdayOf('2026-03-07')).toBe(6);
  });

  it.each([
    [daily, '2026-03-04', '2026-03-04'],
    [monWedFri, '2026-03-04', '2026-03-04'], // Wednesday
    [monWedFri, '2026-03-05', '2026-03-04'], // Thursday → Wednesday
    [monWedFri, '2026-03-01', '2026-02-27'], // Sunday → Friday before
    [sundays, '2026-03-07', '2026-03-01'],
    [on31st, '2026-02-28', '2026-02-28'], // clamped to February's last day
    [on31st, '2026-02-27', '2026-01-31'],
    [on31st, '2024-02-29', '2024-02-29'], // leap year
    [on31st, '2026-04-30', '2026-04-30'],
    [on31st, '2026-05-30', '2026-04-30'],
    [on15th, '2026-01-14', '2025-12-15'], // across the year
    [on15th, '2026-01-15', '2026-01-15'],
  ])('%j: the occurrence on or before %s is %s', (recurrence, date, expected) => {
    expect(latestOccurrenceOnOrBefore(recurrence, date)).toBe(expected);
  });

  it.each([
    [daily, '2026-03-01', '2026-02-28', '2026-03-02'],
    [monWedFri, '2026-03-02', '2026-02-27', '2026-03-04'],
    [on31st, '2026-03-31', '2026-02-28', '2026-04-30'],
    [on31st, '2026-02-28', '2026-01-31', '2026-03-31'],
    [on15th, '2026-12-20', '2026-12-15', '2027-01-15'],
  ])('%j: around %s the previous occurrence is %s and the next %s', (recurrence, date, previous, next) => {
    expect(previousOccurrence(recurrence, date)).toBe(previous);
    expect(nextOccurrenceAfter(recurrence, date)).toBe(next);
  });

  it('lists the occurrences of a range', () => {
    expect(occurrencesBetween(monWedFri, '2026-03-01', '2026-03-08')).toEqual(['2026-03-02', '2026-03-04', '2026-03-06']);
    expect(occurrencesBetween(on31st, '2026-01-01', '2026-04-30')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(occurrencesBetween(daily, '2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe('streaks', () => {
  it.each([
    [daily, '2026-03-01', '2026-03-02', true],
    [daily, '2026-03-01', '2026-03-03', false], // 03-02 was missed
    [daily, null, '2026-03-03', false],
    [daily, '2026-03-03', '2026-03-03', false],
    [monWedFri, '2026-02-27', '2026-03-02', true], // Friday → Monday: nothing scheduled between
    [monWedFri, '2026-03-02', '2026-03-06', false], // Wednesday missed
    [on31st, '2026-01-31', '2026-02-28', true],
    [monWedFri, '2026-03-03', '2026-03-04', true], // last credit on a day no longer scheduled (recurrence changed)
  ])('%j: after %s, %s is next: %s', (recurrence, lastCredited, occurrence, expected) => {
    expect(isNextAfter(recurrence, lastCredited, occurrence)).toBe(expected);
  });

  it.each([
    ['today is credited', daily, '2026-03-05', 4, '2026-03-05', 4],
    ['today still open', daily, '2026-03-04', 4, '2026-03-05', 4],
    ['yesterday missed', daily, '2026-03-03', 4, '2026-03-05', 0],
    ['between occurrences', monWedFri, '2026-03-04', 2, '2026-03-05', 2],
    ['Friday open on Saturday', monWedFri, '2026-03-04', 2, '2026-03-07', 2],
    ['Friday missed by Monday', monWedFri, '2026-03-04', 2, '2026-03-09', 0],
    ['never completed', daily, null, 0, '2026-03-05', 0],
    ['today before the last credit (travel west)', daily, '2026-03-05', 3, '2026-03-04', 3],
  ])('%s', (_, recurrence, lastCredited, streak, today, expected) => {
    expect(streakAt(recurrence, lastCredited, streak, today)).toBe(expected);
  });

  it.each<[string, StreakState, string, ReturnType<typeof creditCompletion>]>([
    [
      'a first completion starts at 1',
      { lastCredited: null, streak: 0 },
      '2026-03-02',
      { kind: 'credited', occurrence: '2026-03-02', streak: 1, reset: false },
    ],
    [
      'the next occurrence extends',
      { lastCredited: '2026-03-02', streak: 1 },
      '2026-03-04',
      { kind: 'credited', occurrence: '2026-03-04', streak: 2, reset: false },
    ],
    [
      'a late completion credits the occurrence it follows',
      { lastCredited: '2026-03-02', streak: 1 },
      '2026-03-05',
      { kind: 'credited', occurrence: '2026-03-04', streak: 2, reset: false },
    ],
    ['a miss resets', { lastCredited: '2026-03-02', streak: 5 }, '2026-03-06', { kind: 'credited', occurrence: '2026-03-06', streak: 1, reset: true }],
    ['the same occurrence twice is refused', { lastCredited: '2026-03-04', streak: 2 }, '2026-03-05', { kind: 'already-credited', occurrence: '2026-03-04' }],
    ['an earlier occurrence is refused', { lastCredited: '2026-03-04', streak: 2 }, '2026-03-02', { kind: 'already-credited', occurrence: '2026-03-02' }],
  ])('%s', (_, state, localDate, expected) => {
    expect(creditCompletion(monWedFri, state, localDate)).toEqual(expected);
  });
});

describe('the local day of a completion', () => {
  it.each([
    ['2026-03-08T06:30:00Z', 'America/New_York', '2026-03-08'], // the spring-forward morning
    ['2026-03-08T04:59:00Z', 'America/New_York', '2026-03-07'],
    ['2026-03-01T18:14:00Z', 'Asia/Kathmandu', '2026-03-01'],
    ['2026-03-01T18:15:00Z', 'Asia/Kathmandu', '2026-03-02'], // +05:45
    ['2026-03-01T10:00:00Z', 'Pacific/Kiritimati', '2026-03-02'], // +14
    ['2026-03-01T10:00:00Z', 'Pacific/Pago_Pago', '2026-02-28'], // −11
    ['2011-12-30T12:00:00Z', 'Pacific/Apia', '2011-12-31'], // the day Samoa skipped
  ])('%s in %s is %s', (instant, zone, expected) => expect(localDateOf(instant, zone)).toBe(expected));
});

// --- properties, against the day-counting oracle in ./testing/streak-oracle.ts ---

const RUNS = 400;
const recurrences: fc.Arbitrary<Recurrence> = fc.oneof(
  fc.constant<Recurrence>({ frequency: 'daily' }),
  fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }).map((days): Recurrence => ({ frequency: 'weekly', days: days.sort() })),
  fc.integer({ min: 1, max: 31 }).map((dayOfMonth): Recurrence => ({ frequency: 'monthly', dayOfMonth })),
);
const FROM = dayNumber('1990-01-01');
const TO = dayNumber('2060-12-31');
const dates = fc.integer({ min: FROM, max: TO }).map(dateOf);
const zone = fc.constantFrom(...zones);

describe('properties: occurrences match day counting', () => {
  it('latest, previous and next occurrences', () =>
    fc.assert(
      fc.property(recurrences, dates, (recurrence, date) => {
        const day = dayNumber(date);
        expect(latestOccurrenceOnOrBefore(recurrence, date)).toBe(dateOf(scheduledOnOrBefore(recurrence, day)));
        expect(previousOccurrence(recurrence, date)).toBe(dateOf(scheduledOnOrBefore(recurrence, day - 1)));
        expect(nextOccurrenceAfter(recurrence, date)).toBe(dateOf(scheduledAfter(recurrence, day)));
        expect(isOccurrence(recurrence, date)).toBe(isScheduled(recurrence, day));
      }),
      { numRuns: 3000 },
    ));
});

/** Completions: each a step forward in time (minutes, up to ~5 days) and the zone the user is in then. */
const histories = fc.record({
  recurrence: recurrences,
  start: fc.integer({ min: dayNumber('2005-01-01'), max: dayNumber('2035-01-01') }).map((day) => day * 86_400_000),
  steps: fc.array(fc.record({ minutes: fc.integer({ min: 0, max: 5 * 24 * 60 }), zone, moves: fc.boolean() }), { minLength: 1, maxLength: 60 }),
  homeZone: zone,
  lookAhead: fc.integer({ min: 0, max: 70 }),
});

describe(`properties: completion histories across ${zones.length} zones`, () => {
  it('credits the local date in the zone of each completion; streaks and refusals equal the oracle', () =>
    fc.assert(
      fc.property(histories, ({ recurrence, start, steps, homeZone, lookAhead }) => {
        const oracle = new StreakOracle(recurrence);
        let state: StreakState = { lastCredited: null, streak: 0 };
        let at = start;
        let where: string = homeZone;
        let lastDay = 0;
        for (const step of steps) {
          at += step.minutes * 60_000;
          if (step.moves) where = step.zone;
          const localDate = localDateOf(new Date(at), where);
          expect(localDate).toBe(intlLocalDate(at, where));
          lastDay = Math.max(lastDay, dayNumber(localDate));

          const expected = oracle.complete(dayNumber(localDate));
          const credit = creditCompletion(recurrence, state, localDate);
          if (expected === 'refused') {
            expect(credit.kind).toBe('already-credited');
            continue;
          }
          expect(credit).toMatchObject({ kind: 'credited', occurrence: dateOf(expected.occurrence), streak: expected.streak });
          if (credit.kind === 'credited') {
            expect(credit.reset).toBe(credit.streak === 1 && state.streak > 0);
            state = { lastCredited: credit.occurrence, streak: credit.streak };
          }
        }
        for (let today = lastDay; today <= lastDay + lookAhead; today += 7) {
          expect(streakAt(recurrence, state.lastCredited, state.streak, dateOf(today))).toBe(oracle.streakOn(today));
        }
      }),
      { numRuns: RUNS },
    ));

  it('never resets a streak kept occurrence by occurrence in local time, whatever zone each completion is made in', () =>
    fc.assert(
      fc.property(
        recurrences,
        fc.integer({ min: dayNumber('2005-01-01'), max: dayNumber('2035-01-01') }),
        fc.array(fc.record({ zone, minuteOfDay: fc.integer({ min: 0, max: 24 * 60 - 1 }), lateBy: fc.integer({ min: 0, max: 3 }) }), {
          minLength: 2,
          maxLength: 40,
        }),
        (recurrence, firstDay, completions) => {
          let occurrence = scheduledOnOrBefore(recurrence, firstDay);
          let state: StreakState = { lastCredited: null, streak: 0 };
          completions.forEach((completion, index) => {
            // Completed on its occurrence, or a few days later but before the next one: still "kept".
            const next = scheduledAfter(recurrence, occurrence);
            const day = Math.min(occurrence + completion.lateBy, next - 1);
            const instant = instantAtLocal(dateOf(day), completion.minuteOfDay, completion.zone);
            fc.pre(intlLocalDate(instant, completion.zone) === dateOf(day)); // that wall-clock time exists that day
            const credit = creditCompletion(recurrence, state, localDateOf(new Date(instant), completion.zone));
            expect(credit).toEqual({ kind: 'credited', occurrence: dateOf(occurrence), streak: index + 1, reset: false });
            state = { lastCredited: dateOf(occurrence), streak: index + 1 };
            expect(streakAt(recurrence, state.lastCredited, state.streak, dateOf(next - 1))).toBe(index + 1);
            occurrence = next;
          });
        },
      ),
      { numRuns: RUNS },
    ));
});

describe("at the calendar's edges", () => {
  it('stops a streak at the longest an event records (HABIT_STREAK_MAX), still crediting the completion', () => {
    expect(creditCompletion(daily, { lastCredited: '2026-03-01', streak: HABIT_STREAK_MAX }, '2026-03-02')).toEqual({
      kind: 'credited',
      occurrence: '2026-03-02',
      streak: HABIT_STREAK_MAX,
      reset: false,
    });
    expect(creditCompletion(daily, { lastCredited: '2026-03-01', streak: HABIT_STREAK_MAX - 1 }, '2026-03-02')).toMatchObject({ streak: HABIT_STREAK_MAX });
    expect(creditCompletion(daily, { lastCredited: '2026-03-01', streak: 7 }, '2026-03-02')).toMatchObject({ streak: 8 });
  });
  it('refuses to walk past 9999-12-31 rather than write +010000-01-01, which sorts before every real date', () => {
    expect(latestOccurrenceOnOrBefore(daily, '9999-12-31')).toBe('9999-12-31');
    expect(() => nextOccurrenceAfter(daily, '9999-12-31')).toThrow(RangeError);
  });
  it('finds a next occurrence before 9999-12-31 though its search looks past that day', () => {
    expect(nextOccurrenceAfter(daily, '9999-12-21')).toBe('9999-12-22');
    expect(nextOccurrenceAfter({ frequency: 'monthly', dayOfMonth: 31 }, '9999-11-30')).toBe('9999-12-31');
  });
  it('refuses what is not a calendar date rather than rolling it over (2026-02-30 is not March 2)', () => {
    expect(() => latestOccurrenceOnOrBefore(daily, '2026-02-30')).toThrow('Not a calendar date: 2026-02-30');
    expect(() => previousOccurrence(daily, '2026-13-01')).toThrow('Not a calendar date');
    expect(latestOccurrenceOnOrBefore(daily, '2024-02-29')).toBe('2024-02-29');
  });
});
