import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type ReadModelDbHandle } from '../db.ts';
import { migrateReadModels } from '../migrate.ts';
import type { ProjectedEvent } from '../projector.ts';
import { goalCreated, pointsAwarded, pointsRevoked, userRegistered } from '../testing/event-factories.ts';
import { projectEvents } from '../testing/project-events.ts';
import type { EventContext } from '../testing/projector-spec.ts';
import { daysOf, leaderboard, pointsInRange, pointsPerDay, pointsStats, pointsStreak, recentActivities } from './points.queries.ts';

let readModels: ReadModelDbHandle;
beforeAll(async () => {
  readModels = createReadModelDb(await createTestDatabase('points_queries'), 'rm', 2);
  await migrateReadModels(readModels);
});
afterAll(async () => {
  await readModels?.destroy();
});

const project = (events: ProjectedEvent[]) => projectEvents(readModels.db, events);

/** A fresh user per case: cases share the database, never rows. */
const someone = () => {
  const userId = randomUUID();
  /** An event at `at`, recorded on `localDate`. */
  const on = (localDate: string, at = `${localDate}T12:00:00.000Z`): EventContext => ({ userId, at, timezone: 'UTC', localDate });
  const award = (localDate: string, points: number, title = 'Item') =>
    pointsAwarded(on(localDate), { points, title, source: { type: 'actionable', id: randomUUID() } });
  return { userId, on, award };
};

describe('points per day', () => {
  it('lists every day of the range with its net points and entries, zeros included', async () => {
    const alice = someone();
    const item = { type: 'subtask', id: randomUUID() } as const;
    await project([
      alice.award('2026-03-01', 10),
      pointsAwarded(alice.on('2026-03-03'), { points: 12, source: item }),
      pointsRevoked(alice.on('2026-03-03'), { points: 12, source: item }),
      alice.award('2026-03-04', 5),
      alice.award('2026-03-09', 99),
    ]);
    expect(await pointsPerDay(readModels.db, alice.userId, { startDate: '2026-03-01', endDate: '2026-03-05' })).toEqual([
      { date: '2026-03-01', points: 10, count: 1, completions: 0 },
      { date: '2026-03-02', points: 0, count: 0, completions: 0 },
      { date: '2026-03-03', points: 0, count: 2, completions: 0 },
      { date: '2026-03-04', points: 5, count: 1, completions: 0 },
      { date: '2026-03-05', points: 0, count: 0, completions: 0 },
    ]);
    expect(await pointsInRange(readModels.db, alice.userId, { startDate: '2026-03-01', endDate: '2026-03-05' })).toBe(15);
    expect(await pointsInRange(readModels.db, randomUUID(), { startDate: '2026-03-01', endDate: '2026-03-05' })).toBe(0);
  });

  it('walks days across month, leap-day and year ends', () => {
    expect(daysOf({ startDate: '2028-02-28', endDate: '2028-03-01' })).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(daysOf({ startDate: '2026-12-31', endDate: '2027-01-01' })).toEqual(['2026-12-31', '2027-01-01']);
    expect(daysOf({ startDate: '2026-03-08', endDate: '2026-03-08' })).toEqual(['2026-03-08']);
  });
});

describe('points stats', () => {
  it('sums today, the week, the month and the range, and takes the total from user_points', async () => {
    const alice = someone();
    await project([
      alice.award('2026-02-27', 1),
      alice.award('2026-03-01', 20),
      alice.award('2026-03-02', 300),
      alice.award('2026-03-04', 4000),
      alice.award('2025-01-01', 50000),
    ]);
    const stats = await pointsStats(readModels.db, alice.userId, {
      today: '2026-03-04',
      weekStart: '2026-03-02',
      monthStart: '2026-03-01',
      range: { startDate: '2026-02-27', endDate: '2026-03-01' },
    });
    expect(stats).toEqual({ today: 4000, week: 4300, month: 4320, range: 21, total: 54321, streak: 1 });
  });

  it('counts the streak of days with net points up to today, or yesterday while today has none', async () => {
    const alice = someone();
    const item = { type: 'goal', id: randomUUID() } as const;
    await project([
      alice.award('2026-03-01', 1),
      alice.award('2026-03-03', 1),
      alice.award('2026-03-04', 1),
      alice.award('2026-03-05', 1),
      // Taken back the same day: no points that day.
      pointsAwarded(alice.on('2026-03-07'), { points: 5, source: item }),
      pointsRevoked(alice.on('2026-03-07'), { points: 5, source: item }),
      alice.award('2026-03-08', 1),
    ]);
    const streakOn = (today: string) => pointsStreak(readModels.db, alice.userId, today);
    expect(await streakOn('2026-03-05')).toBe(3);
    expect(await streakOn('2026-03-06')).toBe(3);
    expect(await streakOn('2026-03-07')).toBe(0);
    expect(await streakOn('2026-03-08')).toBe(1);
    expect(await streakOn('2026-03-10')).toBe(0);
    expect(await streakOn('2026-03-02')).toBe(1);
    expect(await streakOn('2026-02-28')).toBe(0);
  });

  it('counts a streak longer than one page of days', async () => {
    const alice = someone();
    const days = daysOf({ startDate: '2024-01-01', endDate: '2025-06-30' });
    await project(days.map((date) => alice.award(date, 1)));
    expect(await pointsStreak(readModels.db, alice.userId, '2025-06-30')).toBe(days.length);
    expect(await pointsStreak(readModels.db, alice.userId, '2025-07-01')).toBe(days.length);
  });
});

