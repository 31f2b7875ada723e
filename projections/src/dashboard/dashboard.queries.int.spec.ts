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
  goalCreated,
  goalStatusChanged,
  habitCompleted,
  habitStreakExtended,
  pointsAwarded,
  pointsRevoked,
  subtaskCreated,
  subtaskStatusChanged,
  taskCreated,
  taskStatusChanged,
  userProfileUpdated,
  userRegistered,
} from '../testing/event-factories.ts';
import { projectEvents } from '../testing/project-events.ts';
import type { EventContext } from '../testing/projector-spec.ts';
import * as dashboard from './dashboard.queries.ts';

let readModels: ReadModelDbHandle;
beforeAll(async () => {
  readModels = createReadModelDb(await createTestDatabase('dashboard_queries'), 'rm', 2);
  await migrateReadModels(readModels);
});
afterAll(async () => {
  await readModels?.destroy();
});

const project = (events: ProjectedEvent[]) => projectEvents(readModels.db, events);

/** A fresh user per case, living in Auckland: cases share the database, never rows. */
const someone = (timezone = 'Pacific/Auckland') => {
  const userId = randomUUID();
  const at = (instant: string, localDate?: string): EventContext => ({
    userId,
    at: new Date(instant).toISOString(),
    timezone,
    ...(localDate ? { localDate } : {}),
  });
  return { userId, at };
};
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
// 1 March 2026 in Auckland (UTC+13) runs from 28 Feb 11:00 UTC to 1 March 11:00 UTC.
const first = { startDate: '2026-03-01', endDate: '2026-03-01', timezone: 'Pacific/Auckland' };

describe('work items in a range', () => {
  it('takes those created, due or completed within the local days in the zone, newest first, with their points', async () => {
    const alice = someone();
    const bob = someone();
    const [createdLate, due, completed, outside, bobs] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const goalSource = (goalId: string) => ({ source: { type: 'goal' as const, id: goalId }, hierarchy: { goalId } });
    await project([
      // 23:30 on 1 March in Auckland.
      goalCreated(alice.at('2026-03-01T10:30:00Z'), { goalId: createdLate }),
      goalCreated(alice.at('2026-02-20T00:00:00Z'), { goalId: due, dueDate: '2026-02-28T12:00:00.000Z' }),
      goalCreated(alice.at('2026-02-20T00:01:00Z'), { goalId: completed }),
      goalStatusChanged(alice.at('2026-02-28T11:30:00Z'), { goalId: completed, from: 'pending', to: 'completed' }),
      pointsAwarded(alice.at('2026-02-28T11:30:00Z', '2026-03-01'), { points: 75, ...goalSource(completed) }),
      // 00:30 on 2 March in Auckland; due on 28 Feb there.
      goalCreated(alice.at('2026-03-01T11:30:00Z'), { goalId: outside, dueDate: '2026-02-28T10:59:00.000Z' }),
      goalCreated(bob.at('2026-03-01T10:30:00Z'), { goalId: bobs }),
    ]);
    const goals = await dashboard.goalsInRange(readModels.db, alice.userId, first);
    expect(ids(goals.goals)).toEqual([createdLate, completed, due]);
    expect(goals.summary).toEqual({ totalPoints: 75, goalCount: 3 });
    expect(goals.goals[1]!.pointsHistory).toEqual([{ points: 75, reason: 'Completed', timestamp: '2026-02-28T11:30:00.000Z' }]);
    // 1 March in UTC: both created that day; the completion and the due date fell on 28 February.
    expect(ids((await dashboard.goalsInRange(readModels.db, alice.userId, { ...first, timezone: 'UTC' })).goals)).toEqual([outside, createdLate]);
  });

  it('lists tasks and subtasks the same way', async () => {
    const alice = someone();
    const [goalId, taskId, subtaskId, oldTask] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await project([
      goalCreated(alice.at('2026-01-01T00:00:00Z'), { goalId }),
      taskCreated(alice.at('2026-01-01T00:00:00Z'), { goalId, taskId: oldTask }),
      taskCreated(alice.at('2026-03-01T00:00:00Z'), { goalId, taskId }),
      subtaskCreated(alice.at('2026-01-01T00:00:00Z'), { goalId, taskId, subtaskId }),
      subtaskStatusChanged(alice.at('2026-03-01T01:00:00Z'), { subtaskId, from: 'pending', to: 'completed' }),
    ]);
    expect(await dashboard.tasksInRange(readModels.db, alice.userId, first)).toEqual({
      tasks: [expect.objectContaining({ id: taskId, goalId })],
      summary: { taskCount: 1 },
      next: null,
    });
    const subtasks = await dashboard.subtasksInRange(readModels.db, alice.userId, first);
    expect(subtasks).toEqual({
      subtasks: [expect.objectContaining({ id: subtaskId, taskId, goalId, status: 'completed' })],
      summary: { subtaskCount: 1 },
      next: null,
    });
  });
});

