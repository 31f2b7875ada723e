import { describe, expect, it } from 'vitest';
import { apiClient, useTestApp, type ApiUser as User } from './support/api-client.ts';

const app = useTestApp();
const { call, newUser, ok } = apiClient(app);

/** Where the app's clock stands relative to the real one. */
let offset = 0;
/**
 * Puts the app's clock at `instant`. Sessions are stamped by the app's clock, so a test sets it
 * first and registers its users after; within a test it only moves forward, and by days at most.
 */
const clockAt = (instant: string) => {
  const move = Date.parse(instant) - (Date.now() + offset);
  offset += move;
  app.advanceClock(move);
};
const advanceDays = (days: number) => {
  offset += days * 86_400_000;
  app.advanceClock(days * 86_400_000);
};

const get = async (user: User, path: string) => {
  const res = await call(user, 'GET', path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
/** The background lane (activities) catches up on its own: look until it has. */
const eventually = async <T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> => {
  for (let attempt = 0; ; attempt += 1) {
    const value = await read();
    if (check(value) || attempt >= 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const newGoal = (user: User, body: Record<string, unknown> = {}) => ok(user, 'POST', '/goals/goals', { title: 'A goal', ...body }).then((b) => b.goal);
const newTask = (user: User, goalId: string, body: Record<string, unknown> = {}) =>
  ok(user, 'POST', '/goals/tasks', { title: 'A task', goalId, ...body }).then((b) => b.task);
const newSubtask = (user: User, taskId: string, body: Record<string, unknown> = {}) =>
  ok(user, 'POST', '/goals/subtasks', { title: 'A subtask', taskId, ...body }).then((b) => b.subtask);
const newActionable = (user: User, body: Record<string, unknown> = {}) =>
  ok(user, 'POST', '/actionables', { title: 'Do it', ...body }).then((b) => b.actionable);
const newHabit = (user: User, body: Record<string, unknown> = {}) => ok(user, 'POST', '/actionables/habits', { title: 'Daily', ...body }).then((b) => b.habit);
/** Completes an actionable; its award. */
const completeActionable = (user: User, id: string) => ok(user, 'PATCH', `/actionables/${id}/complete`).then((b) => b.pointsAwarded as number);
const completeHabit = (user: User, id: string) => ok(user, 'PATCH', `/actionables/habits/${id}/complete`).then((b) => b.pointsAwarded as number);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe('points and dashboard after a day of work', () => {
  it('agree on every figure: stats, heatmap, daily points, summary, date-range lists, recent activity — a revocation included', async () => {
    // Wednesday 4 March 2026, 10:00 in New York (the default zone).
    clockAt('2026-03-04T15:00:00Z');
    const user = await newUser('Worker');
    const goal = await newGoal(user, { priority: 1 });
    const task = await newTask(user, goal.id, { priority: 4 });
    const subtask = await newSubtask(user, task.id, { priority: 5 });
    const subtaskPoints = (await ok(user, 'POST', `/goals/subtasks/${subtask.id}/complete`)).pointsAwarded as number;
    const completedGoal = (await ok(user, 'PATCH', `/goals/goals/${goal.id}`, { status: 'completed' })).goal;
    const goalAward = completedGoal.pointsHistory.at(-1).points as number;
    const reopened = (await ok(user, 'PATCH', `/goals/goals/${goal.id}`, { status: 'pending' })).goal;
    expect(reopened.pointsHistory.at(-1).points).toBe(-goalAward);
    const actionable = await newActionable(user, { title: 'Big one', pointsToBeAwarded: 400 });
    const actionablePoints = await completeActionable(user, actionable.id);
    const habit = await newHabit(user, { weight: 2 });
    const habitPoints = await completeHabit(user, habit.id);
    expect([subtaskPoints, goalAward, actionablePoints, habitPoints].every((points) => points > 0)).toBe(true);
    expect(actionablePoints).toBe(400);
    const net = subtaskPoints + actionablePoints + habitPoints;

    const { stats } = await get(user, '/points/stats');
    expect(stats).toEqual({ today: net, week: net, month: net, total: net, streak: 1, range: net });

    const { heatmap } = await get(user, '/points/heatmap');
    expect(heatmap).toHaveLength(365);
    expect(heatmap.at(-1)).toEqual({ date: '2026-03-04', points: net, count: 5, completions: 2 });
    expect(heatmap[0].date).toBe('2025-03-05');
    expect(heatmap.slice(0, -1).every((day: { points: number; count: number }) => day.points === 0 && day.count === 0)).toBe(true);
    expect(new Set(heatmap.map((day: { date: string }) => day.date)).size).toBe(365);

    const { summary } = await get(user, '/dashboard/summary');
    expect(summary).toMatchObject({ totalPoints: net, goalsCount: 1, tasksCount: 1, subtasksCount: 1, actionablesCount: 2 });
    // The subtask, the actionable and the habit's completion; the goal was reopened.
    expect(summary.completedCount).toBe(3);
    expect(summary.dailyPoints.map((day: { date: string }) => day.date)).toEqual([
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
    expect(sum(summary.dailyPoints.map((day: { points: number }) => day.points))).toBe(summary.totalPoints);
    // The revoked goal award is no achievement; the best standing one comes first.
    expect(summary.topAchievements[0]).toMatchObject({ title: 'Big one', points: 400, sourceType: 'actionable' });
    expect(summary.topAchievements.map((a: { sourceType: string }) => a.sourceType).sort()).toEqual(['actionable', 'habit', 'subtask']);

    const goals = await get(user, '/dashboard/date-range/goals');
    expect(ids(goals.goals)).toEqual([goal.id]);
    // The goal's net points: its subtask's award; its own was taken back.
    expect(goals.summary).toEqual({ totalPoints: subtaskPoints, goalCount: 1 });
    expect(goals.goals[0].pointsHistory).toHaveLength(3);
    const tasks = await get(user, '/dashboard/date-range/tasks');
    expect(tasks).toEqual({ tasks: [expect.objectContaining({ id: task.id, goalId: goal.id })], summary: { taskCount: 1 }, nextCursor: null });
    const subtasks = await get(user, '/dashboard/date-range/subtasks');
    expect(subtasks).toEqual({ subtasks: [expect.objectContaining({ id: subtask.id, status: 'completed' })], summary: { subtaskCount: 1 }, nextCursor: null });
    const actionables = await get(user, '/dashboard/date-range/actionables');
    expect(ids(actionables.actionables)).toEqual([habit.id, actionable.id]);
    expect(actionables.summary).toEqual({ totalPoints: actionablePoints + habitPoints, completedCount: 1, pendingCount: 1 });

    // A range that ends before any of it.
    const before = '?startDate=2026-02-01&endDate=2026-03-03';
    expect((await get(user, `/dashboard/summary${before}`)).summary).toMatchObject({ totalPoints: 0, goalsCount: 0, completedCount: 0, topAchievements: [] });
    expect((await get(user, `/dashboard/date-range/goals${before}`)).goals).toEqual([]);
    expect((await get(user, `/points/stats${before}`)).stats.range).toBe(0);

    const recent = await eventually(
      () => get(user, '/points/recent?limit=100'),
      (body) => body.activities.some((a: { entityId: string }) => a.entityId === habit.id),
    );
    const times = recent.activities.map((a: { occurredAt: string }) => a.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(recent.activities).toContainEqual(expect.objectContaining({ type: 'reopened', entityType: 'goal', entityId: goal.id, points: -goalAward }));
    expect(recent.activities).toContainEqual(
      expect.objectContaining({ type: 'completed', entityType: 'actionable', entityId: actionable.id, points: 400, title: 'Big one' }),
    );
    for (const activity of recent.activities)
      expect(Object.keys(activity).sort()).toEqual(['entityId', 'entityType', 'id', 'occurredAt', 'points', 'title', 'type']);
    expect((await get(user, '/points/recent')).activities).toEqual(recent.activities.slice(0, 5));
    expect((await get(user, '/points/recent?limit=2')).activities).toEqual(recent.activities.slice(0, 2));
  });

  it('counts the streak of days with points up to today, or up to yesterday while today has none yet', async () => {
    clockAt('2026-04-06T14:00:00Z');
    const user = await newUser('Streaker', 'UTC');
    const streak = async () => (await get(user, '/points/stats')).stats;
    expect((await streak()).streak).toBe(0);
    await completeActionable(user, (await newActionable(user)).id);
    expect(await streak()).toMatchObject({ streak: 1, today: 10 });
    advanceDays(1);
    expect(await streak()).toMatchObject({ streak: 1, today: 0 });
    await completeActionable(user, (await newActionable(user)).id);
    expect(await streak()).toMatchObject({ streak: 2, today: 10 });
    advanceDays(1);
    expect((await streak()).streak).toBe(2);
    advanceDays(1);
    // A whole day passed without points.
    expect((await streak()).streak).toBe(0);
    await completeActionable(user, (await newActionable(user)).id);
    expect(await streak()).toMatchObject({ streak: 1, total: 30 });
  });

  it("splits weeks at the user's weekStart and months at the first", async () => {
    // Saturday 28 February, Sunday 1 March, Monday 2 March 2026 (UTC).
    clockAt('2026-02-28T12:00:00Z');
    const user = await newUser('Weekly', 'UTC');
    await completeActionable(user, (await newActionable(user, { pointsToBeAwarded: 1 })).id);
    advanceDays(1);
    await completeActionable(user, (await newActionable(user, { pointsToBeAwarded: 20 })).id);
    advanceDays(1);
    await completeActionable(user, (await newActionable(user, { pointsToBeAwarded: 300 })).id);
    expect((await get(user, '/points/stats')).stats).toEqual({ today: 300, week: 320, month: 320, total: 321, streak: 3, range: 321 });
    await ok(user, 'PUT', '/settings/weekStart', { weekStart: 'monday' });
    expect((await get(user, '/points/stats')).stats).toMatchObject({ week: 300, month: 320 });
    await ok(user, 'PUT', '/settings/weekStart', { weekStart: 'saturday' });
    expect((await get(user, '/points/stats')).stats).toMatchObject({ week: 321 });
  });
});

describe('a generated history', () => {
  it('gives the same points in the summary, its daily points, the heatmap, the stats, the ledger and the log', async () => {
    // A small seeded generator: the same history on every run.
    let seed = 20261123;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      // The high bits: an LCG's low ones repeat with a short period.
      return Math.floor(seed / 65_536) % n;
    };
    clockAt('2026-08-01T09:00:00Z');
    const user = await newUser('Busy', 'Asia/Kolkata');
    const goal = await newGoal(user, { priority: 2 });
    const task = await newTask(user, goal.id);
    const habit = await newHabit(user, { weight: 3 });
    for (let day = 0; day < 6; day += 1) {
      for (let step = 0; step < 4; step += 1) {
        switch (random(4)) {
          case 0:
            await completeActionable(user, (await newActionable(user, { weight: 1 + random(10) })).id);
            break;
          case 1: {
            const subtask = await newSubtask(user, task.id, { priority: 1 + random(5) });
            await ok(user, 'POST', `/goals/subtasks/${subtask.id}/complete`);
            if (random(2) === 0) await ok(user, 'PATCH', `/goals/subtasks/${subtask.id}`, { status: 'in-progress' });
            break;
          }
          case 2:
            await ok(user, 'PATCH', `/goals/goals/${goal.id}`, { status: random(2) === 0 ? 'completed' : 'pending' });
            break;
          default:
            if (random(2) === 0) await call(user, 'PATCH', `/actionables/habits/${habit.id}/complete`, {});
        }
      }
      advanceDays(1);
    }
    let logged = 0;
    let revocations = 0;
    for await (const event of app.runtime.store.readAll('start')) {
      const data = event.data as { userId?: string; points?: number };
      if (data.userId !== user.id) continue;
      if (event.type === 'PointsAwarded') logged += data.points!;
      if (event.type === 'PointsRevoked') {
        logged -= data.points!;
        revocations += 1;
      }
    }
    const { ledger } = await app.runtime.readModels.db
      .selectFrom('points_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), eb.lit(0)).as('ledger'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const range = '?startDate=2026-07-25&endDate=2026-08-10';
    const { summary } = await get(user, `/dashboard/summary${range}`);
    const { heatmap } = await get(user, `/points/heatmap${range}`);
    const { stats } = await get(user, `/points/stats${range}`);
    expect(logged).toBeGreaterThan(0);
    expect(revocations).toBeGreaterThan(0);
    expect(Number(ledger)).toBe(logged);
    expect(summary.totalPoints).toBe(logged);
    expect(sum(summary.dailyPoints.map((day: { points: number }) => day.points))).toBe(logged);
    expect(sum(heatmap.map((day: { points: number }) => day.points))).toBe(logged);
    expect(stats.range).toBe(logged);
    expect(stats.total).toBe(logged);
    expect(summary.dailyPoints).toEqual(
      heatmap.map(({ date, points, completions }: { date: string; points: number; completions: number }) => ({ date, points, completions })),
    );
  });
});

describe('time zones', () => {
  it('puts a completion at 23:30 on the local date where it was made, east and west of UTC', async () => {
    // 23:30 on 1 March in Auckland (UTC+13) is 10:30 UTC.
    clockAt('2026-03-01T10:30:00Z');
    const east = await newUser('Kiwi', 'Pacific/Auckland');
    const eastItem = await newActionable(east);
    const eastPoints = await completeActionable(east, eastItem.id);
    // 23:30 on 1 March in Los Angeles (UTC−8) is 07:30 UTC on the 2nd.
    clockAt('2026-03-02T07:30:00Z');
    const west = await newUser('Angeleno', 'America/Los_Angeles');
    const westItem = await newActionable(west);
    const westPoints = await completeActionable(west, westItem.id);

    for (const [user, points, zone] of [
      [east, eastPoints, 'Pacific/Auckland'],
      [west, westPoints, 'America/Los_Angeles'],
    ] as const) {
      const days = (await get(user, '/points/heatmap?startDate=2026-02-28&endDate=2026-03-03')).heatmap;
      expect(days).toEqual([
        { date: '2026-02-28', points: 0, count: 0, completions: 0 },
        { date: '2026-03-01', points, count: 1, completions: 1 },
        { date: '2026-03-02', points: 0, count: 0, completions: 0 },
        { date: '2026-03-03', points: 0, count: 0, completions: 0 },
      ]);
      // Asked in another zone, a recorded day stays where it was lived.
      expect((await get(user, '/points/heatmap?startDate=2026-03-01&endDate=2026-03-01&timezone=UTC')).heatmap).toEqual([
        { date: '2026-03-01', points, count: 1, completions: 1 },
      ]);
      // Items by instant: created and completed within 1 March in the user's zone, not within 2 March.
      const onFirst = await get(user, `/dashboard/date-range/actionables?startDate=2026-03-01&endDate=2026-03-01&timezone=${zone}`);
      expect(onFirst.actionables).toHaveLength(1);
      expect(onFirst.summary).toEqual({ totalPoints: points, completedCount: 1, pendingCount: 0 });
      expect((await get(user, `/dashboard/summary?startDate=2026-03-01&endDate=2026-03-01&timezone=${zone}`)).summary).toMatchObject({
        totalPoints: points,
        actionablesCount: 1,
        completedCount: 1,
        dailyPoints: [{ date: '2026-03-01', points, completions: 1 }],
      });
    }
    // An instant as a bound stands for its local date in the zone: 1 March 23:30 in Auckland.
    const byInstant = await get(east, '/points/heatmap?startDate=2026-03-01T10:30:00Z&endDate=2026-03-01T10:30:00Z&timezone=Pacific/Auckland');
    expect(byInstant.heatmap).toEqual([{ date: '2026-03-01', points: eastPoints, count: 1, completions: 1 }]);
    const sameInstantInUtc = await get(east, '/points/heatmap?startDate=2026-03-01T10:30:00Z&endDate=2026-03-01T10:30:00Z&timezone=UTC');
    expect(sameInstantInUtc.heatmap).toEqual([{ date: '2026-03-01', points: eastPoints, count: 1, completions: 1 }]);
    const westInstant = await get(west, '/points/heatmap?startDate=2026-03-02T07:30:00Z&endDate=2026-03-02T07:30:00Z');
    expect(westInstant.heatmap).toEqual([{ date: '2026-03-01', points: westPoints, count: 1, completions: 1 }]);
  });

  it("counts a DST-change day once; today and the default range are the user's calendar's, whatever zone is asked for", async () => {
    // 8 March 2026: clocks go forward in New York. 03:30 UTC on the 9th is still the 8th there.
    clockAt('2026-03-09T03:30:00Z');
    const user = await newUser('Dst', 'America/New_York');
    const points = await completeActionable(user, (await newActionable(user)).id);
    const days = (await get(user, '/points/heatmap?startDate=2026-03-07&endDate=2026-03-09')).heatmap;
    expect(days.map((day: { date: string }) => day.date)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(days[1]).toEqual({ date: '2026-03-08', points, count: 1, completions: 1 });
    expect((await get(user, '/points/stats')).stats).toMatchObject({ today: points, streak: 1 });
    // In Tokyo it is already the 9th, but the user's today is the 8th (one today for every route):
    // the zone asked for maps instants to dates, it does not move today.
    expect((await get(user, '/points/stats?timezone=Asia/Tokyo')).stats).toMatchObject({ today: points, streak: 1, range: points });
    const tokyo = (await get(user, '/dashboard/summary?timezone=Asia/Tokyo')).summary.dailyPoints;
    expect(tokyo.at(-1)).toEqual({ date: '2026-03-08', points, completions: 1 });
    expect(tokyo).toHaveLength(7);
    expect((await get(user, '/dashboard/daily-actionables?timezone=Asia/Tokyo')).date).toBe('2026-03-08');
    expect((await get(user, '/dashboard/daily-actionables')).date).toBe('2026-03-08');
  });
});

describe("today's actionables", () => {
  it('lists what is due today or overdue and open, and the habits scheduled today with completedToday and streak', async () => {
    // Tuesday 10 March 2026, 09:00 in Paris.
    clockAt('2026-03-10T08:00:00Z');
    const user = await newUser('Planner', 'Europe/Paris');
    const dueToday = await newActionable(user, { title: 'Due today', deadline: '2026-03-10T20:00:00+01:00' });
    const overdue = await newActionable(user, { title: 'Overdue', deadline: '2026-03-08T12:00:00Z' });
    const overdueDone = await newActionable(user, { title: 'Done long ago', deadline: '2026-03-01T12:00:00Z' });
    await newActionable(user, { title: 'Tomorrow', deadline: '2026-03-11T12:00:00Z' });
    await newActionable(user, { title: 'Late tonight in Paris is tomorrow', deadline: '2026-03-10T23:30:00Z' });
    await newActionable(user, { title: 'Whenever' });
    const daily = await newHabit(user, { title: 'Every day' });
    const tuesdays = await newHabit(user, { title: 'Tuesdays', recurrence: { frequency: 'weekly', days: [2] } });
    await newHabit(user, { title: 'Mondays', recurrence: { frequency: 'weekly', days: [1] } });
    await newHabit(user, { title: 'Paused', active: false });
    // Overdue, but completed today: it stays on today's list, shown done.
    await completeActionable(user, overdueDone.id);

    const first = await get(user, '/dashboard/daily-actionables');
    expect(first.date).toBe('2026-03-10');
    expect(first.actionables.map((a: { title: string }) => a.title)).toEqual(['Done long ago', 'Overdue', 'Due today', 'Tuesdays', 'Every day']);
    expect(first.actionables.map((a: { completedToday: boolean }) => a.completedToday)).toEqual([true, false, false, false, false]);

    await completeHabit(user, daily.id);
    await completeActionable(user, dueToday.id);
    const after = await get(user, '/dashboard/daily-actionables');
    const byId = new Map(after.actionables.map((a: { id: string }) => [a.id, a]));
    expect(byId.get(daily.id)).toMatchObject({ completedToday: true, streak: 1 });
    expect(byId.get(tuesdays.id)).toMatchObject({ completedToday: false, streak: 0 });
    expect(byId.get(dueToday.id)).toMatchObject({ completedToday: true, status: 'completed' });
    expect(byId.get(overdue.id)).toMatchObject({ completedToday: false });

    // The next day: yesterday's completions leave the list; the habit's streak stands until missed.
    // Tuesday's habit, its Tuesday still open, stays offered as its card offers it: counting for Tuesday.
    advanceDays(1);
    const next = await get(user, '/dashboard/daily-actionables');
    expect(next.date).toBe('2026-03-11');
    expect(next.actionables.map((a: { title: string }) => a.title)).toEqual([
      'Overdue',
      'Late tonight in Paris is tomorrow',
      'Tomorrow',
      'Tuesdays',
      'Every day',
    ]);
    expect(next.actionables.at(-2)).toMatchObject({ completedToday: false, habitToday: { state: 'due', occurrence: '2026-03-10' } });
    expect(next.actionables.at(-1)).toMatchObject({ completedToday: false, streak: 1 });
  });

  it("offers yesterday's open occurrence of a habit for one tap to record it, and no other day", async () => {
    // Friday 20 March 2026, 09:00 in Paris.
    clockAt('2026-03-20T08:00:00Z');
    const user = await newUser('Forgetful', 'Europe/Paris');
    const stretch = await newHabit(user, { title: 'Stretch', startDate: '2026-03-17' });
    const fresh = await newHabit(user, { title: 'Begun today' });
    const thursdays = await newHabit(user, { title: 'Thursdays', startDate: '2026-03-10', recurrence: { frequency: 'weekly', days: [4] } });
    const todo = await newActionable(user, { title: 'Due today', deadline: '2026-03-20T18:00:00+01:00' });
    const openOf = async () =>
      new Map(
        ((await get(user, '/dashboard/daily-actionables')).actionables as Array<{ id: string; openYesterday: string | null }>).map((item) => [
          item.id,
          item.openYesterday,
        ]),
      );
    // Stretch missed Thursday; the new habit had no Thursday; Thursdays' Thursday is what a completion today counts for.
    expect(await openOf()).toEqual(
      new Map([
        [todo.id, null],
        [thursdays.id, null],
        [fresh.id, null],
        [stretch.id, '2026-03-19'],
      ]),
    );
    // Done today, yesterday is still open; recorded (half the points), it is offered no more.
    await completeHabit(user, stretch.id);
    expect((await openOf()).get(stretch.id)).toBe('2026-03-19');
    const recorded = await ok(user, 'POST', `/actionables/habits/${stretch.id}/completions`, { date: '2026-03-19' });
    expect(recorded.pointsAwarded).toBeGreaterThan(0);
    expect((await openOf()).get(stretch.id)).toBeNull();
    expect((await get(user, `/actionables/habits/${stretch.id}/history?startDate=2026-03-19&endDate=2026-03-20`)).history).toEqual([
      { date: '2026-03-19', state: 'backfilled' },
      { date: '2026-03-20', state: 'done' },
    ]);
  });
});

describe('leaderboard', () => {
  it("ranks totals (ties share a rank) and answers names and totals only: rank, name, totalPoints and whether the row is the caller's — no userId", async () => {
    clockAt('2026-05-01T12:00:00Z');
    const top = await newUser('Top scorer');
    const tieA = await newUser('Tie A');
    const tieB = await newUser('Tie B');
    await completeActionable(top, (await newActionable(top, { pointsToBeAwarded: 1000 })).id);
    await completeActionable(top, (await newActionable(top, { pointsToBeAwarded: 1000 })).id);
    await completeActionable(top, (await newActionable(top, { pointsToBeAwarded: 1000 })).id);
    for (const user of [tieA, tieB]) await completeActionable(user, (await newActionable(user, { pointsToBeAwarded: 999 })).id);
    for (const user of [tieA, tieB]) await completeActionable(user, (await newActionable(user, { pointsToBeAwarded: 999 })).id);

    const res = await call(tieA, 'GET', '/points/leaderboard?limit=100');
    expect(res.status).toBe(200);
    const board = res.body.leaderboard as Array<{ rank: number; name: string; totalPoints: number; isCurrentUser: boolean }>;
    expect(board[0]).toEqual({ rank: 1, name: 'Top scorer', totalPoints: 3000, isCurrentUser: false });
    const tied = board.filter((entry) => entry.name === 'Tie A' || entry.name === 'Tie B');
    expect(tied).toHaveLength(2);
    expect(tied.filter((entry) => entry.isCurrentUser).map((entry) => entry.name)).toEqual(['Tie A']);
    expect(board.filter((entry) => entry.isCurrentUser)).toHaveLength(1);
    expect(tied.map((entry) => entry.totalPoints)).toEqual([1998, 1998]);
    expect(tied[0]!.rank).toBe(tied[1]!.rank);
    for (const [index, entry] of board.entries()) {
      expect(Object.keys(entry).sort()).toEqual(['isCurrentUser', 'name', 'rank', 'totalPoints']);
      if (index > 0) {
        expect(entry.totalPoints).toBeLessThanOrEqual(board[index - 1]!.totalPoints);
        expect(entry.rank).toBe(entry.totalPoints === board[index - 1]!.totalPoints ? board[index - 1]!.rank : index + 1);
      }
    }
    const text = JSON.stringify(res.body);
    for (const user of [top, tieA, tieB]) {
      expect(text).not.toContain(user.email);
      expect(text).not.toContain(user.id);
    }
    const asTop = (await get(top, '/points/leaderboard')).leaderboard;
    expect(asTop).toEqual(board.slice(0, 10).map((entry) => ({ ...entry, isCurrentUser: entry.name === 'Top scorer' })));
    expect((await get(top, '/points/leaderboard?limit=1')).leaderboard).toEqual([asTop[0]]);
  });

  it('shows a user who opted out to no one, and one who chose a name under that name only (it showed every full name, no way out)', async () => {
    clockAt('2026-05-02T12:00:00Z');
    const shy = await newUser('Shirley Private-Person');
    const alias = await newUser('Alexander Longname');
    const other = await newUser('Other Person');
    for (const user of [shy, alias, other]) await completeActionable(user, (await newActionable(user, { pointsToBeAwarded: 1000 })).id);
    const names = async (user: User) => ((await get(user, '/points/leaderboard?limit=100')).leaderboard as Array<{ name: string }>).map((e) => e.name);
    expect(await names(other)).toEqual(expect.arrayContaining(['Shirley Private-Person', 'Alexander Longname']));

    // Bad values are refused naming the field, and change nothing.
    for (const leaderboardName of ['', '   ', 'x'.repeat(41), 'a\u0000b', 7])
      expect((await call(alias, 'PATCH', '/settings', { leaderboardName })).body.message).toMatch(/^leaderboardName: /);
    expect((await call(shy, 'PATCH', '/settings', { leaderboardVisible: 'no' })).status).toBe(400);
    expect(await names(other)).toEqual(expect.arrayContaining(['Shirley Private-Person', 'Alexander Longname']));

    expect((await call(shy, 'PATCH', '/settings', { leaderboardVisible: false })).status).toBe(200);
    expect((await call(alias, 'PATCH', '/settings', { leaderboardName: '  Alex L.  ' })).body.settings).toMatchObject({
      leaderboardVisible: true,
      leaderboardName: 'Alex L.',
    });
    for (const viewer of [other, shy, alias]) {
      const shown = await names(viewer);
      expect(shown).not.toContain('Shirley Private-Person');
      expect(shown).not.toContain('Alexander Longname');
      expect(shown).toContain('Alex L.');
    }
    // Null gives the user's own name back; turned on again, the user is back.
    await ok(alias, 'PATCH', '/settings', { leaderboardName: null });
    await ok(shy, 'PATCH', '/settings', { leaderboardVisible: true });
    expect(await names(other)).toEqual(expect.arrayContaining(['Shirley Private-Person', 'Alexander Longname']));
  });
});

describe('isolation', () => {
  it("never shows one user another's items or points, except the leaderboard's public fields", async () => {
    clockAt('2026-06-01T12:00:00Z');
    const alice = await newUser('Alice', 'UTC');
    const bob = await newUser('Bob', 'UTC');
    const goal = await newGoal(alice);
    const task = await newTask(alice, goal.id);
    const subtask = await newSubtask(alice, task.id);
    await ok(alice, 'POST', `/goals/subtasks/${subtask.id}/complete`);
    await completeActionable(alice, (await newActionable(alice, { deadline: '2026-06-01T18:00:00Z' })).id);
    await newActionable(alice, { deadline: '2026-05-30T18:00:00Z' });
    await completeHabit(alice, (await newHabit(alice)).id);
    // Three created, three awards.
    await eventually(
      () => get(alice, '/points/recent?limit=100'),
      (body) => body.activities.length === 6,
    );

    expect((await get(bob, '/points/stats')).stats).toEqual({ today: 0, week: 0, month: 0, total: 0, streak: 0, range: 0 });
    expect((await get(bob, '/points/recent')).activities).toEqual([]);
    const heatmap = (await get(bob, '/points/heatmap')).heatmap;
    expect(heatmap.every((day: { points: number; count: number }) => day.points === 0 && day.count === 0)).toBe(true);
    expect((await get(bob, '/dashboard/daily-actionables')).actionables).toEqual([]);
    for (const kind of ['goals', 'tasks', 'subtasks', 'actionables']) expect((await get(bob, `/dashboard/date-range/${kind}`))[kind]).toEqual([]);
    const { topAchievements, ...counts } = (await get(bob, '/dashboard/summary')).summary;
    expect(topAchievements).toEqual([]);
    for (const count of ['totalPoints', 'goalsCount', 'tasksCount', 'subtasksCount', 'actionablesCount', 'completedCount'])
      expect(counts[count], count).toBe(0);
    // Alice sees her own.
    expect((await get(alice, '/dashboard/daily-actionables')).actionables).toHaveLength(3);
    expect((await get(alice, '/dashboard/summary')).summary).toMatchObject({ goalsCount: 1, tasksCount: 1, subtasksCount: 1, actionablesCount: 3 });
    const board = (await get(bob, '/points/leaderboard?limit=100')).leaderboard;
    const aliceEntry = board.find((entry: { name: string }) => entry.name === 'Alice');
    expect(Object.keys(aliceEntry).sort()).toEqual(['isCurrentUser', 'name', 'rank', 'totalPoints']);
    expect(aliceEntry).toMatchObject({ name: 'Alice', totalPoints: (await get(alice, '/points/stats')).stats.total, isCurrentUser: false });
    expect(JSON.stringify(board)).not.toContain(alice.id);
    expect(board.some((entry: { name: string }) => entry.name === 'Bob')).toBe(false);
  });

  it('asks for a session on every route', async () => {
    for (const path of [
      '/points/stats',
      '/points/recent',
      '/points/heatmap',
      '/points/leaderboard',
      '/dashboard/daily-actionables',
      '/dashboard/date-range/goals',
      '/dashboard/summary',
    ]) {
      expect((await app.json('GET', `/api${path}`)).status).toBe(401);
    }
  });
});

describe('bad input', () => {
  const rangeRoutes = [
    '/points/stats',
    '/points/heatmap',
    '/dashboard/date-range/goals',
    '/dashboard/date-range/tasks',
    '/dashboard/date-range/subtasks',
    '/dashboard/date-range/actionables',
    '/dashboard/summary',
  ];

  it('answers 400 naming the parameter, never a 5xx', async () => {
    clockAt('2026-07-01T12:00:00Z');
    const user = await newUser('Prober');
    const refused = async (path: string, field: string) => {
      const res = await call(user, 'GET', path);
      expect(res.status, `${path} → ${res.status} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors?.[0]?.field, path).toBe(field);
      expect(res.body.message, path).toContain(field);
    };
    for (const route of rangeRoutes) {
      await refused(`${route}?startDate=2026-03-10&endDate=2026-03-09`, 'endDate');
      await refused(`${route}?startDate=2026-02-30`, 'startDate');
      await refused(`${route}?endDate=yesterday`, 'endDate');
      await refused(`${route}?startDate=0000-01-01`, 'startDate');
      await refused(`${route}?startDate=2026-03-01T25:00:00Z`, 'startDate');
      await refused(`${route}?timezone=Mars/Olympus`, 'timezone');
      await refused(`${route}?timezone=${encodeURIComponent('Europe/Paris\u0000')}`, 'timezone');
      await refused(`${route}?timezone=${'A'.repeat(5000)}`, 'timezone');
      await refused(`${route}?startDate=2026-03-01%ED%A0%80`, 'startDate');
      await refused(`${route}?startDate=1900-01-01&endDate=9999-12-31`, 'endDate');
      await refused(`${route}?startDate=2026-01-01&startDate=2026-01-02`, 'startDate');
      await refused(`${route}?endDate=9999-12-31T23:00:00Z&timezone=Pacific/Kiritimati`, 'endDate');
      // The calendar's edges in zones either side of UTC answer, not fail.
      for (const edge of [
        `${route}?startDate=1900-01-01T12:00:00Z&endDate=1900-01-02&timezone=America/Los_Angeles`,
        `${route}?startDate=9999-12-31`,
        `${route}?endDate=1900-01-01`,
      ]) {
        const res = await call(user, 'GET', edge);
        expect(res.status, `${edge} ${JSON.stringify(res.body)}`).toBe(200);
      }
      await refused(`${route}?startDate=1900-01-01T05:00:00Z&timezone=America/Los_Angeles`, 'startDate');
    }
    for (const route of rangeRoutes.filter((path) => path !== '/points/heatmap')) {
      await refused(`${route}?startDate=2025-01-01&endDate=2026-02-05`, 'endDate');
      expect((await call(user, 'GET', `${route}?startDate=2025-01-01&endDate=2026-02-04`)).status).toBe(200);
    }
    // Heatmaps may span three years.
    expect((await call(user, 'GET', '/points/heatmap?startDate=2024-01-01&endDate=2026-12-31')).body.heatmap).toHaveLength(1096);
    await refused('/points/heatmap?startDate=2023-01-01&endDate=2026-12-31', 'endDate');
    await refused('/dashboard/daily-actionables?timezone=Not/AZone', 'timezone');
    for (const route of ['/points/recent', '/points/leaderboard']) {
      for (const limit of ['0', '101', '-1', '1e3', 'abc', '99999999999999999999', '%00', '1&limit=2']) await refused(`${route}?limit=${limit}`, 'limit');
      expect((await call(user, 'GET', `${route}?limit=100`)).status).toBe(200);
    }
  });

  it('defaults to the last 7 days up to today, a start alone runs to today and an end alone reaches back 7 days', async () => {
    clockAt('2026-07-15T12:00:00Z');
    const user = await newUser('Defaults', 'UTC');
    const datesOf = async (query: string) =>
      (await get(user, `/dashboard/summary${query}`)).summary.dailyPoints.map((day: { date: string }) => day.date) as string[];
    expect(await datesOf('')).toEqual(['2026-07-09', '2026-07-10', '2026-07-11', '2026-07-12', '2026-07-13', '2026-07-14', '2026-07-15']);
    expect(await datesOf('?startDate=2026-07-13')).toEqual(['2026-07-13', '2026-07-14', '2026-07-15']);
    expect(await datesOf('?endDate=2026-01-03')).toEqual(['2025-12-28', '2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03']);
    expect(await datesOf('?startDate=2026-07-16')).toEqual(['2026-07-16']);
    expect((await get(user, '/points/heatmap')).heatmap.at(-1).date).toBe('2026-07-15');
  });
});

describe('the published contract', () => {
  it('lists every points and dashboard route with its query parameters in /api/openapi.json', async () => {
    const { body } = await app.json('GET', '/api/openapi.json');
    for (const kind of ['goals', 'tasks', 'subtasks', 'actionables']) expect(body.paths[`/api/dashboard/date-range/${kind}`].get).toBeDefined();
    expect(body.paths['/api/dashboard/daily-actionables'].get).toBeDefined();
    expect(body.paths['/api/dashboard/summary'].get).toBeDefined();
    expect(JSON.stringify(body.paths['/api/points/stats'].get)).toContain('startDate');
    expect(JSON.stringify(body.paths['/api/points/leaderboard'].get)).toContain('limit');
    expect(body.paths['/api/points/heatmap'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(body.paths['/api/points/recent'].get).toBeDefined();
  });
});
