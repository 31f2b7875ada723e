import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

interface User {
  token: string;
  id: string;
}
const newUser = async (): Promise<User> => {
  const { token, user } = await app.registerUser('Auditor');
  return { token, id: user.id as string };
};
const call = (user: User, method: string, path: string, body?: unknown) =>
  app.json(method, `/api${path}`, { token: user.token, ...(body !== undefined ? { body } : {}) });
const ok = async (user: User, method: string, path: string, body?: unknown) => {
  const res = await call(user, method, path, body ?? {});
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const audit = async (user: User, query = '') => {
  const res = await call(user, 'GET', `/points/audit${query}`);
  if (res.status !== 200) throw new Error(`audit: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.audit;
};
const total = async (user: User): Promise<number> => (await call(user, 'GET', '/points/stats')).body.stats.total;

/** A goal completed then reopened (award and revocation), a task, an actionable with a deadline passed, a habit twice. */
const earnPoints = async (user: User) => {
  const goal = (await ok(user, 'POST', '/goals/goals', { title: 'Goal', priority: 2 })).goal;
  await ok(user, 'PATCH', `/goals/goals/${goal.id}`, { status: 'completed' });
  await ok(user, 'PATCH', `/goals/goals/${goal.id}`, { status: 'pending' });
  const task = (await ok(user, 'POST', '/goals/tasks', { title: 'Task', goalId: goal.id, priority: 1 })).task;
  await ok(user, 'PATCH', `/goals/tasks/${task.id}`, { status: 'completed' });
  const late = (await ok(user, 'POST', '/actionables', { title: 'Late', weight: 3, deadline: '2020-01-01T12:00:00Z' })).actionable;
  await ok(user, 'PATCH', `/actionables/${late.id}/complete`);
  const habit = (await ok(user, 'POST', '/actionables/habits', { title: 'Daily', weight: 2 })).habit;
  await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
  return { goal, task, late, habit };
};

describe('GET /api/points/audit', () => {
  it('replays every award and revocation: the three totals agree with the points the user holds', async () => {
    const user = await newUser();
    const other = await newUser();
    const { goal, task, late, habit } = await earnPoints(user);
    await earnPoints(other);

    const result = await audit(user);
    const held = await total(user);
    expect(result).toMatchObject({ consistent: true, mismatches: [], recordedTotal: held, recomputedTotal: held, ledgerTotal: held, asOf: null });
    // Goal priority 2: 25 × 4 = 100, taken back; task priority 1: 10 × 5; late actionable: half of 30; habit day one: 10 × 2.
    expect(
      result.entries.map((e: { sourceType: string; sourceId: string; points: number; rulesVersion: number | null }) => [
        e.sourceType,
        e.sourceId,
        e.points,
        e.rulesVersion,
      ]),
    ).toEqual([
      ['goal', goal.id, 100, 1],
      ['goal', goal.id, -100, null],
      ['task', task.id, 50, 1],
      ['actionable', late.id, 15, 1],
      ['habit', habit.id, 20, 1],
    ]);
    expect(held).toBe(85);
    expect(new Set(result.entries.map((e: { position: string }) => e.position)).size).toBe(5);
    expect(result.entries[3].reason).toContain('after its deadline');
  });

  it('names exactly the ledger row that was changed behind the projector’s back', async () => {
    const user = await newUser();
    const { late } = await earnPoints(user);
    const { db } = app.runtime.readModels;
    await sql`UPDATE rm.points_ledger SET points = points + 7 WHERE source_id = ${late.id} AND kind = 'award'`.execute(db);

    const result = await audit(user);
    const entry = result.entries.find((e: { sourceId: string }) => e.sourceId === late.id);
    expect(result.consistent).toBe(false);
    expect(result.mismatches).toEqual([{ position: entry.position, expected: 15, found: 22, reason: expect.stringContaining('points_ledger') }]);
    expect(result.recordedTotal).toBe(85);
    expect(result.recomputedTotal).toBe(85);
    expect(result.ledgerTotal).toBe(92);
  });

  it('as of an instant: the total as it stood then', async () => {
    const user = await newUser();
    const goal = (await ok(user, 'POST', '/goals/goals', { title: 'First', priority: 5 })).goal;
    await ok(user, 'PATCH', `/goals/goals/${goal.id}`, { status: 'completed' });
    const between = new Date(Date.now() + 1).toISOString();
    app.advanceClock(60_000);
    const second = (await ok(user, 'POST', '/goals/goals', { title: 'Second', priority: 1 })).goal;
    await ok(user, 'PATCH', `/goals/goals/${second.id}`, { status: 'completed' });

    const then = await audit(user, `?asOf=${encodeURIComponent(between)}`);
    expect(then).toMatchObject({ consistent: true, recordedTotal: 25, recomputedTotal: 25, ledgerTotal: 25, asOf: between });
    expect(then.entries).toHaveLength(1);
    const now = await audit(user);
    expect(now).toMatchObject({ consistent: true, recordedTotal: 150, ledgerTotal: 150 });
    expect(await total(user)).toBe(150);
  });

  it('refuses an asOf that is not an instant, naming it; needs a token', async () => {
    const user = await newUser();
    for (const bad of ['yesterday', '2026-02-30T00:00:00Z', '']) {
      const res = await call(user, 'GET', `/points/audit?asOf=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('asOf');
    }
    expect((await app.json('GET', '/api/points/audit')).status).toBe(401);
  });
});
