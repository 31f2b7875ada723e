import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awardReceipt, type AwardReceipt } from '@tracker/contracts/points/receipt';
import { actionableDecider, type ActionableStreamEvent } from '../actionables/actionable.decider.ts';
import { fold, type Recorded } from '../common/decider.ts';
import { goalDecider } from '../goals/goal.decider.ts';
import { subtaskDecider } from '../goals/subtask.decider.ts';
import { taskDecider } from '../goals/task.decider.ts';
import { addDays, clockAt } from '../time/local-date.ts';
import {
  actionableAward,
  actionablePoints,
  habitAward,
  habitBackfillAward,
  habitBackfillPoints,
  habitPoints,
  receiptPoints,
  workItemAward,
  workItemPoints,
  type Award,
} from './rules.ts';

// The points table (DESIGN.md, "Points rules"), one row per rule: for every input, the award's
// receipt is its points, the receipt's inputs give those points again by its version's rules, and
// both equal the table's formula. Then the same through the deciders: what an event awards is what
// its receipt says.

const USER = '6b0f1c9e-2f5c-4b8e-9a51-0d6f3f0e8a11';
const ID = '1d6b2c1e-5b0e-4f7e-8c55-2b3c4d5e6f70';
const PARENT = '2e7c3d2f-6c1f-4a8f-9d66-3c4d5e6f7081';

const priority = fc.integer({ min: 1, max: 5 });
const weight = fc.integer({ min: 1, max: 10 });
const pointsToBeAwarded = fc.integer({ min: 0, max: 1000 });
const streak = fc.integer({ min: 0, max: 400 });
const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2020-01-01', n));

/** The award is what its receipt says, the receipt is a contract receipt, and its inputs give its points again. */
const holds = (award: Award, table: number): void => {
  expect(awardReceipt.parse(award.receipt)).toEqual(award.receipt);
  expect(award.receipt.points).toBe(award.points);
  expect(receiptPoints(award.receipt)).toBe(award.points);
  expect(award.points).toBe(table);
};

describe('receipts over the rules table (property)', () => {
  it('goal, task, subtask: base × (6 − priority)', () => {
    fc.assert(
      fc.property(fc.constantFrom('goal' as const, 'task' as const, 'subtask' as const), priority, (kind, p) => {
        const award = workItemAward(kind, p);
        holds(award, workItemPoints(kind, p));
        expect(award.receipt).toMatchObject({ rule: kind, inputs: { priority: p, base: { goal: 25, task: 10, subtask: 5 }[kind] } });
        expect(award.points).toBe((award.receipt.inputs as { base: number }).base * (6 - p));
      }),
    );
  });

  it('actionable: its own amount or 10 × weight, halved (at least 1) when completed after its deadline’s day', () => {
    fc.assert(
      fc.property(weight, pointsToBeAwarded, fc.option(day), day, (w, own, deadline, completed) => {
        const award = actionableAward(w, own, deadline, completed);
        const late = deadline !== null && completed > deadline;
        holds(award, actionablePoints(w, own, late));
        const full = own > 0 ? own : 10 * w;
        expect(award.points).toBe(late ? Math.max(1, Math.floor(full / 2)) : full);
        expect(award.receipt.inputs).toEqual({
          weight: w,
          pointsToBeAwarded: own,
          late,
          daysLate: late ? Math.round((Date.parse(completed) - Date.parse(deadline!)) / 86_400_000) : 0,
        });
      }),
    );
  });

  it('habit: 10w + min(streak − 1, 10) × w at the streak after it (counted as at least 1)', () => {
    fc.assert(
      fc.property(weight, streak, (w, s) => {
        const award = habitAward(w, s);
        holds(award, habitPoints(w, Math.max(1, s)));
        expect(award.points).toBe(10 * w + Math.min(Math.max(1, s) - 1, 10) * w);
      }),
    );
  });

  it('habit day recorded afterwards: half, plus what each later credit’s longer streak adds', () => {
    const recounted = fc.array(
      fc.record({ date: day, previousStreak: streak, lengthenedBy: fc.integer({ min: 1, max: 8 }), backfilled: fc.boolean() }).map((c) => ({
        date: c.date,
        streak: c.previousStreak + c.lengthenedBy,
        previousStreak: c.previousStreak,
        backfilled: c.backfilled,
      })),
      { maxLength: 7 },
    );
    fc.assert(
      fc.property(weight, streak, day, recounted, (w, s, date, later) => {
        const worth = (backfilled: boolean, at: number) => (backfilled ? habitBackfillPoints(w, Math.max(1, at)) : habitPoints(w, Math.max(1, at)));
        const table = later.reduce(
          (sum, c) => sum + worth(c.backfilled, c.streak) - worth(c.backfilled, c.previousStreak),
          habitBackfillPoints(w, Math.max(1, s)),
        );
        holds(habitBackfillAward(w, s, date, later), table);
      }),
    );
  });

  it('knows no rules version it was not given, and no receipt whose inputs it cannot count', () => {
    const receipt: AwardReceipt = { rule: 'habit', rulesVersion: 1, inputs: { weight: 2, streak: 3 }, points: 24 };
    expect(receiptPoints(receipt)).toBe(24);
    expect(receiptPoints({ ...receipt, rulesVersion: 99 })).toBeNull();
    // The inputs decide, not the points it claims.
    expect(receiptPoints({ ...receipt, inputs: { weight: 2, streak: 4 } })).toBe(26);
  });
});

