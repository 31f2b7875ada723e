import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type ReadModelDbHandle } from '../db.ts';
import { migrateReadModels } from '../migrate.ts';
import type { ProjectedEvent } from '../projector.ts';
import {
  actionableCompleted,
  actionableCreated,
  actionableStatusChanged,
  habitCompleted,
  habitCompletionUndone,
  habitStreakExtended,
  habitsFrozen,
  pointsAwarded,
  pointsRevoked,
} from '../testing/event-factories.ts';
import { projectEvents } from '../testing/project-events.ts';
import { untouchedActionable } from '@tracker/contracts/actionables/http';
import { emptyActionableStats } from '../testing/actionable-answers.ts';
import type { EventContext } from '../testing/projector-spec.ts';
import { actionablesProjection } from './actionables.projection.ts';
import { actionableHeatmap, actionableStats, actionablesInRange, findActionable, listActionables } from './actionables.queries.ts';
import { listFreezes } from './habit-freezes.queries.ts';
import { habitHistory } from './habit-history.queries.ts';

let readModels: ReadModelDbHandle;
beforeAll(async () => {
  readModels = createReadModelDb(await createTestDatabase('actionable_queries'), 'rm', 2);
  await migrateReadModels(readModels);
});
afterAll(async () => {
  await readModels?.destroy();
});

/** Projects the events (as the runner would, one batch) and commits. */
const project = async (events: ProjectedEvent[]): Promise<void> => {
  await readModels.db.transaction().execute(async (trx) => {
    await actionablesProjection.applyBatch!(
      trx,
      events.filter((event) => (actionablesProjection.handles as readonly string[]).includes(event.type)) as Parameters<
        NonNullable<typeof actionablesProjection.applyBatch>
      >[1],
    );
  });
};

/** A fresh user per case: cases share the database, never rows. */
const someone = () => {
  const userId = randomUUID();
  const at = (instant: string, timezone?: string): EventContext => ({ userId, at: new Date(instant).toISOString(), ...(timezone ? { timezone } : {}) });
  return { userId, at };
};

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

/** A non-habit completed at `instant` in `timezone`, with its award. */
const completedAt = (by: EventContext, actionableId: string, points: number) => [
  actionableStatusChanged(by, { actionableId, from: 'pending', to: 'completed' }),
  actionableCompleted(by, { actionableId }),
  pointsAwarded(by, { points, source: { type: 'actionable', id: actionableId }, hierarchy: { actionableId } }),
];
/** A habit completion at `instant` in `timezone`, credited to its local date, with streak and award. */
const habitDoneAt = (by: EventContext, actionableId: string, streak: number, points: number) => {
  const completed = habitCompleted(by, { actionableId });
  return [
    completed,
    habitStreakExtended(by, { actionableId, occurrence: completed.data.occurrence, streak }),
    pointsAwarded(by, { points, source: { type: 'habit', id: actionableId }, hierarchy: { actionableId } }),
  ];
};

