import fc from 'fast-check';
import { expect, it } from 'vitest';
import { errorCodeOf } from '../common/testing/error-code-of.ts';
import { habitBackfillPoints, habitPoints } from '../points/rules.ts';
import { addDays } from '../time/local-date.ts';
import { CalendarOracle, QUARTER_MS, ZONES } from '../time/testing/calendar-oracle.ts';
import { calendarAt, changeDayStart, changeZone, startCalendar } from '../time/user-calendar.ts';
import { actionableDecider, type ActionableCommand, type ActionableState } from './actionable.decider.ts';

// A traveller's daily habit: completions, take-backs and backfills at generated instants between
// zone changes (24 zones: DST, ±12/14, the date line) and day-start changes. Today comes from the
// user's calendar; an oracle calendar (Intl, quarter hours) and a plain account of credited days
// say what must happen: no day credited twice, nothing credited after today, the streak and the net
// points of the days credited.

const userId = '22222222-2222-4222-8222-222222222222';
const id = '11111111-1111-4111-8111-111111111111';

type Step = { afterQuarters: number } & (
  { kind: 'zone'; zone: string } | { kind: 'dayStart'; hour: number } | { kind: 'complete' } | { kind: 'undo' } | { kind: 'backfill'; back: number }
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ afterQuarters: fc.integer({ min: 1, max: 120 }), kind: fc.constant('zone' as const), zone: fc.constantFrom(...ZONES) }),
  fc.record({ afterQuarters: fc.integer({ min: 1, max: 120 }), kind: fc.constant('dayStart' as const), hour: fc.integer({ min: 0, max: 23 }) }),
  fc.record({ afterQuarters: fc.integer({ min: 1, max: 60 }), kind: fc.constant('complete' as const) }),
  fc.record({ afterQuarters: fc.integer({ min: 1, max: 60 }), kind: fc.constant('undo' as const) }),
  fc.record({ afterQuarters: fc.integer({ min: 1, max: 60 }), kind: fc.constant('backfill' as const), back: fc.integer({ min: 1, max: 8 }) }),
);

it('a daily habit across zone and day-start changes: one credit a day at most, none after today, streak and points as the plain account', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1_900_000, max: 2_000_000 }), // 2024–2027, on a quarter hour
      fc.constantFrom(...ZONES),
      fc.array(step, { minLength: 5, maxLength: 40 }),
      (startQuarter, zone, steps) => {
        let ms = startQuarter * QUARTER_MS;
        let calendar = startCalendar(new Date(ms), { zone, dayStartHour: 0 });
        const oracle = new CalendarOracle(ms, zone, 0);
        const start = calendar.day;
        let state: ActionableState = actionableDecider.initialState();
        const run = (command: ActionableCommand) => {
          for (const event of actionableDecider.decide(command, state)) {
            if (event.type === 'HabitCompleted') expect(event.data.occurrence <= event.data.localDate).toBe(true);
            state = actionableDecider.evolve(state, { ...event, occurredAt: new Date(ms).toISOString() });
          }
        };
        const clock = () => {
          const now = calendarAt(calendar, new Date(ms));
          return { at: new Date(ms).toISOString(), timezone: now.rule.zone, localDate: now.day };
        };
        run({ type: 'CreateActionable', id, userId, fields: { isHabit: true, weight: 1, title: 'Meditate' }, clock: clock() });

        const credited = new Map<string, boolean>(); // day → backfilled
        const claims: { date: string; claimedOn: string }[] = [];
        const streakAt = (date: string) => {
          let streak = 0;
          for (let d = date; d >= start && credited.has(d); d = addDays(d, -1)) streak += 1;
          return streak;
        };
        let previousToday = oracle.day;
        for (const s of steps) {
          const until = ms + s.afterQuarters * QUARTER_MS;
          while (ms < until) {
            ms += QUARTER_MS;
            oracle.tick(ms);
          }
          if (s.kind === 'zone') {
            oracle.changeZone(ms, s.zone);
            calendar = changeZone(calendar, new Date(ms), s.zone);
            continue;
          }
          if (s.kind === 'dayStart') {
            oracle.changeDayStart(s.hour);
            calendar = changeDayStart(calendar, new Date(ms), s.hour);
            continue;
          }
          const today = clock().localDate;
          expect(today).toBe(oracle.day);
          expect(today >= previousToday).toBe(true);
          previousToday = today;
          if (s.kind === 'complete') {
            const expected = credited.has(today) ? 'habit_already_completed' : undefined;
            expect(errorCodeOf(() => run({ type: 'CompleteHabit', userId, clock: clock() }))).toBe(expected);
            if (expected === undefined) {
              credited.set(today, false);
              claims.push({ date: today, claimedOn: today });
            }
          } else if (s.kind === 'backfill') {
            const date = addDays(today, -s.back);
            const expected = s.back > 7 || date < start ? 'validation_failed' : credited.has(date) ? 'habit_already_completed' : undefined;
            expect(errorCodeOf(() => run({ type: 'BackfillHabit', userId, date, clock: clock() }))).toBe(expected);
            if (expected === undefined) {
              credited.set(date, true);
              claims.push({ date, claimedOn: today });
            }
          } else {
            const last = claims.at(-1);
            const open = last !== undefined && (last.claimedOn === today || last.date === today);
            expect(errorCodeOf(() => run({ type: 'UncompleteHabit', userId, clock: clock() }))).toBe(
              last === undefined ? 'nothing_to_undo' : open ? undefined : 'undo_too_late',
            );
            if (open) {
              credited.delete(last.date);
              claims.pop();
            }
          }
          if (state.status !== 'active') throw new Error('no habit');
          const lastDay = [...credited.keys()].sort().at(-1) ?? null;
          expect(lastDay === null || lastDay <= today).toBe(true);
          expect({ lastCredited: state.item.lastCredited, streak: state.item.streak }).toEqual({
            lastCredited: lastDay,
            streak: lastDay === null ? 0 : streakAt(lastDay),
          });
          const net = [...credited].reduce((sum, [d, back]) => sum + (back ? habitBackfillPoints(1, streakAt(d)) : habitPoints(1, streakAt(d))), 0);
          expect(state.item.pointsAwarded).toBe(net);
        }
      },
    ),
    { numRuns: 80 },
  );
});
