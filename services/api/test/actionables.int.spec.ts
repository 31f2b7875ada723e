import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { untouchedActionable } from '@tracker/contracts/actionables/http';
import { emptyActionableStats } from '@tracker/projections/testing/actionable-answers';
import { apiClient, useTestApp, type ApiUser as User } from './support/api-client.ts';
import { startTestApp } from './support/test-app.ts';

const app = useTestApp();
const { call, created, newUser } = apiClient(app);

const newActionable = (user: User, body: Record<string, unknown> = {}) => created(user, '/actionables', { title: 'Do it', ...body }).then((b) => b.actionable);
const newHabit = (user: User, body: Record<string, unknown> = {}) => created(user, '/actionables/habits', { title: 'Every day', ...body }).then((b) => b.habit);
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
/** How far the app's clock was moved (the last describe moves it). */
let clockOffset = 0;
const advanceDays = (days: number) => {
  clockOffset += days * 86_400_000;
  app.advanceClock(days * 86_400_000);
};
/** The local date now in a zone, by the app's clock. */
const localToday = (zone: string) => new Date(Date.now() + clockOffset).toLocaleDateString('en-CA', { timeZone: zone });

describe('actionables', () => {
  it('creates with spec defaults, ignoring the fields the server owns', async () => {
    const user = await newUser();
    const res = await call(user, 'POST', '/actionables', {
      userId: randomUUID(),
      id: randomUUID(),
      pointsAwarded: 500,
      completedAt: '2020-01-01T00:00:00Z',
      createdAt: '2020-01-01T00:00:00Z',
      streak: 40,
      lastCompletedAt: '2020-01-01T00:00:00Z',
    });
    expect(res.status).toBe(201);
    const { actionable } = res.body;
    expect(actionable).toMatchObject({ ...untouchedActionable, title: 'Untitled Actionable' });
    expect(actionable.createdAt.startsWith('2020')).toBe(false);
    const me = await call(user, 'GET', '/auth/me');
    expect(actionable.userId).toBe(me.body.user.id);
    expect((await call(user, 'GET', `/actionables/${actionable.id}`)).body.actionable).toEqual(actionable);

    const full = await newActionable(user, {
      title: ' Write report ',
      description: 'Quarterly',
      weight: 4,
      deadline: '2026-06-15T15:00:00Z',
      reminderTime: '08:30',
      pointsToBeAwarded: 25,
      recurrence: { frequency: 'weekly', days: [5, 1, 1] },
      status: 'in-progress',
    });
    expect(full).toMatchObject({
      title: 'Write report',
      description: 'Quarterly',
      weight: 4,
      deadline: '2026-06-15T15:00:00.000Z',
      reminderTime: '08:30',
      pointsToBeAwarded: 25,
      recurrence: { frequency: 'weekly', days: [1, 5], dayOfMonth: null },
      status: 'in-progress',
    });
  });

  it('lists newest first, by status (comma list), habit or not, and what is due on a local date', async () => {
    const user = await newUser();
    // A Monday a few weeks on: habits are due only from their start (today), so the days asked lie ahead.
    const monday = DateTime.fromMillis(Date.now() + clockOffset, { zone: 'UTC' })
      .plus({ weeks: 3 })
      .set({ weekday: 1 })
      .toISODate()!;
    const tuesday = DateTime.fromISO(monday).plus({ days: 1 }).toISODate()!;
    const a = await newActionable(user, { title: 'a', deadline: `${monday}T15:00:00Z` });
    const b = await newActionable(user, { title: 'b', status: 'in-progress', deadline: `${tuesday}T15:00:00Z` });
    const c = await newActionable(user, { title: 'c', status: 'not-approached' });
    const h = await newHabit(user, { title: 'h' });
    const weekly = await newHabit(user, { title: 'mondays', recurrence: { frequency: 'weekly', days: [1] } });
    const list = async (query = '') => {
      const res = await call(user, 'GET', `/actionables${query}`);
      expect(res.status, query).toBe(200);
      return ids(res.body.actionables);
    };
    expect(await list()).toEqual([weekly.id, h.id, c.id, b.id, a.id]);
    expect(await list('?status=pending')).toEqual([weekly.id, h.id, a.id]);
    expect(await list('?status=in-progress,not-approached')).toEqual([c.id, b.id]);
    expect(await list('?isHabit=true')).toEqual([weekly.id, h.id]);
    expect(await list('?isHabit=false&status=pending')).toEqual([a.id]);
    // 15:00 UTC is 10:00 or 11:00 in New York, 00:00 the next day in Tokyo.
    expect(await list(`?date=${monday}&timezone=America/New_York`)).toEqual([weekly.id, h.id, a.id]);
    expect(await list(`?date=${tuesday}&timezone=Asia/Tokyo`)).toEqual([h.id, a.id]);
    expect(await list(`?date=${tuesday}&timezone=America/New_York`)).toEqual([h.id, b.id]);
    // Not before the habits' start: nothing of theirs is due yesterday.
    const yesterday = DateTime.fromISO(localToday(user.timezone)).minus({ days: 1 }).toISODate()!;
    expect(await list(`?date=${yesterday}&isHabit=true`)).toEqual([]);
    for (const [query, field] of [
      ['?status=done', 'status'],
      ['?status=pending,', 'status'],
      ['?isHabit=yes', 'isHabit'],
      ['?date=2026-02-30', 'date'],
      ['?timezone=Mars/Olympus', 'timezone'],
    ]) {
      const res = await call(user, 'GET', `/actionables${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.errors[0].field.split('.')[0]).toBe(field);
    }
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const user = await newUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ weight: 99 }, 'weight'],
      [{ weight: 0 }, 'weight'],
      [{ weight: 2.5 }, 'weight'],
      [{ weight: '3' }, 'weight'],
      [{ status: 'done' }, 'status'],
      [{ deadline: 'someday' }, 'deadline'],
      [{ reminderTime: '25:00' }, 'reminderTime'],
      [{ pointsToBeAwarded: 1001 }, 'pointsToBeAwarded'],
      [{ recurrence: { frequency: 'weekly' } }, 'recurrence.days'],
      [{ recurrence: { frequency: 'weekly', days: [] } }, 'recurrence.days'],
      [{ recurrence: { frequency: 'weekly', days: [7] } }, 'recurrence.days.0'],
      [{ recurrence: { frequency: 'monthly' } }, 'recurrence.dayOfMonth'],
      [{ recurrence: { frequency: 'yearly' } }, 'recurrence.frequency'],
      [{ goalId: 'nope' }, 'goalId'],
      [{ title: 'x'.repeat(201) }, 'title'],
    ];
    for (const path of ['/actionables', '/actionables/habits']) {
      for (const [body, field] of cases) {
        const res = await call(user, 'POST', path, { title: 'ok', ...body });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
        expect(res.body.message).toContain(field);
      }
    }
    const item = await newActionable(user);
    for (const [body, field] of cases) {
      const res = await call(user, 'PATCH', `/actionables/${item.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await call(user, 'PATCH', `/actionables/${item.id}`, { title: '   ' })).body.errors[0].field).toBe('title');
    expect((await call(user, 'GET', '/actionables')).body.actionables).toEqual([item]);
  });

  it('updates with PATCH only what is sent; null clears; status changes award and revoke points', async () => {
    const user = await newUser();
    const item = await newActionable(user, { title: 'Before', weight: 2, deadline: '2099-01-01T00:00:00Z', reminderTime: '07:00' });
    const res = await call(user, 'PATCH', `/actionables/${item.id}`, { title: 'After', weight: 5, reminderTime: null, pointsAwarded: 900, streak: 9 });
    expect(res.status).toBe(200);
    expect(res.body.actionable).toMatchObject({
      title: 'After',
      weight: 5,
      deadline: '2099-01-01T00:00:00.000Z',
      reminderTime: null,
      pointsAwarded: 0,
      streak: 0,
    });
    const done = (await call(user, 'PATCH', `/actionables/${item.id}`, { status: 'completed' })).body.actionable;
    expect(done).toMatchObject({ status: 'completed', pointsAwarded: 50 });
    expect(done.completedAt).not.toBeNull();
    const back = (await call(user, 'PATCH', `/actionables/${item.id}`, { status: 'pending' })).body.actionable;
    expect(back).toMatchObject({ status: 'pending', pointsAwarded: 0, completedAt: null });
    expect((await call(user, 'GET', '/actionables/stats')).body.stats.totalPoints).toBe(0);
    expect((await call(user, 'GET', `/actionables/${item.id}`)).body.actionable).toEqual(back);
  });

  it('deletes with 204; the item is gone from every read', async () => {
    const user = await newUser();
    const item = await newActionable(user);
    const keep = await newActionable(user);
    const res = await app.request('DELETE', `/api/actionables/${item.id}`, { token: user.token });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await call(user, 'GET', `/actionables/${item.id}`)).status).toBe(404);
    expect(ids((await call(user, 'GET', '/actionables')).body.actionables)).toEqual([keep.id]);
    expect((await call(user, 'DELETE', `/actionables/${item.id}`)).status).toBe(404);
    expect((await call(user, 'PATCH', `/actionables/${item.id}`, { title: 'x' })).status).toBe(404);
    expect((await call(user, 'PATCH', `/actionables/${item.id}/complete`)).status).toBe(404);
  });

  it('completes: 10 × weight, or pointsToBeAwarded when > 0, halved when late; a second completion is a 409', async () => {
    const user = await newUser();
    const plain = await newActionable(user, { weight: 3 });
    const res = await call(user, 'PATCH', `/actionables/${plain.id}/complete`);
    expect(res.status).toBe(200);
    expect(res.body.pointsAwarded).toBe(30);
    expect(res.body.actionable).toMatchObject({ id: plain.id, status: 'completed', pointsAwarded: 30 });
    expect(res.body.actionable.completedAt).not.toBeNull();
    const again = await call(user, 'PATCH', `/actionables/${plain.id}/complete`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Actionable is already completed');

    const fixed = await newActionable(user, { weight: 3, pointsToBeAwarded: 50 });
    expect((await call(user, 'PATCH', `/actionables/${fixed.id}/complete`)).body.pointsAwarded).toBe(50);
    const late = await newActionable(user, { weight: 2, deadline: '2020-01-01T12:00:00Z' });
    expect((await call(user, 'PATCH', `/actionables/${late.id}/complete`)).body.pointsAwarded).toBe(10);

    const stats = (await call(user, 'GET', '/actionables/stats')).body.stats;
    expect(stats).toMatchObject({ total: 3, completed: 3, totalPoints: 90, completionRate: 1 });
    expect((await call(user, 'GET', `/actionables/${plain.id}`)).body.actionable).toEqual(res.body.actionable);
  });

  it('honours Idempotency-Key: a retried create makes one item, a retried completion awards once', async () => {
    const user = await newUser();
    const key = { 'idempotency-key': `create-${randomUUID()}` };
    const first = await call(user, 'POST', '/actionables', { title: 'Once', weight: 2 }, key);
    const second = await call(user, 'POST', '/actionables', { title: 'Once', weight: 2 }, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const id = first.body.actionable.id;
    const completeKey = { 'idempotency-key': `complete-${randomUUID()}` };
    const done = await call(user, 'PATCH', `/actionables/${id}/complete`, undefined, completeKey);
    const retried = await call(user, 'PATCH', `/actionables/${id}/complete`, undefined, completeKey);
    expect(done.status).toBe(200);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(done.body);
    expect(done.body.pointsAwarded).toBe(20);
    expect((await call(user, 'GET', '/actionables')).body.actionables).toHaveLength(1);
    expect((await call(user, 'GET', '/actionables/stats')).body.stats.totalPoints).toBe(20);
  });

  it('links to the caller’s own live goal, task and subtask; anything else is a 404', async () => {
    const user = await newUser();
    const goal = (await created(user, '/goals/goals', { title: 'G' })).goal;
    const task = (await created(user, '/goals/tasks', { title: 'T', goalId: goal.id })).task;
    const subtask = (await created(user, '/goals/subtasks', { title: 'S', taskId: task.id })).subtask;
    const linked = await newActionable(user, { goalId: goal.id, taskId: task.id, subtaskId: subtask.id });
    expect(linked).toMatchObject({ goalId: goal.id, taskId: task.id, subtaskId: subtask.id });
    const done = await call(user, 'PATCH', `/actionables/${linked.id}/complete`);
    expect(done.body.pointsAwarded).toBe(10);
    expect((await call(user, 'GET', `/goals/goals/${goal.id}`)).body.goal.pointsHistory.map((e: { points: number }) => e.points)).toEqual([10]);
    const unlinked = (await call(user, 'PATCH', `/actionables/${linked.id}`, { goalId: null })).body.actionable;
    expect(unlinked.goalId).toBeNull();
    for (const link of ['goalId', 'taskId', 'subtaskId']) {
      expect((await call(user, 'POST', '/actionables', { [link]: randomUUID() })).status, link).toBe(404);
      expect((await call(user, 'PATCH', `/actionables/${linked.id}`, { [link]: randomUUID() })).status, link).toBe(404);
    }
    await call(user, 'DELETE', `/goals/goals/${goal.id}`);
    expect((await call(user, 'POST', '/actionables', { goalId: goal.id })).status).toBe(404);
    expect((await call(user, 'POST', '/actionables/habits', { subtaskId: subtask.id })).status).toBe(404);
  });
});

describe('habits', () => {
  it('creates habits (isHabit forced) and lists only habits', async () => {
    const user = await newUser();
    const res = await call(user, 'POST', '/actionables/habits', {
      title: 'Stretch',
      isHabit: false,
      weight: 2,
      recurrence: { frequency: 'monthly', dayOfMonth: 31 },
    });
    expect(res.status).toBe(201);
    expect(res.body.habit).toMatchObject({
      title: 'Stretch',
      isHabit: true,
      weight: 2,
      streak: 0,
      recurrence: { frequency: 'monthly', days: [], dayOfMonth: 31 },
    });
    await newActionable(user);
    const habits = await call(user, 'GET', '/actionables/habits');
    expect(habits.status).toBe(200);
    expect(habits.body.habits).toEqual([res.body.habit]);
  });

  it('completes a habit once per occurrence, then 409; the completion shows on the heatmap', async () => {
    const user = await newUser();
    const habit = await newHabit(user, { weight: 2 });
    const res = await call(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pointsAwarded: 20, streak: 1, habit: { id: habit.id, streak: 1, pointsAwarded: 20 } });
    expect(res.body.habit.lastCompletedAt).not.toBeNull();
    const again = await call(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Habit already completed for this period');
    // The generic complete route completes a habit as a habit.
    expect((await call(user, 'PATCH', `/actionables/${habit.id}/complete`)).status).toBe(409);
    // A non-habit is not a habit.
    const plain = await newActionable(user);
    expect((await call(user, 'PATCH', `/actionables/habits/${plain.id}/complete`)).status).toBe(404);

    const today = localToday(user.timezone);
    const heatmap = (await call(user, 'GET', '/actionables/heatmap')).body.heatmap;
    expect(heatmap).toEqual([{ date: today, count: 1, points: 20 }]);
    expect((await call(user, 'GET', `/actionables/heatmap?startDate=${today}&endDate=${today}`)).body.heatmap).toHaveLength(1);
    expect((await call(user, 'GET', '/actionables/heatmap?endDate=2000-01-01')).body.heatmap).toEqual([]);
    expect((await call(user, 'GET', '/actionables/heatmap?startDate=2026-02-01&endDate=2026-01-01')).body.errors[0].field).toBe('endDate');
  });

  it('20 concurrent completions of one habit: exactly one 200 and one award, 19 × 409', async () => {
    const user = await newUser();
    const habit = await newHabit(user, { weight: 3 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(user, 'PATCH', `/actionables/habits/${habit.id}/complete`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(answers.find((a) => a.status === 200)!.body.pointsAwarded).toBe(30);
    const stats = (await call(user, 'GET', '/actionables/stats')).body.stats;
    expect(stats).toMatchObject({ totalPoints: 30, activeHabits: 1, longestStreak: 1 });
    expect((await call(user, 'GET', '/actionables/heatmap')).body.heatmap).toEqual([{ date: localToday(user.timezone), count: 1, points: 30 }]);
  });
});

describe('stats and range', () => {
  it('counts by status, completion rate, points, active habits and longest streak', async () => {
    const user = await newUser();
    expect((await call(user, 'GET', '/actionables/stats')).body.stats).toEqual(emptyActionableStats);
    await newActionable(user);
    await newActionable(user, { status: 'in-progress' });
    await newActionable(user, { status: 'not-approached' });
    const done = await newActionable(user, { weight: 2 });
    await call(user, 'PATCH', `/actionables/${done.id}/complete`);
    const habit = await newHabit(user);
    await newHabit(user, { active: false });
    await call(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    expect((await call(user, 'GET', '/actionables/stats')).body.stats).toEqual({
      total: 6,
      pending: 3,
      inProgress: 1,
      completed: 1,
      notApproached: 1,
      completionRate: 0.1667,
      totalPoints: 30,
      activeHabits: 1,
      longestStreak: 1,
    });
  });

  it('lists what was created, due or completed in a range of local dates', async () => {
    const user = await newUser();
    const today = localToday(user.timezone);
    const made = await newActionable(user, { title: 'made today' });
    const due = await newActionable(user, { title: 'due in 2030', deadline: '2030-03-10T12:00:00Z' });
    const range = async (query: string) => {
      const res = await call(user, 'GET', `/actionables/range${query}`);
      expect(res.status, query).toBe(200);
      return ids(res.body.actionables);
    };
    expect(await range(`?startDate=${today}&endDate=${today}`)).toEqual([due.id, made.id]);
    expect(await range('?startDate=2030-03-01&endDate=2030-03-31')).toEqual([due.id]);
    expect(await range('?startDate=2001-01-01&endDate=2001-12-31')).toEqual([]);
    expect((await call(user, 'GET', '/actionables/range?startDate=2030-03-10')).body.errors[0].field).toBe('endDate');
    expect((await call(user, 'GET', '/actionables/range?startDate=2030-03-10&endDate=2030-03-01')).body.errors[0].field).toBe('endDate');
    expect((await call(user, 'GET', '/actionables/range?startDate=someday&endDate=2030-03-01')).body.errors[0].field).toBe('startDate');
  });
});

describe('isolation', () => {
  it('another user’s ids, in the path or in goalId / taskId / subtaskId, answer 404 and change nothing', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const item = await newActionable(owner, { weight: 2 });
    const habit = await newHabit(owner);
    const goal = (await created(owner, '/goals/goals', { title: 'G' })).goal;
    const task = (await created(owner, '/goals/tasks', { title: 'T', goalId: goal.id })).task;
    const subtask = (await created(owner, '/goals/subtasks', { title: 'S', taskId: task.id })).subtask;
    const own = await newActionable(stranger);

    for (const [method, path, body] of [
      ['GET', `/actionables/${item.id}`],
      ['PATCH', `/actionables/${item.id}`, { title: 'hijacked', status: 'completed' }],
      ['PATCH', `/actionables/${item.id}/complete`],
      ['DELETE', `/actionables/${item.id}`],
      ['GET', `/actionables/${habit.id}`],
      ['PATCH', `/actionables/${habit.id}/complete`],
      ['PATCH', `/actionables/habits/${habit.id}/complete`],
      ['DELETE', `/actionables/${habit.id}`],
      ['POST', '/actionables', { goalId: goal.id }],
      ['POST', '/actionables', { taskId: task.id }],
      ['POST', '/actionables', { subtaskId: subtask.id }],
      ['POST', '/actionables/habits', { goalId: goal.id }],
      ['PATCH', `/actionables/${own.id}`, { goalId: goal.id }],
      ['PATCH', `/actionables/${own.id}`, { taskId: task.id }],
      ['PATCH', `/actionables/${own.id}`, { subtaskId: subtask.id }],
    ] as Array<[string, string, unknown?]>) {
      const res = await call(stranger, method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(404);
    }
    expect((await call(owner, 'GET', `/actionables/${item.id}`)).body.actionable).toEqual(item);
    expect((await call(owner, 'GET', `/actionables/${habit.id}`)).body.actionable).toEqual(habit);
    expect((await call(owner, 'GET', '/actionables/stats')).body.stats.totalPoints).toBe(0);
    expect((await call(stranger, 'GET', '/actionables')).body.actionables).toEqual([own]);
    expect((await call(stranger, 'GET', '/actionables/habits')).body.habits).toEqual([]);
    expect((await call(stranger, 'GET', '/actionables/stats')).body.stats.total).toBe(1);
    expect((await call(stranger, 'GET', '/actionables/heatmap')).body.heatmap).toEqual([]);
    expect((await call(stranger, 'GET', `/actionables/range?startDate=2000-01-01&endDate=2100-01-01`)).body.actionables).toEqual([own]);
  });

  it('answers 404 for unknown ids and 400 for malformed ones, and 401 without a token', async () => {
    const user = await newUser();
    const missing = randomUUID();
    for (const [method, path, body] of [
      ['GET', `/actionables/${missing}`],
      ['PATCH', `/actionables/${missing}`, { title: 'x' }],
      ['DELETE', `/actionables/${missing}`],
      ['PATCH', `/actionables/${missing}/complete`],
      ['PATCH', `/actionables/habits/${missing}/complete`],
    ] as Array<[string, string, unknown?]>) {
      expect((await call(user, method, path, body)).status, `${method} ${path}`).toBe(404);
      const malformed = await call(user, method, path.replace(missing, 'not-an-id'), body);
      expect(malformed.status, `${method} malformed`).toBe(400);
      expect(malformed.body.errors[0].field).toBe('id');
      expect((await app.json(method, `/api${path}`, body === undefined ? {} : { body })).status).toBe(401);
    }
  });
});

describe('past the read-your-writes bound', () => {
  it('answers every command from its own state, saying so — never a 404', async () => {
    const lagging = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '100' } });
    try {
      const { token } = await lagging.registerUser();
      // From here no projector runs: every read-your-writes wait runs out.
      await lagging.runtime.runner!.stop();
      const send = (method: string, path: string, body?: unknown) => lagging.json(method, `/api${path}`, { token, ...(body !== undefined ? { body } : {}) });
      const made = await send('POST', '/actionables', {
        title: 'Written',
        weight: 3,
        deadline: '2099-05-01T10:00:00+02:00',
        recurrence: { frequency: 'weekly', days: [3] },
      });
      expect(made.status).toBe(201);
      expect(made.headers.get('x-read-models-behind')).toBe('actionables, points_ledger');
      expect(made.body.actionable).toMatchObject({
        title: 'Written',
        weight: 3,
        deadline: '2099-05-01T08:00:00.000Z',
        status: 'pending',
        pointsAwarded: 0,
        recurrence: { frequency: 'weekly', days: [3], dayOfMonth: null },
      });
      const id = made.body.actionable.id;
      const updated = await send('PATCH', `/actionables/${id}`, { title: 'Renamed' });
      expect(updated.status).toBe(200);
      expect(updated.body.actionable).toMatchObject({ id, title: 'Renamed', weight: 3, createdAt: made.body.actionable.createdAt });
      const done = await send('PATCH', `/actionables/${id}/complete`);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ pointsAwarded: 30, actionable: { status: 'completed', pointsAwarded: 30 } });
      expect(done.body.actionable.completedAt).not.toBeNull();

      const habit = await send('POST', '/actionables/habits', { title: 'Daily', weight: 2 });
      expect(habit.status).toBe(201);
      expect(habit.body.habit).toMatchObject({ isHabit: true, streak: 0 });
      const ticked = await send('PATCH', `/actionables/habits/${habit.body.habit.id}/complete`);
      expect(ticked.status).toBe(200);
      expect(ticked.headers.get('x-read-models-behind')).toBe('actionables, points_ledger');
      expect(ticked.body).toMatchObject({ pointsAwarded: 20, streak: 1, habit: { streak: 1, pointsAwarded: 20 } });
      expect(ticked.body.habit.lastCompletedAt).not.toBeNull();
      expect((await send('DELETE', `/actionables/${id}`)).status).toBe(204);
      expect((await send('PATCH', `/actionables/${id}`, { title: 'x' })).status).toBe(404);
    } finally {
      await lagging.stop();
    }
  });
});