describe('top achievements', () => {
  it('are the best standing awards of the range: a revoked award is left out, an award given again counts', async () => {
    const alice = someone('UTC');
    const [again, revoked, small] = [randomUUID(), randomUUID(), randomUUID()];
    const source = (id: string, title: string) => ({ source: { type: 'goal' as const, id }, hierarchy: { goalId: id }, title });
    await project([
      pointsAwarded(alice.at('2026-03-01T08:00:00Z'), { points: 125, ...source(again, 'Again') }),
      pointsRevoked(alice.at('2026-03-01T09:00:00Z'), { points: 125, ...source(again, 'Again') }),
      pointsAwarded(alice.at('2026-03-01T10:00:00Z'), { points: 125, ...source(again, 'Again') }),
      pointsAwarded(alice.at('2026-03-01T08:00:00Z'), { points: 500, ...source(revoked, 'Revoked') }),
      pointsRevoked(alice.at('2026-03-01T11:00:00Z'), { points: 500, ...source(revoked, 'Revoked') }),
      pointsAwarded(alice.at('2026-03-01T12:00:00Z'), { points: 5, ...source(small, 'Small') }),
      pointsAwarded(alice.at('2026-03-03T12:00:00Z'), { points: 900, ...source(randomUUID(), 'Later') }),
    ]);
    expect(await dashboard.topAchievements(readModels.db, alice.userId, { startDate: '2026-03-01', endDate: '2026-03-02' })).toEqual([
      { title: 'Again', points: 125, occurredAt: '2026-03-01T10:00:00.000Z', sourceType: 'goal' },
      { title: 'Small', points: 5, occurredAt: '2026-03-01T12:00:00.000Z', sourceType: 'goal' },
    ]);
    expect(await dashboard.topAchievements(readModels.db, alice.userId, { startDate: '2026-03-01', endDate: '2026-03-03' }, 1)).toEqual([
      { title: 'Later', points: 900, occurredAt: '2026-03-03T12:00:00.000Z', sourceType: 'goal' },
    ]);
    // A long range takes the other index path (best first): the same answer.
    expect(await dashboard.topAchievements(readModels.db, alice.userId, { startDate: '2025-06-01', endDate: '2026-06-01' })).toEqual([
      { title: 'Later', points: 900, occurredAt: '2026-03-03T12:00:00.000Z', sourceType: 'goal' },
      { title: 'Again', points: 125, occurredAt: '2026-03-01T10:00:00.000Z', sourceType: 'goal' },
      { title: 'Small', points: 5, occurredAt: '2026-03-01T12:00:00.000Z', sourceType: 'goal' },
    ]);
  });
});

