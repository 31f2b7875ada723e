import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Recurrence } from '@tracker/contracts/actionables/http';
import { fold, type Recorded } from '../common/decider.ts';
import { Conflict, ValidationFailed } from '../common/errors.ts';
import { errorCodeOf } from '../common/testing/error-code-of.ts';
import { habitBackfillPoints, habitPoints, receiptPoints } from '../points/rules.ts';
import { addDays, type Clock } from '../time/local-date.ts';
import { actionableDecider, type ActionableCommand, type ActionableState, type ActionableStreamEvent } from './actionable.decider.ts';
import type { DateRange } from './habit-schedule.ts';
import { streakOn } from './habit-schedule.ts';

const userId = '22222222-2222-4222-8222-222222222222';
const id = '11111111-1111-4111-8111-111111111111';
const on = (localDate: string): Clock => ({ at: `${localDate}T12:00:00.000Z`, timezone: 'UTC', localDate });

/** A habit's life: commands decided and folded in order, each answer kept. */
const habitLife = (recurrence: Recurrence, createdOn: string, options: { weight?: number; startDate?: string } = {}) => {
  let state: ActionableState = actionableDecider.initialState();
  const log: Recorded<ActionableStreamEvent>[] = [];
  const run = (command: ActionableCommand, day: string) => {
    const events = actionableDecider.decide(command, state);
    for (const event of events) {
      const recorded = { ...event, occurredAt: on(day).at };
      log.push(recorded);
      state = actionableDecider.evolve(state, recorded);
    }
    return events;
  };
  run(
    {
      type: 'CreateActionable',
      id,
      userId,
      fields: { isHabit: true, recurrence, weight: options.weight ?? 1, title: 'Yoga' },
      startDate: options.startDate,
      clock: on(createdOn),
    },
    createdOn,
  );
  const item = () => {
    if (state.status !== 'active') throw new Error('no habit');
    return state.item;
  };
  return {
    complete: (day: string, freezes: DateRange[] = []) => run({ type: 'CompleteHabit', userId, clock: on(day), freezes }, day),
    backfill: (date: string, day: string, freezes: DateRange[] = []) => run({ type: 'BackfillHabit', userId, date, clock: on(day), freezes }, day),
    undo: (day: string) => run({ type: 'UncompleteHabit', userId, clock: on(day) }, day),
    item,
    log,
    state: () => state,
  };
};
const pointsOf = (events: ActionableStreamEvent[]) =>
  events.reduce((sum, e) => sum + (e.type === 'PointsAwarded' ? e.data.points : e.type === 'PointsRevoked' ? -e.data.points : 0), 0);

describe('a habit’s first day', () => {
  it('a Mon/Wed/Fri habit created on a Thursday is not due until Friday: nothing is credited to the Wednesday before it', () => {
    const habit = habitLife({ frequency: 'weekly', days: [1, 3, 5] }, '2026-11-26');
    expect(() => habit.complete('2026-11-26')).toThrow('Habit is not due today: its next day is 2026-11-27');
    expect(errorCodeOf(() => habit.complete('2026-11-26'))).toBe('habit_not_due');
    expect(habit.complete('2026-11-27').find((e) => e.type === 'HabitCompleted')?.data).toMatchObject({ occurrence: '2026-11-27' });
  });
  it('a day-31 habit created on the 26th is first due on the 30th (November’s last day)', () => {
    const habit = habitLife({ frequency: 'monthly', dayOfMonth: 31 }, '2026-11-26');
    expect(() => habit.complete('2026-11-28')).toThrow('its next day is 2026-11-30');
  });
  it('a habit the user already keeps may start up to 30 days back, and not further', () => {
    const habit = habitLife({ frequency: 'daily' }, '2026-11-26', { startDate: '2026-10-27' });
    expect(habit.item().startDate).toBe('2026-10-27');
    expect(() => habitLife({ frequency: 'daily' }, '2026-11-26', { startDate: '2026-10-26' })).toThrow(ValidationFailed);
  });
  it('every 3 days counts from the start: a completion between credits the occurrence before it', () => {
    const habit = habitLife({ frequency: 'everyNDays', everyNDays: 3 }, '2026-11-01');
    expect(habit.complete('2026-11-05').find((e) => e.type === 'HabitCompleted')?.data).toMatchObject({ occurrence: '2026-11-04' });
    expect(() => habit.complete('2026-11-06')).toThrow(Conflict);
    expect(habit.complete('2026-11-07').find((e) => e.type === 'HabitStreakExtended')?.data).toMatchObject({ occurrence: '2026-11-07', streak: 2 });
  });
});