describe('listing actionables', () => {
  it('answers the caller’s own, newest first, in the contract’s shape', async () => {
    const alice = someone();
    const bob = someone();
    const [older, newer, bobs] = [randomUUID(), randomUUID(), randomUUID()];
    await project([
      actionableCreated(alice.at('2026-03-01T09:00:00Z'), { actionableId: older, title: 'Older', recurrence: { frequency: 'weekly', days: [1, 3] } }),
      actionableCreated(alice.at('2026-03-01T10:00:00Z'), { actionableId: newer, title: 'Newer', deadline: '2026-03-05T12:00:00.000Z', goalId: bobs }),
      actionableCreated(bob.at('2026-03-01T11:00:00Z'), { actionableId: bobs }),
    ]);
    const list = await listActionables(readModels.db, alice.userId, '2026-03-01');
    expect(ids(list)).toEqual([newer, older]);
    expect(list[0]).toEqual({
      ...untouchedActionable,
      id: newer,
      title: 'Newer',
      deadline: '2026-03-05T12:00:00.000Z',
      createdAt: '2026-03-01T10:00:00.000Z',
      userId: alice.userId,
      goalId: bobs,
    });
    expect(list[1]!.recurrence).toEqual({ frequency: 'weekly', days: [1, 3], dayOfMonth: null, everyNDays: null, timesPerWeek: null, weekStartsOn: null });
  });

  it('filters by a set of statuses and by kind', async () => {
    const alice = someone();
    const [pending, started, habit] = [randomUUID(), randomUUID(), randomUUID()];
    await project([
      actionableCreated(alice.at('2026-03-01T09:00:00Z'), { actionableId: pending }),
      actionableCreated(alice.at('2026-03-01T09:01:00Z'), { actionableId: started }),
      actionableStatusChanged(alice.at('2026-03-01T09:02:00Z'), { actionableId: started, from: 'pending', to: 'in-progress' }),
      actionableCreated(alice.at('2026-03-01T09:03:00Z'), { actionableId: habit, isHabit: true }),
    ]);
    const db = readModels.db;
    expect(ids(await listActionables(db, alice.userId, '2026-03-01', { statuses: ['in-progress'] }))).toEqual([started]);
    expect(ids(await listActionables(db, alice.userId, '2026-03-01', { statuses: ['pending', 'in-progress'], isHabit: false }))).toEqual([started, pending]);
    expect(ids(await listActionables(db, alice.userId, '2026-03-01', { isHabit: true }))).toEqual([habit]);
    expect(await listActionables(db, alice.userId, '2026-03-01', { statuses: ['not-approached'] })).toEqual([]);
  });

  it('due on a local date: deadlines on that day in the zone, and the active habits it is an occurrence of', async () => {
    const alice = someone();
    const [aucklandDay, utcDay, monday, sunday, daily, resting] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const by = alice.at('2026-02-20T09:00:00Z');
    await project([
      // 00:30 on Monday 2 March in Auckland (+13), still Sunday 1 March in UTC.
      actionableCreated(by, { actionableId: aucklandDay, deadline: '2026-03-01T11:30:00.000Z' }),
      // 23:30 on Monday 2 March in UTC, already Tuesday in Auckland.
      actionableCreated(by, { actionableId: utcDay, deadline: '2026-03-02T23:30:00.000Z' }),
      actionableCreated(by, { actionableId: monday, isHabit: true, recurrence: { frequency: 'weekly', days: [1] } }),
      actionableCreated(by, { actionableId: sunday, isHabit: true, recurrence: { frequency: 'weekly', days: [0] } }),
      actionableCreated(by, { actionableId: daily, isHabit: true }),
      actionableCreated(by, { actionableId: resting, isHabit: true, active: false }),
    ]);
    const due = (date: string, timezone: string) => listActionables(readModels.db, alice.userId, date, { due: { date, timezone } }).then((l) => ids(l).sort());
    expect(await due('2026-03-02', 'Pacific/Auckland')).toEqual([aucklandDay, monday, daily].sort());
    expect(await due('2026-03-02', 'UTC')).toEqual([utcDay, monday, daily].sort());
    expect(await due('2026-03-01', 'UTC')).toEqual([aucklandDay, sunday, daily].sort());
  });

  it('reads a habit’s streak as of today: standing while the current occurrence is open, 0 once one was missed', async () => {
    const alice = someone();
    const habit = randomUUID();
    await project([
      actionableCreated(alice.at('2026-02-27T09:00:00Z'), { actionableId: habit, isHabit: true }),
      ...habitDoneAt(alice.at('2026-02-28T09:00:00Z'), habit, 1, 1),
      ...habitDoneAt(alice.at('2026-03-01T09:00:00Z'), habit, 2, 2),
    ]);
    const streakOn = async (today: string) => (await findActionable(readModels.db, alice.userId, habit, today))!.streak;
    expect(await streakOn('2026-03-01')).toBe(2);
    expect(await streakOn('2026-03-02')).toBe(2);
    expect(await streakOn('2026-03-03')).toBe(0);
  });
});