describe('the summary', () => {
  it('counts what the date-range lists show, the completions of the range and its points per day', async () => {
    const alice = someone();
    const [goalId, done, open, habit] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const habitDone = habitCompleted(alice.at('2026-03-01T09:00:00Z'), { actionableId: habit });
    await project([
      goalCreated(alice.at('2026-02-28T12:00:00Z'), { goalId }),
      actionableCreated(alice.at('2026-02-28T12:00:00Z'), { actionableId: done }),
      actionableStatusChanged(alice.at('2026-02-28T20:00:00Z'), { actionableId: done, from: 'pending', to: 'completed' }),
      actionableCompleted(alice.at('2026-02-28T20:00:00Z'), { actionableId: done }),
      pointsAwarded(alice.at('2026-02-28T20:00:00Z'), { points: 40, source: { type: 'actionable', id: done }, hierarchy: { actionableId: done } }),
      actionableCreated(alice.at('2026-02-28T21:00:00Z'), { actionableId: open }),
      actionableCreated(alice.at('2026-02-20T00:00:00Z'), { actionableId: habit, isHabit: true }),
      habitDone,
      habitStreakExtended(alice.at('2026-03-01T09:00:00Z'), { actionableId: habit, occurrence: habitDone.data.occurrence, streak: 1 }),
      pointsAwarded(alice.at('2026-03-01T09:00:00Z'), { points: 10, source: { type: 'habit', id: habit }, hierarchy: { actionableId: habit } }),
    ]);
    const summary = await dashboard.dashboardSummary(readModels.db, alice.userId, first);
    expect(summary).toEqual({
      totalPoints: 50,
      goalsCount: 1,
      tasksCount: 0,
      subtasksCount: 0,
      actionablesCount: 3,
      completedCount: 2,
      topAchievements: [expect.objectContaining({ points: 40, sourceType: 'actionable' }), expect.objectContaining({ points: 10, sourceType: 'habit' })],
      dailyPoints: [{ date: '2026-03-01', points: 50, completions: 2 }],
    });
    const actionables = await dashboard.actionablesInRangeWithSummary(readModels.db, alice.userId, '2026-03-01', first);
    expect(actionables.actionables).toHaveLength(summary.actionablesCount);
    expect(actionables.summary).toEqual({ totalPoints: 50, completedCount: 1, pendingCount: 2 });
  });
});