describe('taking a completion back', () => {
  it('revokes exactly its points and leaves the streak as it was', () => {
    const habit = habitLife({ frequency: 'daily' }, '2026-11-20', { weight: 2 });
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22']) habit.complete(day);
    const before = habit.item();
    const awarded = pointsOf(habit.complete('2026-11-23'));
    const undone = habit.undo('2026-11-23');
    expect(undone[0]).toMatchObject({ type: 'HabitCompletionUndone', data: { occurrence: '2026-11-23', current: { lastCredited: '2026-11-22', streak: 3 } } });
    expect(pointsOf(undone)).toBe(-awarded);
    expect({ ...habit.item(), claims: [] }).toEqual({ ...before, pointsAwarded: before.pointsAwarded, claims: [] });
    // And it can be completed again, for the same points.
    expect(pointsOf(habit.complete('2026-11-23'))).toBe(awarded);
  });
  it('is refused once the period is over, and when there is nothing to take back', () => {
    const habit = habitLife({ frequency: 'daily' }, '2026-11-20');
    expect(errorCodeOf(() => habit.undo('2026-11-20'))).toBe('nothing_to_undo');
    habit.complete('2026-11-20');
    expect(errorCodeOf(() => habit.undo('2026-11-21'))).toBe('undo_too_late');
  });
  it('of a weekly habit stays possible until its next occurrence', () => {
    const habit = habitLife({ frequency: 'weekly', days: [1, 4] }, '2026-11-23'); // Monday
    habit.complete('2026-11-23');
    expect(habit.undo('2026-11-25')[0]?.type).toBe('HabitCompletionUndone'); // Wednesday: Monday's period still
  });
});

describe('backfilling a missed day', () => {
  it('joins two runs: the day earns half, each later day the streak it gained', () => {
    const habit = habitLife({ frequency: 'daily' }, '2026-11-01', { weight: 1 });
    for (const day of ['2026-11-01', '2026-11-02', '2026-11-04', '2026-11-05']) habit.complete(day);
    expect(habit.item().streak).toBe(2);
    const events = habit.backfill('2026-11-03', '2026-11-05');
    const expected = habitBackfillPoints(1, 3) + habitPoints(1, 4) - habitPoints(1, 1) + habitPoints(1, 5) - habitPoints(1, 2);
    expect(pointsOf(events)).toBe(expected);
    expect(events[0]).toMatchObject({ type: 'HabitCompleted', data: { occurrence: '2026-11-03', localDate: '2026-11-05', backfilled: true } });
    expect(events[1]).toMatchObject({
      type: 'HabitCreditsRecounted',
      data: {
        recounted: [
          { occurrence: '2026-11-03', streak: 3 },
          { occurrence: '2026-11-04', streak: 4 },
          { occurrence: '2026-11-05', streak: 5 },
        ],
        previous: [
          { occurrence: '2026-11-04', streak: 1 },
          { occurrence: '2026-11-05', streak: 2 },
        ],
        current: { lastCredited: '2026-11-05', streak: 5 },
      },
    });
    // Taken back the same day: every streak as before, the whole award revoked.
    const undone = habit.undo('2026-11-05');
    expect(pointsOf(undone)).toBe(-expected);
    expect(habit.item().streak).toBe(2);
  });
  it.each([
    ['today', '2026-11-10', ValidationFailed],
    ['8 days back', '2026-11-02', ValidationFailed],
    ['before the start', '2026-11-04', ValidationFailed],
    ['not scheduled (a Tuesday of a Mon/Wed/Fri habit)', '2026-11-03', ValidationFailed],
    ['already credited', '2026-11-06', Conflict],
  ])('refuses %s', (_, date, error) => {
    const habit = habitLife({ frequency: 'weekly', days: [1, 3, 5] }, '2026-11-05', { startDate: '2026-11-05' });
    habit.complete('2026-11-06');
    expect(() => habit.backfill(date, '2026-11-10')).toThrow(error);
  });
});