describe('a habit as of today', () => {
  const monWedFri = { frequency: 'weekly' as const, days: [1, 3, 5] };

  it('created on a Thursday for Mon/Wed/Fri: not due, nothing before its start, next due on Friday; not scheduled that Thursday', async () => {
    const alice = someone();
    const habit = randomUUID();
    // Thursday 26 November 2026.
    await project([
      actionableCreated(alice.at('2026-11-26T09:00:00Z'), { actionableId: habit, isHabit: true, recurrence: monWedFri, startDate: '2026-11-26' }),
    ]);
    const found = await findActionable(readModels.db, alice.userId, habit, '2026-11-26');
    expect(found?.startDate).toBe('2026-11-26');
    expect(found?.habitToday).toEqual({ state: 'notDue', occurrence: null, next: '2026-11-27', doneInPeriod: 0, quota: 1, canUndo: false, undoes: null });
    const due = (date: string) => listActionables(readModels.db, alice.userId, date, { due: { date, timezone: 'UTC' } }).then(ids);
    expect(await due('2026-11-26')).toEqual([]);
    expect(await due('2026-11-25')).toEqual([]);
    expect(await due('2026-11-27')).toEqual([habit]);
  });

  it('day 31 created on 26 November: next due on 30 November', async () => {
    const alice = someone();
    const habit = randomUUID();
    const recurrence = { frequency: 'monthly', dayOfMonth: 31 } as const;
    await project([actionableCreated(alice.at('2026-11-26T09:00:00Z'), { actionableId: habit, isHabit: true, recurrence, startDate: '2026-11-26' })]);
    expect((await findActionable(readModels.db, alice.userId, habit, '2026-11-26'))?.habitToday).toMatchObject({ state: 'notDue', next: '2026-11-30' });
  });

  it('due, then done with the completion that can be taken back that day and not the next; taken back, due again', async () => {
    const alice = someone();
    const habit = randomUUID();
    const created = actionableCreated(alice.at('2026-03-01T08:00:00Z'), { actionableId: habit, isHabit: true, startDate: '2026-03-01' });
    await project([created]);
    const today = (date: string) => findActionable(readModels.db, alice.userId, habit, date).then((found) => found?.habitToday);
    const dueOnTheFirst = { state: 'due', occurrence: '2026-03-01', next: '2026-03-02', doneInPeriod: 0, quota: 1, canUndo: false, undoes: null };
    expect(await today('2026-03-01')).toEqual(dueOnTheFirst);
    await project(habitDoneAt(alice.at('2026-03-01T09:00:00Z'), habit, 1, 10));
    expect(await today('2026-03-01')).toEqual({
      state: 'done',
      occurrence: '2026-03-01',
      next: '2026-03-02',
      doneInPeriod: 1,
      quota: 1,
      canUndo: true,
      undoes: '2026-03-01',
    });
    expect(await today('2026-03-02')).toMatchObject({ state: 'due', occurrence: '2026-03-02', doneInPeriod: 0, canUndo: false });
    const by = alice.at('2026-03-01T09:05:00Z');
    await project([
      habitCompletionUndone(by, { actionableId: habit, occurrence: '2026-03-01', current: { lastCredited: null, streak: 0 } }),
      pointsRevoked(by, { points: 10, source: { type: 'habit', id: habit }, hierarchy: { actionableId: habit } }),
    ]);
    expect(await today('2026-03-01')).toEqual(dueOnTheFirst);
    expect((await findActionable(readModels.db, alice.userId, habit, '2026-03-01'))?.pointsAwarded).toBe(0);
  });

  it('3 times a week: counts the week’s completions against its quota; one a day', async () => {
    const alice = someone();
    const habit = randomUUID();
    const recurrence = { frequency: 'timesPerWeek', timesPerWeek: 3, weekStartsOn: 1 } as const;
    // Monday 2 March 2026.
    await project([
      actionableCreated(alice.at('2026-03-02T08:00:00Z'), { actionableId: habit, isHabit: true, recurrence, startDate: '2026-03-02' }),
      habitCompleted(alice.at('2026-03-02T09:00:00Z'), { actionableId: habit, period: '2026-03-02' }),
      pointsAwarded(alice.at('2026-03-02T09:00:00Z'), { points: 10, source: { type: 'habit', id: habit }, hierarchy: { actionableId: habit } }),
    ]);
    const today = (date: string) => findActionable(readModels.db, alice.userId, habit, date).then((found) => found?.habitToday);
    expect(await today('2026-03-02')).toMatchObject({ state: 'done', doneInPeriod: 1, quota: 3, next: '2026-03-09', canUndo: true });
    expect(await today('2026-03-03')).toMatchObject({ state: 'due', occurrence: '2026-03-03', doneInPeriod: 1, quota: 3, canUndo: true });
    expect(await today('2026-03-09')).toMatchObject({ state: 'due', doneInPeriod: 0, canUndo: false });
  });

  it('frozen today: says so (a completion still counts), and the streak stands across the frozen days', async () => {
    const alice = someone();
    const habit = randomUUID();
    await projectEvents(readModels.db, [
      actionableCreated(alice.at('2026-03-01T08:00:00Z'), { actionableId: habit, isHabit: true, startDate: '2026-03-01' }),
      ...habitDoneAt(alice.at('2026-03-01T09:00:00Z'), habit, 1, 10),
      ...habitDoneAt(alice.at('2026-03-02T09:00:00Z'), habit, 2, 11),
      habitsFrozen(alice.at('2026-03-02T10:00:00Z'), { freezeId: randomUUID(), from: '2026-03-03', to: '2026-03-05' }),
    ]);
    const found = (date: string) => findActionable(readModels.db, alice.userId, habit, date);
    expect((await found('2026-03-04'))?.habitToday).toMatchObject({ state: 'frozen', occurrence: '2026-03-04' });
    expect((await found('2026-03-06'))?.streak).toBe(2);
    expect((await found('2026-03-07'))?.streak).toBe(0);
    expect((await actionableStats(readModels.db, alice.userId, '2026-03-06')).longestStreak).toBe(2);
  });
});