describe('the summary over a history', () => {
  /** What the date-range lists show over the range: the counts the summary must agree with. */
  const listed = async (userId: string, range: typeof first) => {
    const [goals, tasks, subtasks, actionables] = await Promise.all([
      dashboard.goalsInRange(readModels.db, userId, range),
      dashboard.tasksInRange(readModels.db, userId, range),
      dashboard.subtasksInRange(readModels.db, userId, range),
      dashboard.actionablesInRangeWithSummary(readModels.db, userId, range.endDate, range),
    ]);
    return {
      goalsCount: goals.goals.length,
      tasksCount: tasks.tasks.length,
      subtasksCount: subtasks.subtasks.length,
      actionablesCount: actionables.actionables.length,
    };
  };
  const counted = async (userId: string, range: typeof first) => {
    const { goalsCount, tasksCount, subtasksCount, actionablesCount } = await dashboard.dashboardSummary(readModels.db, userId, range);
    return { goalsCount, tasksCount, subtasksCount, actionablesCount };
  };
  const ranges = (timezone: string) =>
    [
      ['2026-03-01', '2026-03-01'],
      ['2026-03-02', '2026-03-04'],
      ['2026-02-25', '2026-03-10'],
      ['2026-03-03', '2026-03-03'],
      ['2025-01-01', '2026-12-31'],
    ].map(([startDate, endDate]) => ({ startDate: startDate!, endDate: endDate!, timezone }));

  /** Items over a week whose creation, due date, completion and completions fall on different days, some near midnight. */
  const history = (person: ReturnType<typeof someone>) => {
    const [goalId, taskId, late, moved, habit, todo] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    return [
      goalCreated(person.at('2026-02-28T10:30:00Z'), { goalId, dueDate: '2026-03-04T23:30:00.000Z' }),
      taskCreated(person.at('2026-03-01T11:30:00Z'), { goalId, taskId, dueDate: '2026-03-06T10:00:00.000Z' }),
      taskStatusChanged(person.at('2026-03-03T10:59:00Z'), { taskId, from: 'pending', to: 'completed' }),
      subtaskCreated(person.at('2026-03-02T00:00:00Z'), { goalId, taskId, subtaskId: late }),
      goalCreated(person.at('2026-02-20T00:00:00Z'), { goalId: moved }),
      goalStatusChanged(person.at('2026-03-02T12:00:00Z'), { goalId: moved, from: 'pending', to: 'completed' }),
      actionableCreated(person.at('2026-02-26T00:00:00Z'), { actionableId: habit, isHabit: true }),
      habitCompleted(person.at('2026-03-01T09:00:00Z'), { actionableId: habit }),
      habitCompleted(person.at('2026-03-02T09:00:00Z'), { actionableId: habit }),
      habitCompleted(person.at('2026-03-04T09:00:00Z'), { actionableId: habit }),
      actionableCreated(person.at('2026-03-01T10:59:00Z'), { actionableId: todo, deadline: '2026-03-03T11:00:00.000Z' }),
      actionableStatusChanged(person.at('2026-03-05T01:00:00Z'), { actionableId: todo, from: 'pending', to: 'completed' }),
      actionableCompleted(person.at('2026-03-05T01:00:00Z'), { actionableId: todo }),
    ];
  };

  it("counts what the lists show, in the user's zone (from the per-day sums) and in any other", async () => {
    const alice = someone();
    await project([userRegistered(alice.at('2026-02-01T00:00:00Z'), { timezone: 'Pacific/Auckland' }), ...history(alice)]);
    for (const range of [...ranges('Pacific/Auckland'), ...ranges('UTC'), ...ranges('America/Los_Angeles')]) {
      expect(await counted(alice.userId, range), `${range.startDate}..${range.endDate} in ${range.timezone}`).toEqual(await listed(alice.userId, range));
    }
  });

  it('still counts what the lists show once the user has moved, before and after the next change', async () => {
    const alice = someone();
    await project([userRegistered(alice.at('2026-02-01T00:00:00Z'), { timezone: 'Pacific/Auckland' }), ...history(alice)]);
    await project([userProfileUpdated(alice.at('2026-03-06T00:00:00Z'), { timezone: 'America/Los_Angeles' })]);
    for (const range of ranges('America/Los_Angeles')) expect(await counted(alice.userId, range)).toEqual(await listed(alice.userId, range));
    await project([goalCreated(alice.at('2026-03-06T01:00:00Z'), { goalId: randomUUID() })]);
    const zones = await readModels.db.selectFrom('goals_by_day').select('timezone').distinct().where('user_id', '=', alice.userId).execute();
    expect(zones).toEqual([{ timezone: 'America/Los_Angeles' }]);
    for (const range of [...ranges('America/Los_Angeles'), ...ranges('Pacific/Auckland')]) {
      expect(await counted(alice.userId, range)).toEqual(await listed(alice.userId, range));
    }
  });
});