describe('recent activity', () => {
  it("answers the caller's own, newest first, at most `limit`", async () => {
    const alice = someone();
    const bob = someone();
    const goalId = randomUUID();
    await project([
      goalCreated(alice.on('2026-03-01', '2026-03-01T08:00:00.000Z'), { goalId, title: 'Run' }),
      pointsAwarded(alice.on('2026-03-01', '2026-03-01T09:00:00.000Z'), {
        points: 75,
        title: 'Run',
        source: { type: 'goal', id: goalId },
        hierarchy: { goalId },
      }),
      pointsRevoked(alice.on('2026-03-01', '2026-03-01T10:00:00.000Z'), {
        points: 75,
        title: 'Run',
        source: { type: 'goal', id: goalId },
        hierarchy: { goalId },
      }),
      bob.award('2026-03-01', 3),
    ]);
    const activities = await recentActivities(readModels.db, alice.userId, 5);
    expect(activities.map(({ type, points, entityType, entityId, title }) => ({ type, points, entityType, entityId, title }))).toEqual([
      { type: 'reopened', points: -75, entityType: 'goal', entityId: goalId, title: 'Run' },
      { type: 'completed', points: 75, entityType: 'goal', entityId: goalId, title: 'Run' },
      { type: 'created', points: null, entityType: 'goal', entityId: goalId, title: 'Run' },
    ]);
    expect(activities[0]!.occurredAt).toBe('2026-03-01T10:00:00.000Z');
    expect(await recentActivities(readModels.db, alice.userId, 1)).toEqual(activities.slice(0, 1));
  });
});

describe('leaderboard', () => {
  it("ranks active users by total, ties sharing a rank, with nothing but rank, name, total and whether it is the viewer's row (no user id)", async () => {
    const [first, tieA, tieB, last, gone] = [someone(), someone(), someone(), someone(), someone()];
    const big = 1_000_000_000;
    await project([
      userRegistered(first.on('2026-01-01'), { name: 'First' }),
      userRegistered(tieA.on('2026-01-01'), { name: 'Tie A' }),
      userRegistered(tieB.on('2026-01-01'), { name: 'Tie B' }),
      userRegistered(last.on('2026-01-01'), { name: 'Last' }),
      first.award('2026-03-01', big + 30),
      tieA.award('2026-03-01', big + 20),
      tieB.award('2026-03-02', big + 20),
      last.award('2026-03-01', big + 10),
      // No account in the read model: not listed.
      gone.award('2026-03-01', big + 40),
    ]);
    const board = await leaderboard(readModels.db, 4, tieB.userId);
    const tied = [tieA.userId, tieB.userId].sort();
    const tiedEntry = (userId: string | undefined) => ({
      rank: 2,
      name: userId === tieA.userId ? 'Tie A' : 'Tie B',
      totalPoints: big + 20,
      isCurrentUser: userId === tieB.userId,
    });
    expect(board).toEqual([
      { rank: 1, name: 'First', totalPoints: big + 30, isCurrentUser: false },
      tiedEntry(tied[0]),
      tiedEntry(tied[1]),
      { rank: 4, name: 'Last', totalPoints: big + 10, isCurrentUser: false },
    ]);
    expect(await leaderboard(readModels.db, 2, tieB.userId)).toEqual(board.slice(0, 2));
    expect((await leaderboard(readModels.db, 4, first.userId)).map((entry) => entry.isCurrentUser)).toEqual([true, false, false, false]);
  });
});