describe('a habit’s history', () => {
  it('tells each day from the completions and freezes: done, missed, backfilled, frozen, due, notDue before its start and after today', async () => {
    const alice = someone();
    const bob = someone();
    const habit = randomUUID();
    const award = (by: EventContext, points: number) => pointsAwarded(by, { points, source: { type: 'habit', id: habit }, hierarchy: { actionableId: habit } });
    await projectEvents(readModels.db, [
      actionableCreated(alice.at('2026-03-02T08:00:00Z'), { actionableId: habit, isHabit: true, startDate: '2026-03-02' }),
      habitCompleted(alice.at('2026-03-02T09:00:00Z'), { actionableId: habit }),
      award(alice.at('2026-03-02T09:00:00Z'), 10),
      // 3 March missed; 4 March recorded on the 5th.
      habitCompleted(alice.at('2026-03-05T09:00:00Z'), { actionableId: habit }),
      award(alice.at('2026-03-05T09:00:00Z'), 10),
      habitCompleted(alice.at('2026-03-05T09:01:00Z'), { actionableId: habit, occurrence: '2026-03-04', backfilled: true }),
      award(alice.at('2026-03-05T09:01:00Z'), 6),
      habitsFrozen(alice.at('2026-03-05T10:00:00Z'), { freezeId: randomUUID(), from: '2026-03-06', to: '2026-03-06' }),
      habitsFrozen(alice.at('2026-03-05T10:00:00Z'), { freezeId: randomUUID(), habitId: randomUUID(), from: '2026-03-07', to: '2026-03-07' }),
    ]);
    const history = await habitHistory(readModels.db, alice.userId, habit, { from: '2026-03-01', to: '2026-03-09' }, '2026-03-08');
    expect(history).toEqual([
      { date: '2026-03-01', state: 'notDue' },
      { date: '2026-03-02', state: 'done' },
      { date: '2026-03-03', state: 'missed' },
      { date: '2026-03-04', state: 'backfilled' },
      { date: '2026-03-05', state: 'done' },
      { date: '2026-03-06', state: 'frozen' },
      // Another habit's freeze covers nothing here.
      { date: '2026-03-07', state: 'missed' },
      { date: '2026-03-08', state: 'due' },
      { date: '2026-03-09', state: 'notDue' },
    ]);
    expect(await habitHistory(readModels.db, bob.userId, habit, { from: '2026-03-01', to: '2026-03-09' }, '2026-03-08')).toBeUndefined();
    expect((await listFreezes(readModels.db, alice.userId)).map((freeze) => freeze.from)).toEqual(['2026-03-06', '2026-03-07']);
    expect(await listFreezes(readModels.db, bob.userId)).toEqual([]);
  });

  it('of Mon/Wed/Fri: the days between are notDue, and Wednesday stays due on Thursday (a completion then counts for it)', async () => {
    const alice = someone();
    const habit = randomUUID();
    const recurrence = { frequency: 'weekly' as const, days: [1, 3, 5] };
    await project([actionableCreated(alice.at('2026-11-23T08:00:00Z'), { actionableId: habit, isHabit: true, recurrence, startDate: '2026-11-23' })]);
    const history = await habitHistory(readModels.db, alice.userId, habit, { from: '2026-11-23', to: '2026-11-26' }, '2026-11-26');
    expect(history?.map((day) => day.state)).toEqual(['missed', 'notDue', 'due', 'notDue']);
  });

  it('of 2 times a week: a short past week’s empty days are missed, a met week’s are not', async () => {
    const alice = someone();
    const habit = randomUUID();
    const recurrence = { frequency: 'timesPerWeek', timesPerWeek: 2, weekStartsOn: 1 } as const;
    await project([
      actionableCreated(alice.at('2026-03-02T08:00:00Z'), { actionableId: habit, isHabit: true, recurrence, startDate: '2026-03-02' }),
      habitCompleted(alice.at('2026-03-02T09:00:00Z'), { actionableId: habit, period: '2026-03-02' }),
      habitCompleted(alice.at('2026-03-03T09:00:00Z'), { actionableId: habit, period: '2026-03-02' }),
      habitCompleted(alice.at('2026-03-10T09:00:00Z'), { actionableId: habit, period: '2026-03-09' }),
    ]);
    const history = await habitHistory(readModels.db, alice.userId, habit, { from: '2026-03-02', to: '2026-03-17' }, '2026-03-17');
    expect(history?.map((day) => day.state)).toEqual([
      ...['done', 'done', 'notDue', 'notDue', 'notDue', 'notDue', 'notDue'],
      ...['missed', 'done', 'missed', 'missed', 'missed', 'missed', 'missed'],
      ...['notDue', 'due'],
    ]);
  });
});

