import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, useTestApp } from './support/api-client.ts';

const app = useTestApp();
const api = apiClient(app);
let token: string;
beforeAll(async () => {
  token = (await api.newUser('Goal Setter')).token;
});

/** As the goal setter unless `as` is another account's token. */
const call = (method: string, path: string, body?: unknown, as = token) => api.call({ token: as }, method, path, body);
const created = (path: string, body: unknown, as = token) => api.created({ token: as }, path, body);
const newGoal = (body: Record<string, unknown> = {}, as = token) => created('/goals/goals', { title: 'A goal', ...body }, as).then((b) => b.goal);
const newTask = (goalId: string, body: Record<string, unknown> = {}, as = token) =>
  created('/goals/tasks', { title: 'A task', goalId, ...body }, as).then((b) => b.task);
const newSubtask = (taskId: string, body: Record<string, unknown> = {}, as = token) =>
  created('/goals/subtasks', { title: 'A subtask', taskId, ...body }, as).then((b) => b.subtask);

describe('goals', () => {
  it('creates a goal with defaults, trimmed title, ignoring fields the server owns', async () => {
    const res = await call('POST', '/goals/goals', {
      title: '  Learn Portuguese ',
      description: 'Fluent by summer',
      dueDate: '2026-12-31',
      userId: randomUUID(),
      id: randomUUID(),
      pointsHistory: [{ points: 1000 }],
      completedAt: '2020-01-01T00:00:00Z',
      createdAt: '2020-01-01T00:00:00Z',
    });
    expect(res.status).toBe(201);
    const { goal } = res.body;
    expect(goal).toMatchObject({
      title: 'Learn Portuguese',
      description: 'Fluent by summer',
      priority: 3,
      status: 'pending',
      pointsHistory: [],
      lastStatusChange: null,
      completedAt: null,
      dueDate: '2026-12-31T00:00:00.000Z',
      startDate: null,
      endDate: null,
    });
    expect(goal.createdAt.startsWith('2020')).toBe(false);
    const me = await call('GET', '/auth/me');
    expect(goal.userId).toBe(me.body.user.id);
    expect((await call('GET', `/goals/goals/${goal.id}`)).body.goal).toEqual(goal);
  });

  it('lists newest first, filtered by status and priority', async () => {
    const { token: own } = await app.registerUser();
    const a = await newGoal({ title: 'first', priority: 1 }, own);
    const b = await newGoal({ title: 'second', priority: 2, status: 'in-progress' }, own);
    const c = await newGoal({ title: 'third', priority: 1 }, own);
    expect((await call('GET', '/goals/goals', undefined, own)).body.goals.map((g: { id: string }) => g.id)).toEqual([c.id, b.id, a.id]);
    expect((await call('GET', '/goals/goals?priority=1', undefined, own)).body.goals.map((g: { id: string }) => g.id)).toEqual([c.id, a.id]);
    expect((await call('GET', '/goals/goals?status=in-progress', undefined, own)).body.goals.map((g: { id: string }) => g.id)).toEqual([b.id]);
    expect((await call('GET', '/goals/goals?status=done', undefined, own)).status).toBe(400);
    expect((await call('GET', '/goals/goals?priority=9', undefined, own)).status).toBe(400);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const { token: own } = await app.registerUser();
    const cases: Array<[unknown, string]> = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'ok', description: 'x'.repeat(5001) }, 'description'],
      [{ title: 'ok', priority: 0 }, 'priority'],
      [{ title: 'ok', priority: 6 }, 'priority'],
      [{ title: 'ok', priority: 2.5 }, 'priority'],
      [{ title: 'ok', status: 'done' }, 'status'],
      [{ title: 'ok', dueDate: 'tomorrow' }, 'dueDate'],
      [{ title: 'ok', startDate: '2026-05-02', endDate: '2026-05-01' }, 'endDate'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/goals/goals', body, own);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(res.body.message).toContain(field);
    }
    expect((await call('GET', '/goals/goals', undefined, own)).body.goals).toEqual([]);
  });

  it('updates with PATCH, only what is sent, checking dates against what is stored', async () => {
    const goal = await newGoal({ title: 'Before', startDate: '2026-05-01' });
    const res = await call('PATCH', `/goals/goals/${goal.id}`, { title: 'After', priority: 1, completedAt: '2020-01-01T00:00:00Z' });
    expect(res.status).toBe(200);
    expect(res.body.goal).toMatchObject({ title: 'After', priority: 1, startDate: '2026-05-01T00:00:00.000Z', completedAt: null });
    const bad = await call('PATCH', `/goals/goals/${goal.id}`, { endDate: '2026-04-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('endDate');
    expect((await call('PATCH', `/goals/goals/${goal.id}`, { priority: 'high' })).status).toBe(400);
    const cleared = await call('PATCH', `/goals/goals/${goal.id}`, { startDate: null });
    expect(cleared.body.goal.startDate).toBeNull();
  });

  it('changes status between any two, recording lastStatusChange and completedAt', async () => {
    const goal = await newGoal();
    const started = (await call('PATCH', `/goals/goals/${goal.id}`, { status: 'in-progress' })).body.goal;
    expect(started.lastStatusChange.status).toBe('in-progress');
    const done = (await call('PATCH', `/goals/goals/${goal.id}`, { status: 'completed' })).body.goal;
    expect(done.completedAt).not.toBeNull();
    expect(done.pointsHistory).toEqual([{ points: 75, reason: 'Completed goal "A goal"', timestamp: done.completedAt }]);
    const same = (await call('PATCH', `/goals/goals/${goal.id}`, { status: 'completed' })).body.goal;
    expect(same.pointsHistory).toHaveLength(1);
    const back = (await call('PATCH', `/goals/goals/${goal.id}`, { status: 'pending' })).body.goal;
    expect(back.completedAt).toBeNull();
    expect(back.pointsHistory.map((e: { points: number }) => e.points)).toEqual([75, -75]);
    // Lists carry each item's history as its own read does.
    const listed = (await call('GET', '/goals/goals')).body.goals.find((one: { id: string }) => one.id === goal.id);
    expect(listed.pointsHistory).toEqual((await call('GET', `/goals/goals/${goal.id}`)).body.goal.pointsHistory);
  });

  it('answers 404 for unknown ids and 400 for malformed ones, on every goal route', async () => {
    const missing = randomUUID();
    for (const [method, path, body] of [
      ['GET', `/goals/goals/${missing}`],
      ['PATCH', `/goals/goals/${missing}`, { title: 'x' }],
      ['DELETE', `/goals/goals/${missing}`],
      ['GET', `/goals/goals/${missing}/tasks`],
    ] as Array<[string, string, unknown?]>) {
      expect((await call(method, path, body)).status, `${method} ${path}`).toBe(404);
      const malformed = await call(method, path.replace(missing, 'not-an-id'), body);
      expect(malformed.status, `${method} malformed`).toBe(400);
      expect(malformed.body.errors[0].field).toBe('id');
    }
  });

  it('reports stats and progress', async () => {
    const { token: own } = await app.registerUser();
    const g1 = await newGoal({ priority: 1, status: 'completed' }, own);
    const g2 = await newGoal({ priority: 2, status: 'in-progress' }, own);
    await newGoal({ priority: 2 }, own);
    const t1 = await newTask(g2.id, { status: 'completed' }, own);
    await newTask(g2.id, {}, own);
    await newSubtask(t1.id, { status: 'completed' }, own);
    await newSubtask(t1.id, {}, own);
    const stats = (await call('GET', '/goals/goals/stats', undefined, own)).body.stats;
    expect(stats).toEqual({ total: 3, pending: 1, inProgress: 1, completed: 1, byPriority: { 1: 1, 2: 2, 3: 0, 4: 0, 5: 0 }, completionRate: 0.3333 });
    const taskStats = (await call('GET', '/goals/tasks/stats', undefined, own)).body.stats;
    expect(taskStats).toMatchObject({ total: 2, completed: 1, pending: 1, completionRate: 0.5, byPriority: { 3: 2 } });
    const progress = (await call('GET', '/goals/progress', undefined, own)).body.progress;
    expect(progress.find((p: { goalId: string }) => p.goalId === g2.id)).toEqual({
      goalId: g2.id,
      title: 'A goal',
      status: 'in-progress',
      tasks: { total: 2, completed: 1 },
      subtasks: { total: 2, completed: 1 },
      share: 0.5,
      progress: 0.5,
    });
    expect(progress.find((p: { goalId: string }) => p.goalId === g1.id).progress).toBe(1);
    // Tasks weigh alike and an open task counts for its finished subtasks out of them and itself (contracts
    // goals/progress.ts): one of four subtasks of one of two tasks is a tenth of the goal — counted alike it read 1 of 6.
    const g3 = await newGoal({}, own);
    const t3 = await newTask(g3.id, {}, own);
    await newTask(g3.id, {}, own);
    await newSubtask(t3.id, { status: 'completed' }, own);
    for (let n = 0; n < 3; n += 1) await newSubtask(t3.id, {}, own);
    const third = (await call('GET', '/goals/progress', undefined, own)).body.progress.find((p: { goalId: string }) => p.goalId === g3.id);
    expect(third).toMatchObject({ tasks: { total: 2, completed: 0 }, subtasks: { total: 4, completed: 1 }, share: 0.1, progress: 0.1 });
  });

  it('creates one goal when a POST is retried with the same Idempotency-Key', async () => {
    const { token: own } = await app.registerUser();
    const headers = { 'idempotency-key': `goal-${randomUUID()}` };
    const first = await app.json('POST', '/api/goals/goals', { token: own, headers, body: { title: 'Once', status: 'completed' } });
    const again = await app.json('POST', '/api/goals/goals', { token: own, headers, body: { title: 'Once', status: 'completed' } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await call('GET', '/goals/goals', undefined, own)).body.goals).toHaveLength(1);
    expect(first.body.goal.pointsHistory).toHaveLength(1);
  });
});