const recorded = <E>(event: E, at = '2026-03-01T12:00:00.000Z'): Recorded<E> => ({ ...event, occurredAt: at });
const awardsIn = (events: readonly { type: string }[]) =>
  events.flatMap((e) => (e.type === 'PointsAwarded' ? [(e as Extract<ActionableStreamEvent, { type: 'PointsAwarded' }>).data] : []));

describe('what the deciders award is what their receipts say (property)', () => {
  it('goals, tasks and subtasks, completed at any priority, reopened and completed again', () => {
    fc.assert(
      fc.property(fc.constantFrom('goal' as const, 'task' as const, 'subtask' as const), priority, priority, (kind, first, second) => {
        const decider = { goal: goalDecider, task: taskDecider, subtask: subtaskDecider }[kind] as typeof goalDecider;
        const create = {
          goal: { type: 'CreateGoal', id: ID, userId: USER, fields: { title: 'Run', priority: first } },
          task: { type: 'CreateTask', id: ID, userId: USER, goalId: PARENT, fields: { title: 'Run', priority: first } },
          subtask: { type: 'CreateSubtask', id: ID, userId: USER, goalId: PARENT, taskId: PARENT, fields: { title: 'Run', priority: first } },
        }[kind] as Parameters<typeof goalDecider.decide>[0];
        const log = decider.decide(create, decider.initialState()).map((e) => recorded(e));
        const run = (command: object) => {
          const events = decider.decide(command as Parameters<typeof goalDecider.decide>[0], fold(decider, log));
          log.push(...events.map((e) => recorded(e)));
          return events;
        };
        const label = { goal: 'Goal', task: 'Task', subtask: 'Subtask' }[kind];
        const [award] = awardsIn(run({ type: `Complete${label}`, userId: USER }));
        const revocation = run({ type: `Update${label}`, userId: USER, fields: { priority: second }, status: 'pending' }).find(
          (e) => e.type === 'PointsRevoked',
        );
        const [again] = awardsIn(run({ type: `Complete${label}`, userId: USER }));
        for (const [data, p] of [
          [award!, first],
          [again!, second],
        ] as const) {
          expect(data.receipt).toEqual(workItemAward(kind, p).receipt);
          expect(receiptPoints(data.receipt!)).toBe(data.points);
        }
        expect(revocation?.data).toMatchObject({ points: award!.points, revokes: { rulesVersion: award!.rulesVersion } });
      }),
    );
  });

  it('to-dos with any weight, own amount, deadline and completion day, in any of a few zones', () => {
    fc.assert(
      fc.property(
        weight,
        pointsToBeAwarded,
        fc.option(fc.integer({ min: -40, max: 40 })),
        fc.constantFrom('America/New_York', 'Asia/Kathmandu', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/London'),
        (w, own, deadlineOffsetDays, zone) => {
          const clock = clockAt(new Date('2026-03-10T15:00:00.000Z'), zone);
          const deadline =
            deadlineOffsetDays === null ? null : new Date(Date.parse('2026-03-10T15:00:00.000Z') + deadlineOffsetDays * 86_400_000).toISOString();
          const created = actionableDecider.decide(
            { type: 'CreateActionable', id: ID, userId: USER, fields: { title: 'Tax', weight: w, pointsToBeAwarded: own, deadline }, clock },
            actionableDecider.initialState(),
          );
          const events = actionableDecider.decide(
            { type: 'CompleteActionable', userId: USER, clock },
            fold(
              actionableDecider,
              created.map((e) => recorded(e)),
            ),
          );
          const [data] = awardsIn(events);
          const completed = events.find((e) => e.type === 'ActionableCompleted');
          expect(data!.receipt).toMatchObject({ rule: 'actionable', inputs: { weight: w, pointsToBeAwarded: own, late: completed?.data.late } });
          expect([data!.receipt!.points, receiptPoints(data!.receipt!)]).toEqual([data!.points, data!.points]);
        },
      ),
    );
  });
});