describe('one actionable', () => {
  it('is found by its owner only', async () => {
    const alice = someone();
    const bob = someone();
    const id = randomUUID();
    await project([actionableCreated(alice.at('2026-03-01T09:00:00Z'), { actionableId: id, title: 'Mine' })]);
    expect((await findActionable(readModels.db, alice.userId, id, '2026-03-01'))?.title).toBe('Mine');
    expect(await findActionable(readModels.db, bob.userId, id, '2026-03-01')).toBeUndefined();
    expect(await findActionable(readModels.db, alice.userId, randomUUID(), '2026-03-01')).toBeUndefined();
  });
});

describe('a date range', () => {
  it('holds what was created, is due or was completed in it, once each', async () => {
    const alice = someone();
    const [created, due, completed, outside, all] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await project([
      actionableCreated(alice.at('2026-03-05T09:00:00Z'), { actionableId: created }),
      actionableCreated(alice.at('2026-02-01T09:00:00Z'), { actionableId: due, deadline: '2026-03-06T09:00:00.000Z' }),
      actionableCreated(alice.at('2026-02-01T09:01:00Z'), { actionableId: completed }),
      ...completedAt(alice.at('2026-03-07T09:00:00Z'), completed, 3),
      actionableCreated(alice.at('2026-02-01T09:02:00Z'), { actionableId: outside, deadline: '2026-04-01T09:00:00.000Z' }),
      actionableCreated(alice.at('2026-03-05T10:00:00Z'), { actionableId: all, deadline: '2026-03-06T09:00:00.000Z' }),
      ...completedAt(alice.at('2026-03-06T10:00:00Z'), all, 3),
    ]);
    expect(ids(await actionablesInRange(readModels.db, alice.userId, '2026-03-10', { startDate: '2026-03-05', endDate: '2026-03-07' }))).toEqual([
      all,
      created,
      completed,
      due,
    ]);
    expect(await actionablesInRange(readModels.db, alice.userId, '2026-03-10', { startDate: '2026-03-08', endDate: '2026-03-31' })).toEqual([]);
  });

  it('counts a habit completed in the range even when completed again after it', async () => {
    const alice = someone();
    const habit = randomUUID();
    await project([
      actionableCreated(alice.at('2026-02-01T09:00:00Z'), { actionableId: habit, isHabit: true }),
      ...habitDoneAt(alice.at('2026-03-06T09:00:00Z'), habit, 1, 1),
      ...habitDoneAt(alice.at('2026-03-20T09:00:00Z'), habit, 1, 1),
    ]);
    expect(ids(await actionablesInRange(readModels.db, alice.userId, '2026-03-20', { startDate: '2026-03-05', endDate: '2026-03-07' }))).toEqual([habit]);
  });

  it('spans the local days in the zone, a 25-hour DST day whole', async () => {
    const alice = someone();
    const [lateOnDstDay, nextDay, beforeDstDay] = [randomUUID(), randomUUID(), randomUUID()];
    await project([
      // New York falls back on 1 November 2026: 23:30 EST that day is 04:30 UTC on the 2nd.
      actionableCreated(alice.at('2026-11-02T04:30:00Z'), { actionableId: lateOnDstDay }),
      actionableCreated(alice.at('2026-11-02T05:30:00Z'), { actionableId: nextDay }),
      // 23:30 EDT on 31 October.
      actionableCreated(alice.at('2026-11-01T03:30:00Z'), { actionableId: beforeDstDay }),
    ]);
    const range = { startDate: '2026-11-01', endDate: '2026-11-01', timezone: 'America/New_York' };
    expect(ids(await actionablesInRange(readModels.db, alice.userId, '2026-11-02', range))).toEqual([lateOnDstDay]);
  });
});