describe('tasks', () => {
  it('creates tasks under the caller’s goal and lists them every way', async () => {
    const { token: own } = await app.registerUser();
    const goal = await newGoal({}, own);
    const a = await newTask(goal.id, { title: 'Warm up', priority: 1 }, own);
    const b = await newTask(goal.id, { title: 'Run', priority: 4, status: 'in-progress' }, own);
    expect(a).toMatchObject({ goalId: goal.id, title: 'Warm up', priority: 1, status: 'pending' });
    const ids = (res: { body: { tasks: Array<{ id: string }> } }) => res.body.tasks.map((t) => t.id);
    expect(ids(await call('GET', '/goals/all-tasks', undefined, own))).toEqual([b.id, a.id]);
    expect(ids(await call('GET', `/goals/goals/${goal.id}/tasks`, undefined, own))).toEqual([b.id, a.id]);
    expect(ids(await call('GET', '/goals/tasks/status/in-progress', undefined, own))).toEqual([b.id]);
    expect(ids(await call('GET', '/goals/tasks/priority/1', undefined, own))).toEqual([a.id]);
    expect(ids(await call('GET', '/goals/all-tasks?status=pending&priority=1', undefined, own))).toEqual([a.id]);
    expect((await call('GET', `/goals/tasks/${a.id}`, undefined, own)).body.task).toEqual(a);
    expect((await call('GET', '/goals/tasks/status/finished', undefined, own)).body.errors[0].field).toBe('status');
    expect((await call('GET', '/goals/tasks/priority/0', undefined, own)).body.errors[0].field).toBe('priority');
  });

  it('refuses a task for a goal that is not the caller’s, or missing, or malformed', async () => {
    const other = await app.registerUser();
    const foreignGoal = await newGoal({}, other.token);
    expect((await call('POST', '/goals/tasks', { title: 'x', goalId: foreignGoal.id })).status).toBe(404);
    expect((await call('POST', '/goals/tasks', { title: 'x', goalId: randomUUID() })).status).toBe(404);
    const bad = await call('POST', '/goals/tasks', { title: 'x', goalId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('goalId');
    expect((await call('POST', '/goals/tasks', { title: 'x' })).body.errors[0].field).toBe('goalId');
  });

  it('moves a task to another of the caller’s goals, subtasks following', async () => {
    const from = await newGoal();
    const to = await newGoal();
    const task = await newTask(from.id);
    const sub = await newSubtask(task.id);
    const moved = await call('PATCH', `/goals/tasks/${task.id}`, { goalId: to.id });
    expect(moved.status).toBe(200);
    expect(moved.body.task.goalId).toBe(to.id);
    expect((await call('GET', `/goals/subtasks/${sub.id}`)).body.subtask.goalId).toBe(to.id);
    expect((await call('GET', `/goals/goals/${from.id}/tasks`)).body.tasks).toEqual([]);
    const foreign = await newGoal({}, (await app.registerUser()).token);
    expect((await call('PATCH', `/goals/tasks/${task.id}`, { goalId: foreign.id })).status).toBe(404);
    expect((await call('GET', `/goals/tasks/${task.id}`)).body.task.goalId).toBe(to.id);
  });

  it('completes a subtask whose task moved away from a goal deleted since (its task’s goal decides, not the one it was made under)', async () => {
    const from = await newGoal();
    const to = await newGoal();
    const task = await newTask(from.id);
    const sub = await newSubtask(task.id);
    expect((await call('PATCH', `/goals/tasks/${task.id}`, { goalId: to.id })).status).toBe(200);
    expect((await call('DELETE', `/goals/goals/${from.id}`)).status).toBe(204);
    const done = await call('POST', `/goals/subtasks/${sub.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body.subtask.status).toBe('completed');
    expect((await call('DELETE', `/goals/goals/${to.id}`)).status).toBe(204);
    expect((await call('PATCH', `/goals/subtasks/${sub.id}`, { title: 'gone' })).status).toBe(404);
  });

  it('answers 404 and 400 on every task id route', async () => {
    const missing = randomUUID();
    for (const [method, path, body] of [
      ['GET', `/goals/tasks/${missing}`],
      ['PATCH', `/goals/tasks/${missing}`, { title: 'x' }],
      ['DELETE', `/goals/tasks/${missing}`],
      ['GET', `/goals/tasks/${missing}/subtasks`],
    ] as Array<[string, string, unknown?]>) {
      expect((await call(method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await call(method, path.replace(missing, '123'), body)).status).toBe(400);
    }
  });

  it('deletes a task with its subtasks, keeping awarded points in the ledger', async () => {
    const goal = await newGoal();
    const task = await newTask(goal.id);
    const sub = await newSubtask(task.id);
    const done = await call('POST', `/goals/subtasks/${sub.id}/complete`);
    expect(done.body.pointsAwarded).toBe(15);
    expect((await call('DELETE', `/goals/tasks/${task.id}`)).status).toBe(204);
    expect((await call('GET', `/goals/tasks/${task.id}`)).status).toBe(404);
    expect((await call('GET', `/goals/subtasks/${sub.id}`)).status).toBe(404);
    expect((await call('PATCH', `/goals/subtasks/${sub.id}`, { title: 'x' })).status).toBe(404);
    expect((await call('PATCH', `/goals/tasks/${task.id}`, { title: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/goals/tasks/${task.id}`)).status).toBe(404);
    expect((await call('GET', `/goals/goals/${goal.id}`)).body.goal.pointsHistory.map((e: { points: number }) => e.points)).toEqual([15]);
  });
});