describe('freezes', () => {
  it('frozen days neither break nor extend a streak', () => {
    const habit = habitLife({ frequency: 'daily' }, '2026-11-01');
    habit.complete('2026-11-01');
    habit.complete('2026-11-02');
    const freezes = [{ from: '2026-11-03', to: '2026-11-05' }];
    const events = habit.complete('2026-11-06', freezes);
    expect(events.map((e) => e.type)).toEqual(['HabitCompleted', 'HabitStreakExtended', 'PointsAwarded']);
    expect(habit.item().streak).toBe(3);
    expect(streakOn({ recurrence: { frequency: 'daily' }, startDate: '2026-11-01' }, { lastCredited: '2026-11-02', streak: 2 }, '2026-11-05', freezes)).toBe(2);
  });
  it('records only the freezes its streak can see: years of past freezes (more than an event holds) and later ones stay out', () => {
    const habit = habitLife({ frequency: 'daily' }, '2026-11-01', { startDate: '2026-10-20' });
    habit.complete('2026-11-01');
    habit.complete('2026-11-02');
    // Two a month for five years before the habit's credits, one that bridges its gap, one next month.
    const past = Array.from({ length: 120 }, (_, n) => ({ from: addDays('2021-11-01', n * 15), to: addDays('2021-11-01', n * 15 + 2) }));
    const bridge = { from: '2026-11-03', to: '2026-11-05' };
    const later = { from: '2026-12-01', to: '2026-12-03' };
    const events = habit.complete('2026-11-06', [...past, bridge, later]);
    expect(events[0]).toMatchObject({ type: 'HabitCompleted', data: { frozen: [bridge] } });
    expect(habit.item().streak).toBe(3);
    // A backfill recounts from the day it records, so a freeze from there on is in reach.
    const backfilled = habit.backfill('2026-10-31', '2026-11-06', [...past, { from: '2026-10-30', to: '2026-10-30' }, bridge, later]);
    expect(backfilled[0]).toMatchObject({ type: 'HabitCompleted', data: { frozen: [bridge] } });
    expect(backfilled.find((e) => e.type === 'HabitCreditsRecounted')?.data).toMatchObject({ current: { lastCredited: '2026-11-06', streak: 4 } });
  });
  it('sees the freezes in reach as it would see them all (streaks and points alike)', () => {
    const past = Array.from({ length: 40 }, (_, n) => ({ from: addDays('2023-01-01', n * 15), to: addDays('2023-01-01', n * 15 + 2) }));
    const bridges = [
      { from: '2026-11-03', to: '2026-11-04' },
      { from: '2026-11-08', to: '2026-11-08' },
    ];
    const all = [...past, ...bridges];
    const withAll = habitLife({ frequency: 'weekly', days: [1, 3, 5] }, '2026-10-30', { startDate: '2026-10-26' });
    const inReach = habitLife({ frequency: 'weekly', days: [1, 3, 5] }, '2026-10-30', { startDate: '2026-10-26' });
    for (const day of ['2026-10-30', '2026-11-02', '2026-11-06', '2026-11-11']) {
      withAll.complete(day, all);
      inReach.complete(day, bridges);
    }
    withAll.backfill('2026-11-09', '2026-11-12', all);
    inReach.backfill('2026-11-09', '2026-11-12', bridges);
    expect(withAll.log).toEqual(inReach.log);
  });
});

describe('N times per week', () => {
  it('counts weeks met: a week is met by its Nth completion, one a day', () => {
    const habit = habitLife({ frequency: 'timesPerWeek', timesPerWeek: 3, weekStartsOn: 1 }, '2026-11-02'); // a Monday
    expect(habit.complete('2026-11-02').map((e) => e.type)).toEqual(['HabitCompleted', 'PointsAwarded']);
    expect(() => habit.complete('2026-11-02')).toThrow(Conflict);
    habit.complete('2026-11-04');
    expect(habit.complete('2026-11-06').find((e) => e.type === 'HabitStreakExtended')?.data).toMatchObject({ occurrence: '2026-11-02', streak: 1 });
    expect(() => habit.complete('2026-11-07')).toThrow('Habit already completed for this period');
    for (const day of ['2026-11-09', '2026-11-10', '2026-11-11']) habit.complete(day);
    expect(habit.item().streak).toBe(2);
  });
});

// ——— Property: generated histories against an oracle that keeps every credited day ———
// The oracle is the plain account: the set of credited days, with which were backfilled, and a
// stack of completions to take back. A streak is counted by walking the schedule back day by day.

type Kind = 'daily' | 'weekly' | 'everyNDays';
const schedules: Record<Kind, Recurrence> = {
  daily: { frequency: 'daily' },
  weekly: { frequency: 'weekly', days: [1, 3, 5] },
  everyNDays: { frequency: 'everyNDays', everyNDays: 2 },
};
const START = '2026-03-01';
const dayIndex = (date: string) => Math.round((Date.parse(date) - Date.parse(START)) / 86_400_000);
const scheduled = (kind: Kind, date: string): boolean => {
  const n = dayIndex(date);
  if (n < 0) return false;
  if (kind === 'daily') return true;
  if (kind === 'everyNDays') return n % 2 === 0;
  return [1, 3, 5].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
};