describe('stats', () => {
  it('count by status, rate, net points, active habits and the longest streak standing today', async () => {
    const alice = someone();
    const [done, started, skipped, habit, broken, resting] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const by = alice.at('2026-03-01T08:00:00Z');
    await project([
      actionableCreated(by, { actionableId: done }),
      ...completedAt(alice.at('2026-03-01T09:00:00Z'), done, 10),
      actionableCreated(by, { actionableId: started }),
      actionableStatusChanged(by, { actionableId: started, from: 'pending', to: 'in-progress' }),
      actionableCreated(by, { actionableId: skipped }),
      actionableStatusChanged(by, { actionableId: skipped, from: 'pending', to: 'not-approached' }),
      actionableCreated(by, { actionableId: habit, isHabit: true }),
      ...habitDoneAt(alice.at('2026-03-01T09:00:00Z'), habit, 3, 4),
      actionableCreated(by, { actionableId: broken, isHabit: true }),
      ...habitDoneAt(alice.at('2026-02-25T09:00:00Z'), broken, 9, 2),
      actionableCreated(by, { actionableId: resting, isHabit: true, active: false }),
    ]);
    expect(await actionableStats(readModels.db, alice.userId, '2026-03-02')).toEqual({
      total: 6,
      pending: 3,
      inProgress: 1,
      completed: 1,
      notApproached: 1,
      completionRate: 0.1667,
      totalPoints: 16,
      activeHabits: 2,
      longestStreak: 3,
    });
  });

  it('are zero for a user with nothing', async () => {
    expect(await actionableStats(readModels.db, randomUUID(), '2026-03-02')).toEqual(emptyActionableStats);
  });

  it('leave out a reopened completion’s points', async () => {
    const alice = someone();
    const id = randomUUID();
    const by = alice.at('2026-03-01T08:00:00Z');
    await project([
      actionableCreated(by, { actionableId: id }),
      ...completedAt(by, id, 10),
      actionableStatusChanged(by, { actionableId: id, from: 'completed', to: 'pending' }),
      pointsAwarded(by, { points: 1, source: { type: 'goal', id: randomUUID() }, hierarchy: {} }),
    ]);
    const { total, completed, totalPoints } = await actionableStats(readModels.db, alice.userId, '2026-03-01');
    expect({ total, completed, totalPoints }).toEqual({ total: 1, completed: 0, totalPoints: 10 });
  });
});