describe('subtasks', () => {
  it('creates, lists, filters, updates and completes subtasks', async () => {
    const { token: own } = await app.registerUser();
    const goal = await newGoal({}, own);
    const task = await newTask(goal.id, {}, own);
    const a = await newSubtask(task.id, { title: 'Shoes', priority: 2 }, own);
    const b = await newSubtask(task.id, { title: 'Socks', priority: 5 }, own);
    expect(a).toMatchObject({ taskId: task.id, goalId: goal.id, status: 'pending', priority: 2 });
    const ids = (res: { body: { subtasks: Array<{ id: string }> } }) => res.body.subtasks.map((s) => s.id);
    expect(ids(await call('GET', '/goals/all-subtasks', undefined, own))).toEqual([b.id, a.id]);
    expect(ids(await call('GET', `/goals/tasks/${task.id}/subtasks`, undefined, own))).toEqual([b.id, a.id]);
    expect(ids(await call('GET', '/goals/subtasks/priority/5', undefined, own))).toEqual([b.id]);
    const patched = await call('PATCH', `/goals/subtasks/${a.id}`, { description: 'Trail shoes', status: 'in-progress' }, own);
    expect(patched.body.subtask).toMatchObject({ description: 'Trail shoes', status: 'in-progress' });
    expect(ids(await call('GET', '/goals/subtasks/status/in-progress', undefined, own))).toEqual([a.id]);
    const done = await call('POST', `/goals/subtasks/${a.id}/complete`, undefined, own);
    expect(done.status).toBe(200);
    expect(done.body.pointsAwarded).toBe(20);
    expect(done.body.subtask).toMatchObject({ status: 'completed', pointsHistory: [{ points: 20, reason: 'Completed subtask "Shoes"' }] });
    const historyOf = async (path: string, key: 'tasks' | 'subtasks', id: string) =>
      (await call('GET', path, undefined, own)).body[key].find((one: { id: string }) => one.id === id).pointsHistory;
    expect(await historyOf(`/goals/tasks/${task.id}/subtasks`, 'subtasks', a.id)).toEqual(done.body.subtask.pointsHistory);
    expect(await historyOf('/goals/all-tasks', 'tasks', task.id)).toEqual([
      { points: 20, reason: 'Completed subtask "Shoes"', timestamp: done.body.subtask.completedAt },
    ]);
    const again = await call('POST', `/goals/subtasks/${a.id}/complete`, undefined, own);
    expect(again.status).toBe(422);
    expect((await call('DELETE', `/goals/subtasks/${b.id}`, undefined, own)).status).toBe(204);
    expect(ids(await call('GET', '/goals/all-subtasks', undefined, own))).toEqual([a.id]);
  });

  it('refuses a subtask under a task that is not the caller’s', async () => {
    const other = await app.registerUser();
    const foreignTask = await newTask((await newGoal({}, other.token)).id, {}, other.token);
    expect((await call('POST', '/goals/subtasks', { title: 'x', taskId: foreignTask.id })).status).toBe(404);
    expect((await call('POST', '/goals/subtasks', { title: 'x', taskId: 'zzz' })).body.errors[0].field).toBe('taskId');
    expect((await call('GET', `/goals/tasks/${foreignTask.id}/subtasks`, undefined, other.token)).body.subtasks).toEqual([]);
  });

  it('answers 404 and 400 on every subtask id route', async () => {
    const missing = randomUUID();
    for (const [method, path, body] of [
      ['GET', `/goals/subtasks/${missing}`],
      ['PATCH', `/goals/subtasks/${missing}`, { title: 'x' }],
      ['DELETE', `/goals/subtasks/${missing}`],
      ['POST', `/goals/subtasks/${missing}/complete`],
    ] as Array<[string, string, unknown?]>) {
      expect((await call(method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await call(method, path.replace(missing, 'x-y'), body)).status).toBe(400);
    }
  });
});

describe('bad input on every route that takes input', () => {
  it('answers 400 naming the field for bad filters, params and bodies, changing nothing', async () => {
    const { token: own } = await app.registerUser();
    const goal = await newGoal({}, own);
    const task = await newTask(goal.id, {}, own);
    const sub = await newSubtask(task.id, {}, own);
    const cases: Array<[string, string, unknown, string]> = [
      ['GET', '/goals/all-tasks?status=done', undefined, 'status'],
      ['GET', '/goals/all-tasks?priority=0', undefined, 'priority'],
      ['GET', '/goals/all-subtasks?priority=7', undefined, 'priority'],
      ['GET', '/goals/all-subtasks?status=later', undefined, 'status'],
      ['GET', '/goals/subtasks/status/bad', undefined, 'status'],
      ['GET', '/goals/subtasks/priority/six', undefined, 'priority'],
      ['GET', `/goals/goals/${goal.id}/tasks?status=bad`, undefined, 'status'],
      ['GET', `/goals/tasks/${task.id}/subtasks?priority=x`, undefined, 'priority'],
      ['POST', '/goals/tasks', { goalId: goal.id }, 'title'],
      ['POST', '/goals/subtasks', { taskId: task.id, priority: 9 }, 'priority'],
      ['PATCH', `/goals/tasks/${task.id}`, { priority: 9 }, 'priority'],
      ['PATCH', `/goals/tasks/${task.id}`, { goalId: 'elsewhere' }, 'goalId'],
      ['PATCH', `/goals/tasks/${task.id}`, { status: 'finished' }, 'status'],
      ['PATCH', `/goals/subtasks/${sub.id}`, { title: '' }, 'title'],
      ['PATCH', `/goals/subtasks/${sub.id}`, { dueDate: '31/12/2026' }, 'dueDate'],
      ['PATCH', `/goals/goals/${goal.id}`, { description: 'x'.repeat(5001) }, 'description'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call(method, path, body, own);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        `${method} ${path}`,
      ).toContain(field);
    }
    expect((await call('GET', `/goals/tasks/${task.id}`, undefined, own)).body.task).toEqual(task);
    expect((await call('GET', `/goals/subtasks/${sub.id}`, undefined, own)).body.subtask).toEqual(sub);
    expect((await call('GET', `/goals/goals/${goal.id}`, undefined, own)).body.goal).toEqual(goal);
  });
});

describe('deleting a goal', () => {
  it('deletes its tasks and their subtasks from every list, count and stat', async () => {
    const { token: own } = await app.registerUser();
    const keep = await newGoal({ title: 'keep' }, own);
    const goal = await newGoal({ title: 'drop', status: 'completed' }, own);
    const task = await newTask(goal.id, {}, own);
    const sub = await newSubtask(task.id, {}, own);
    await newTask(keep.id, {}, own);
    expect((await call('DELETE', `/goals/goals/${goal.id}`, undefined, own)).status).toBe(204);
    expect((await call('GET', '/goals/goals', undefined, own)).body.goals.map((g: { id: string }) => g.id)).toEqual([keep.id]);
    expect((await call('GET', '/goals/all-tasks', undefined, own)).body.tasks).toHaveLength(1);
    expect((await call('GET', '/goals/all-subtasks', undefined, own)).body.subtasks).toEqual([]);
    expect((await call('GET', '/goals/goals/stats', undefined, own)).body.stats.total).toBe(1);
    expect((await call('GET', '/goals/tasks/stats', undefined, own)).body.stats.total).toBe(1);
    expect((await call('GET', '/goals/progress', undefined, own)).body.progress.map((p: { goalId: string }) => p.goalId)).toEqual([keep.id]);
    for (const path of [`/goals/goals/${goal.id}`, `/goals/tasks/${task.id}`, `/goals/subtasks/${sub.id}`]) {
      expect((await call('GET', path, undefined, own)).status).toBe(404);
    }
    expect((await call('POST', `/goals/subtasks/${sub.id}/complete`, undefined, own)).status).toBe(404);
    expect((await call('POST', '/goals/tasks', { title: 'late', goalId: goal.id }, own)).status).toBe(404);
  });
});

describe('a cascade cut short', () => {
  it('treats children of a deleted goal as gone even if their own deletions were never written', async () => {
    const { token: own, user } = await app.registerUser();
    const goal = await newGoal({}, own);
    const task = await newTask(goal.id, {}, own);
    const sub = await newSubtask(task.id, {}, own);
    // As if the process died right after deleting the goal, before the cascade reached its children.
    await app.runtime.store.append(
      `goal-${goal.id}`,
      [
        {
          id: randomUUID(),
          type: 'GoalDeleted',
          data: { goalId: goal.id, title: goal.title },
          metadata: { userId: user.id, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
        },
      ],
      'any',
    );
    expect((await call('POST', `/goals/subtasks/${sub.id}/complete`, undefined, own)).status).toBe(404);
    expect((await call('PATCH', `/goals/tasks/${task.id}`, { status: 'completed' }, own)).status).toBe(404);
    expect((await call('PATCH', `/goals/subtasks/${sub.id}`, { status: 'completed' }, own)).status).toBe(404);
    expect((await call('POST', '/goals/subtasks', { title: 'orphan', taskId: task.id }, own)).status).toBe(404);
    const client = new pg.Client({ connectionString: app.runtime.databaseUrl });
    await client.connect();
    try {
      const awarded = await client.query(`SELECT count(*)::int AS n FROM es.events WHERE type = 'PointsAwarded' AND data->>'userId' = $1`, [user.id]);
      expect(awarded.rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  });
  it('deletes a task and its subtask that reach the log under a goal it already deleted, as they appear', async () => {
    const { token: own, user } = await app.registerUser();
    const goal = await newGoal({}, own);
    const metadata = () => ({ userId: user.id, correlationId: randomUUID(), occurredAt: new Date().toISOString() });
    const fields = { title: 'late', description: '', priority: 3, dueDate: null, startDate: null, endDate: null };
    await app.runtime.store.append(
      `goal-${goal.id}`,
      [{ id: randomUUID(), type: 'GoalDeleted', data: { goalId: goal.id, title: goal.title }, metadata: metadata() }],
      'any',
    );
    // Written one right after the other (as a crash-recovered writer or an import might), so the cascade usually meets them in one batch.
    const taskId = randomUUID();
    const subtaskId = randomUUID();
    await Promise.all([
      app.runtime.store.append(
        `task-${taskId}`,
        [{ id: randomUUID(), type: 'TaskCreated', data: { taskId, goalId: goal.id, userId: user.id, ...fields }, metadata: metadata() }],
        'no_stream',
      ),
      app.runtime.store.append(
        `subtask-${subtaskId}`,
        [{ id: randomUUID(), type: 'SubtaskCreated', data: { subtaskId, taskId, goalId: goal.id, userId: user.id, ...fields }, metadata: metadata() }],
        'no_stream',
      ),
    ]);
    const client = new pg.Client({ connectionString: app.runtime.databaseUrl });
    await client.connect();
    try {
      const deletions = async () =>
        (
          await client.query<{ type: string }>(
            `SELECT type FROM es.events WHERE (type = 'TaskDeleted' AND data->>'taskId' = $1) OR (type = 'SubtaskDeleted' AND data->>'subtaskId' = $2) ORDER BY type`,
            [taskId, subtaskId],
          )
        ).rows.map((row) => row.type);
      for (let look = 0; look < 400 && (await deletions()).length < 2; look++) await new Promise((done) => setTimeout(done, 50));
      expect(await deletions()).toEqual(['SubtaskDeleted', 'TaskDeleted']);
    } finally {
      await client.end();
    }
    // The log has the deletions; the read models follow them (a query waits for no projector).
    const statusOnceProjected = async (path: string): Promise<number> => {
      for (let look = 0; look < 200; look++) {
        const { status } = await call('GET', path, undefined, own);
        if (status === 404) return status;
        await new Promise((done) => setTimeout(done, 25));
      }
      return (await call('GET', path, undefined, own)).status;
    };
    expect(await statusOnceProjected(`/goals/tasks/${taskId}`)).toBe(404);
    expect(await statusOnceProjected(`/goals/subtasks/${subtaskId}`)).toBe(404);
  });
});

describe('isolation', () => {
  it('answers 404 to user B for every route that takes user A’s id, and changes nothing of A’s', async () => {
    const a = await app.registerUser('A');
    const b = await app.registerUser('B');
    const goal = await newGoal({ title: 'A goal of A' }, a.token);
    const task = await newTask(goal.id, { title: 'A task of A' }, a.token);
    const sub = await newSubtask(task.id, { title: 'A subtask of A' }, a.token);
    const snapshot = async () => ({
      goals: (await call('GET', '/goals/goals', undefined, a.token)).body,
      tasks: (await call('GET', '/goals/all-tasks', undefined, a.token)).body,
      subtasks: (await call('GET', '/goals/all-subtasks', undefined, a.token)).body,
    });
    const before = await snapshot();
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/goals/goals/${goal.id}`],
      ['PATCH', `/goals/goals/${goal.id}`, { title: 'hijacked', status: 'completed' }],
      ['GET', `/goals/goals/${goal.id}/tasks`],
      ['GET', `/goals/tasks/${task.id}`],
      ['PATCH', `/goals/tasks/${task.id}`, { title: 'hijacked' }],
      ['GET', `/goals/tasks/${task.id}/subtasks`],
      ['GET', `/goals/subtasks/${sub.id}`],
      ['PATCH', `/goals/subtasks/${sub.id}`, { status: 'completed' }],
      ['POST', `/goals/subtasks/${sub.id}/complete`],
      ['POST', '/goals/tasks', { title: 'intruder', goalId: goal.id }],
      ['POST', '/goals/subtasks', { title: 'intruder', taskId: task.id }],
      ['DELETE', `/goals/subtasks/${sub.id}`],
      ['DELETE', `/goals/tasks/${task.id}`],
      ['DELETE', `/goals/goals/${goal.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(method, path, body, b.token);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    for (const path of ['/goals/goals', '/goals/all-tasks', '/goals/all-subtasks']) {
      const res = await call('GET', path, undefined, b.token);
      expect(Object.values(res.body)[0]).toEqual([]);
    }
    expect((await call('GET', '/goals/goals/stats', undefined, b.token)).body.stats.total).toBe(0);
    expect((await call('GET', '/goals/progress', undefined, b.token)).body.progress).toEqual([]);
  });
});

describe('points', () => {
  it('agree to the point between pointsHistory, the ledger read model and the events', async () => {
    const { token: own, user } = await app.registerUser();
    const goal = await newGoal({ priority: 2 }, own);
    const task = await newTask(goal.id, { priority: 1 }, own);
    const sub = await newSubtask(task.id, { priority: 4 }, own);
    expect((await call('POST', `/goals/subtasks/${sub.id}/complete`, undefined, own)).body.pointsAwarded).toBe(10);
    await call('PATCH', `/goals/tasks/${task.id}`, { status: 'completed' }, own);
    await call('PATCH', `/goals/goals/${goal.id}`, { status: 'completed' }, own);
    await call('PATCH', `/goals/tasks/${task.id}`, { status: 'pending' }, own);

    const history = (await call('GET', `/goals/goals/${goal.id}`, undefined, own)).body.goal.pointsHistory;
    expect(history.map((e: { points: number }) => e.points)).toEqual([10, 50, 100, -50]);
    expect(history.map((e: { reason: string }) => e.reason)).toEqual([
      'Completed subtask "A subtask"',
      'Completed task "A task"',
      'Completed goal "A goal"',
      'Reopened task "A task"',
    ]);
    const fromHistory = history.reduce((sum: number, e: { points: number }) => sum + e.points, 0);
    expect(fromHistory).toBe(110);

    const client = new pg.Client({ connectionString: app.runtime.databaseUrl });
    await client.connect();
    try {
      const ledger = await client.query('SELECT coalesce(sum(points), 0)::int AS total, count(*)::int AS n FROM rm.points_ledger WHERE user_id = $1', [
        user.id,
      ]);
      const total = await client.query('SELECT total FROM rm.user_points WHERE user_id = $1', [user.id]);
      const events = await client.query(
        `SELECT coalesce(sum(CASE type WHEN 'PointsAwarded' THEN (data->>'points')::int ELSE -(data->>'points')::int END), 0)::int AS total
           FROM es.events WHERE type IN ('PointsAwarded', 'PointsRevoked') AND data->>'userId' = $1`,
        [user.id],
      );
      expect(ledger.rows[0]).toEqual({ total: 110, n: 4 });
      expect(total.rows[0].total).toBe(110);
      expect(events.rows[0].total).toBe(110);
      const activity = await client.query('SELECT description, points FROM rm.activities WHERE user_id = $1 ORDER BY occurred_at', [user.id]);
      expect(activity.rows.filter((r) => r.points !== null).map((r) => r.points)).toEqual([10, 50, 100, -50]);
    } finally {
      await client.end();
    }
  });
});

describe('concurrency', () => {
  it('applies 20 concurrent PATCHes to one task in one consistent order, losing none', async () => {
    const goal = await newGoal();
    const task = await newTask(goal.id, { description: '' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('PATCH', `/goals/tasks/${task.id}`, { title: `Title ${i}`, priority: (i % 5) + 1 })),
    );
    const applied = results.filter((r) => r.status === 200);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(applied.length).toBeGreaterThan(0);

    const client = new pg.Client({ connectionString: app.runtime.databaseUrl });
    await client.connect();
    try {
      const events = await client.query(`SELECT stream_revision, data FROM es.events WHERE stream_id = $1 AND type = 'TaskUpdated' ORDER BY stream_revision`, [
        `task-${task.id}`,
      ]);
      const titles = events.rows.map((r) => r.data.changes.title as string | undefined).filter(Boolean);
      // Every 200 is in the log exactly once (a change identical to the state before records nothing).
      for (const r of applied) expect(titles).toContain(r.body.task.title);
      expect(new Set(titles).size).toBe(titles.length);
      const final = (await call('GET', `/goals/tasks/${task.id}`)).body.task;
      const last = events.rows[events.rows.length - 1]!.data.changes;
      expect(final.title).toBe(titles[titles.length - 1]);
      if (last.priority !== undefined) expect(final.priority).toBe(last.priority);
    } finally {
      await client.end();
    }
  });
});