type Action = { kind: 'complete' } | { kind: 'undo' } | { kind: 'backfill'; back: number } | { kind: 'skip' };
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ kind: 'complete' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 9 }).map((back) => ({ kind: 'backfill' as const, back })) },
  { weight: 3, arbitrary: fc.constant({ kind: 'skip' as const }) },
);
/** Each day's actions, day by day from START. */
const actionsByDay = fc.array(fc.array(action, { maxLength: 3 }), { minLength: 10, maxLength: 45 });
/** No freeze, or one of 1 to 6 days starting 3 to 40 days after START. */
const freezesFromStart: fc.Arbitrary<DateRange[]> = fc
  .option(fc.record({ from: fc.integer({ min: 3, max: 40 }), length: fc.integer({ min: 1, max: 6 }) }))
  .map((at) => (at ? [{ from: addDays(START, at.from), to: addDays(START, at.from + at.length - 1) }] : []));

describe('every history of completions, take-backs and backfills (property, against an oracle)', () => {
  it.each(['daily', 'weekly', 'everyNDays'] as const)('%s: the same refusals, streaks and net points as the plain account', (kind) => {
    fc.assert(
      fc.property(actionsByDay, freezesFromStart, (days, freezes) => {
        const frozen = (date: string) => freezes.some((f) => f.from <= date && date <= f.to);
        const habit = habitLife(schedules[kind], START, { weight: 2 });
        const credited = new Map<string, { backfilled: boolean }>();
        const claims: { date: string; claimedOn: string }[] = [];
        const latestOnOrBefore = (date: string): string | null => {
          for (let d = date; d >= START; d = addDays(d, -1)) if (scheduled(kind, d)) return d;
          return null;
        };
        /** Consecutive scheduled days credited, back from `date` (frozen ones skipped). */
        const streakAt = (date: string): number => {
          let streak = 0;
          for (let d = date; d >= START; d = addDays(d, -1)) {
            if (!scheduled(kind, d)) continue;
            if (credited.has(d)) streak += 1;
            else if (!frozen(d)) break;
          }
          return streak;
        };
        const expectedNet = () =>
          [...credited].reduce(
            (sum, [date, { backfilled }]) => sum + (backfilled ? habitBackfillPoints(2, streakAt(date)) : habitPoints(2, streakAt(date))),
            0,
          );

        days.forEach((actions, n) => {
          const today = addDays(START, n);
          for (const a of actions) {
            const latestCredit = [...credited.keys()].sort().at(-1);
            if (a.kind === 'complete') {
              const occurrence = latestOnOrBefore(today);
              const ok = occurrence !== null && !credited.has(occurrence) && !(latestCredit !== undefined && latestCredit > occurrence);
              const code = errorCodeOf(() => habit.complete(today, freezes));
              expect(code).toBe(ok ? undefined : occurrence === null ? 'habit_not_due' : 'habit_already_completed');
              if (ok) {
                credited.set(occurrence, { backfilled: false });
                claims.push({ date: occurrence, claimedOn: today });
              }
            } else if (a.kind === 'backfill') {
              const date = addDays(today, -a.back);
              const inWindow = a.back >= 1 && a.back <= 7 && date >= START && scheduled(kind, date);
              const code = errorCodeOf(() => habit.backfill(date, today, freezes));
              expect(code).toBe(!inWindow ? 'validation_failed' : credited.has(date) ? 'habit_already_completed' : undefined);
              if (inWindow && !credited.has(date)) {
                credited.set(date, { backfilled: true });
                claims.push({ date, claimedOn: today });
              }
            } else if (a.kind === 'undo') {
              const last = claims.at(-1);
              const open = last !== undefined && (last.claimedOn === today || latestOnOrBefore(today) === last.date);
              const code = errorCodeOf(() => habit.undo(today));
              expect(code).toBe(last === undefined ? 'nothing_to_undo' : open ? undefined : 'undo_too_late');
              if (open) {
                credited.delete(last.date);
                claims.pop();
              }
            }
            const item = habit.item();
            const last = [...credited.keys()].sort().at(-1) ?? null;
            expect({ lastCredited: item.lastCredited, streak: item.streak }).toEqual({ lastCredited: last, streak: last === null ? 0 : streakAt(last) });
            expect(item.pointsAwarded).toBe(expectedNet());
          }
        });
        // A snapshot (plain JSON) decides alike.
        expect(JSON.parse(JSON.stringify(habit.state()))).toEqual(habit.state());
        expect(fold(actionableDecider, habit.log)).toEqual(habit.state());
        // Every award's receipt is its points, and its inputs give them again by the rules of its version.
        for (const event of habit.log)
          if (event.type === 'PointsAwarded')
            expect([event.data.receipt?.points, receiptPoints(event.data.receipt!)]).toEqual([event.data.points, event.data.points]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('every history of an N-per-week habit (property, against an oracle)', () => {
  it('3 times a week, weeks from Monday: the same refusals, weeks-met streak and net points as the plain account', () => {
    const QUOTA = 3;
    // 2026-03-02 is a Monday; the habit starts on Sunday 2026-03-01, in the week before.
    const weekOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
    fc.assert(
      fc.property(actionsByDay, freezesFromStart, (days, freezes) => {
        const weekFrozen = (week: string) => [0, 1, 2, 3, 4, 5, 6].some((d) => freezes.some((f) => f.from <= addDays(week, d) && addDays(week, d) <= f.to));
        const habit = habitLife({ frequency: 'timesPerWeek', timesPerWeek: QUOTA, weekStartsOn: 1 }, START, { weight: 3 });
        const credited = new Map<string, { backfilled: boolean }>();
        const claims: { date: string; claimedOn: string }[] = [];
        const inWeek = (week: string) => [...credited.keys()].filter((d) => weekOf(d) === week).sort();
        const met = (week: string) => inWeek(week).length >= QUOTA;
        /** Met weeks in a row ending with `week` (unmet frozen weeks skipped). */
        const chainTo = (week: string): number => {
          let streak = 0;
          for (let w = week; addDays(w, 6) >= START; w = addDays(w, -7)) {
            if (met(w)) streak += 1;
            else if (!weekFrozen(w)) break;
          }
          return streak;
        };
        /** The streak a credited day stands at: its week's chain if it is the day that met it, else the chain before its week. */
        const standsAt = (date: string): number => {
          const week = weekOf(date);
          if (inWeek(week).indexOf(date) === QUOTA - 1) return chainTo(week);
          let w = addDays(week, -7);
          while (addDays(w, 6) >= START && !met(w) && weekFrozen(w)) w = addDays(w, -7);
          return addDays(w, 6) >= START && met(w) ? chainTo(w) : 0;
        };
        const expectedNet = () =>
          [...credited].reduce(
            (sum, [date, { backfilled }]) =>
              sum + (backfilled ? habitBackfillPoints(3, Math.max(1, standsAt(date))) : habitPoints(3, Math.max(1, standsAt(date)))),
            0,
          );
        days.forEach((actions, n) => {
          const today = addDays(START, n);
          for (const a of actions) {
            if (a.kind === 'complete') {
              const ok = !credited.has(today) && !met(weekOf(today));
              expect(errorCodeOf(() => habit.complete(today, freezes))).toBe(ok ? undefined : 'habit_already_completed');
              if (ok) {
                credited.set(today, { backfilled: false });
                claims.push({ date: today, claimedOn: today });
              }
            } else if (a.kind === 'backfill') {
              const date = addDays(today, -a.back);
              const inWindow = a.back >= 1 && a.back <= 7 && date >= START;
              const refused = !inWindow ? 'validation_failed' : credited.has(date) || met(weekOf(date)) ? 'habit_already_completed' : undefined;
              expect(errorCodeOf(() => habit.backfill(date, today, freezes))).toBe(refused);
              if (refused === undefined) {
                credited.set(date, { backfilled: true });
                claims.push({ date, claimedOn: today });
              }
            } else if (a.kind === 'undo') {
              const last = claims.at(-1);
              const open = last !== undefined && (last.claimedOn === today || weekOf(today) === weekOf(last.date));
              expect(errorCodeOf(() => habit.undo(today))).toBe(last === undefined ? 'nothing_to_undo' : open ? undefined : 'undo_too_late');
              if (open) {
                credited.delete(last.date);
                claims.pop();
              }
            }
            const item = habit.item();
            const lastMet = [...new Set([...credited.keys()].map(weekOf))].sort().filter(met).at(-1) ?? null;
            expect({ lastCredited: item.lastCredited, streak: item.streak }).toEqual({
              lastCredited: lastMet,
              streak: lastMet === null ? 0 : chainTo(lastMet),
            });
            expect(item.pointsAwarded).toBe(expectedNet());
          }
        });
      }),
      { numRuns: 60 },
    );
  });
});