// Moves the app's clock: keep last.
describe('streaks over days', () => {
  it('the next day extends the streak (with its bonus); a missed day reads 0 and the next completion starts again', async () => {
    const user = await newUser();
    const habit = await newHabit(user, { weight: 2 });
    const complete = () => call(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    expect((await complete()).body).toMatchObject({ pointsAwarded: 20, streak: 1 });
    advanceDays(1);
    expect((await complete()).body).toMatchObject({ pointsAwarded: 22, streak: 2, habit: { streak: 2, pointsAwarded: 42 } });
    expect((await call(user, 'GET', '/actionables/stats')).body.stats.longestStreak).toBe(2);
    advanceDays(2);
    expect((await call(user, 'GET', `/actionables/${habit.id}`)).body.actionable.streak).toBe(0);
    expect((await call(user, 'GET', '/actionables/habits')).body.habits[0].streak).toBe(0);
    expect((await call(user, 'GET', '/actionables/stats')).body.stats.longestStreak).toBe(0);
    expect((await complete()).body).toMatchObject({ pointsAwarded: 20, streak: 1 });
    const heatmap = (await call(user, 'GET', '/actionables/heatmap')).body.heatmap;
    expect(heatmap.map((d: { points: number }) => d.points)).toEqual([20, 22, 20]);
    expect(heatmap[2].date).toBe(localToday(user.timezone));
  });
});