describe('heatmap', () => {
  it('puts a completion at 23:30 in Pacific/Auckland on that local date', async () => {
    const alice = someone();
    const habit = randomUUID();
    await project([
      actionableCreated(alice.at('2026-01-01T00:00:00Z'), { actionableId: habit, isHabit: true }),
      // 23:30 on 15 January in Auckland (+13) is 10:30 UTC the same day; 00:30 on the 17th is still the 16th in UTC.
      ...habitDoneAt(alice.at('2026-01-15T10:30:00Z', 'Pacific/Auckland'), habit, 1, 2),
      ...habitDoneAt(alice.at('2026-01-16T11:30:00Z', 'Pacific/Auckland'), habit, 2, 3),
    ]);
    expect(await actionableHeatmap(readModels.db, alice.userId)).toEqual([
      { date: '2026-01-15', count: 1, points: 2 },
      { date: '2026-01-17', count: 1, points: 3 },
    ]);
  });

  it('counts a DST day once, whatever the offsets within it', async () => {
    const alice = someone();
    const [first, second] = [randomUUID(), randomUUID()];
    const by = alice.at('2026-10-30T12:00:00Z');
    await project([
      actionableCreated(by, { actionableId: first }),
      actionableCreated(by, { actionableId: second }),
      // 01:30 EDT and 01:30 EST on 1 November 2026: the same local hour twice, one day.
      ...completedAt(alice.at('2026-11-01T05:30:00Z', 'America/New_York'), first, 3),
      ...completedAt(alice.at('2026-11-01T06:30:00Z', 'America/New_York'), second, 4),
    ]);
    expect(await actionableHeatmap(readModels.db, alice.userId)).toEqual([{ date: '2026-11-01', count: 2, points: 7 }]);
  });

  it('keeps each completion on the day it was made where it was made, within the dates asked', async () => {
    const alice = someone();
    const habit = randomUUID();
    await project([
      actionableCreated(alice.at('2026-03-01T00:00:00Z'), { actionableId: habit, isHabit: true }),
      ...habitDoneAt(alice.at('2026-03-02T20:00:00Z', 'Europe/Paris'), habit, 1, 1),
      // Travelled: 20:00 on 3 March in Los Angeles is 04:00 UTC on the 4th.
      ...habitDoneAt(alice.at('2026-03-04T04:00:00Z', 'America/Los_Angeles'), habit, 2, 2),
      ...habitDoneAt(alice.at('2026-03-05T09:00:00Z', 'America/Los_Angeles'), habit, 3, 3),
    ]);
    expect(await actionableHeatmap(readModels.db, alice.userId, { startDate: '2026-03-03', endDate: '2026-03-04' })).toEqual([
      { date: '2026-03-03', count: 1, points: 2 },
    ]);
    expect((await actionableHeatmap(readModels.db, alice.userId)).map((day) => day.date)).toEqual(['2026-03-02', '2026-03-03', '2026-03-05']);
  });
});