describe("today's actionables", () => {
  it('holds open actionables due by the end of the day, those completed that day, and habits scheduled that day', async () => {
    const alice = someone('UTC');
    const [overdue, doneToday, doneBefore, later, weekly, notToday] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const weeklyDone = habitCompleted(alice.at('2026-03-03T08:00:00Z'), { actionableId: weekly });
    await project([
      actionableCreated(alice.at('2026-03-01T00:00:00Z'), { actionableId: overdue, deadline: '2026-03-02T00:00:00.000Z' }),
      actionableCreated(alice.at('2026-03-01T00:00:00Z'), { actionableId: doneToday, deadline: '2026-03-03T18:00:00.000Z' }),
      actionableStatusChanged(alice.at('2026-03-03T07:00:00Z'), { actionableId: doneToday, from: 'pending', to: 'completed' }),
      actionableCompleted(alice.at('2026-03-03T07:00:00Z'), { actionableId: doneToday }),
      actionableCreated(alice.at('2026-03-01T00:00:00Z'), { actionableId: doneBefore, deadline: '2026-03-03T18:00:00.000Z' }),
      actionableStatusChanged(alice.at('2026-03-02T07:00:00Z'), { actionableId: doneBefore, from: 'pending', to: 'completed' }),
      actionableCompleted(alice.at('2026-03-02T07:00:00Z'), { actionableId: doneBefore }),
      actionableCreated(alice.at('2026-03-01T00:00:00Z'), { actionableId: later, deadline: '2026-03-04T00:00:00.000Z' }),
      // Tuesdays (3 March 2026 is a Tuesday), and Wednesdays.
      actionableCreated(alice.at('2026-03-01T00:00:00Z'), { actionableId: weekly, isHabit: true, recurrence: { frequency: 'weekly', days: [2] } }),
      weeklyDone,
      habitStreakExtended(alice.at('2026-03-03T08:00:00Z'), { actionableId: weekly, occurrence: weeklyDone.data.occurrence, streak: 1 }),
      // Begun on the 1st: no Wednesday of it has come by the 3rd, so nothing to count for (it is not on the 3rd's list).
      actionableCreated(alice.at('2026-03-01T00:00:01Z'), {
        actionableId: notToday,
        isHabit: true,
        recurrence: { frequency: 'weekly', days: [3] },
        startDate: '2026-03-01',
      }),
    ]);
    const today = await dashboard.dailyActionables(readModels.db, alice.userId, '2026-03-03', 'UTC');
    expect(today.map(({ id, completedToday, streak }) => ({ id, completedToday, streak }))).toEqual([
      { id: overdue, completedToday: false, streak: 0 },
      { id: doneToday, completedToday: true, streak: 0 },
      { id: weekly, completedToday: true, streak: 1 },
    ]);
    // In Auckland it is already the 4th: `later` is due, the Wednesday habit is on.
    const aheadOf = await dashboard.dailyActionables(readModels.db, alice.userId, '2026-03-04', 'Pacific/Auckland');
    expect(ids(aheadOf)).toEqual([overdue, later, notToday]);
  });

  it(`keeps at most ${dashboard.DAILY_ACTIONABLES_LIMIT} actionables, those with the latest deadlines (today's first), in deadline order, and every habit`, async () => {
    const alice = someone('UTC');
    const habit = randomUUID();
    // One due today, one completed today, and more overdue than the list holds, one a day back from 2 March.
    const overdue = Array.from({ length: dashboard.DAILY_ACTIONABLES_LIMIT + 5 }, (_, back) => ({
      id: randomUUID(),
      deadline: new Date(Date.parse('2026-03-02T12:00:00Z') - back * 86_400_000).toISOString(),
    }));
    const [dueToday, doneToday] = [randomUUID(), randomUUID()];
    await project([
      ...overdue.map(({ id, deadline }) => actionableCreated(alice.at('2025-12-01T00:00:00Z'), { actionableId: id, deadline })),
      actionableCreated(alice.at('2026-03-01T00:00:00Z'), { actionableId: dueToday, deadline: '2026-03-03T20:00:00.000Z' }),
      actionableCreated(alice.at('2026-03-01T00:00:00Z'), { actionableId: doneToday, deadline: '2026-03-03T09:00:00.000Z' }),
      actionableStatusChanged(alice.at('2026-03-03T08:00:00Z'), { actionableId: doneToday, from: 'pending', to: 'completed' }),
      actionableCompleted(alice.at('2026-03-03T08:00:00Z'), { actionableId: doneToday }),
      actionableCreated(alice.at('2025-12-01T00:00:00Z'), { actionableId: habit, isHabit: true }),
    ]);
    const today = await dashboard.dailyActionables(readModels.db, alice.userId, '2026-03-03', 'UTC');
    const kept = overdue.slice(0, dashboard.DAILY_ACTIONABLES_LIMIT - 2).reverse();
    expect(ids(today)).toEqual([...ids(kept), doneToday, dueToday, habit]);
    expect(today.find((item) => item.id === doneToday)?.completedToday).toBe(true);
  });
});
