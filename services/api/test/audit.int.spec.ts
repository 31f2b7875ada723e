import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { auditUser, createAuditor } from '../src/audit/auditor.ts';
import { apiClient, useTestApp, type ApiUser as User } from './support/api-client.ts';

const app = useTestApp();
const { call, newUser, ok } = apiClient(app);

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
      // A revocation carries the rules version of the award it takes back.
      ['goal', goal.id, -100, 1],
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

  it('pages the entries: every entry once over the pages, in log order, and every page carries the whole audit’s totals and verdict', async () => {
    const user = await newUser();
    await earnPoints(user);
    await earnPoints(user);
    const whole = await call(user, 'GET', '/points/audit');
    expect(whole.body).toMatchObject({ entryCount: 10, nextCursor: null });
    const { entries: all, ...verdict } = whole.body.audit;
    expect(all).toHaveLength(10);

    const seen: unknown[] = [];
    const verdicts: unknown[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call(user, 'GET', `/points/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const { entries, ...rest } = res.body.audit;
      verdicts.push({ ...rest, entryCount: res.body.entryCount });
      expect(entries.length).toBeLessThanOrEqual(3);
      seen.push(...entries);
      cursor = res.body.nextCursor;
      pages++;
      // The log moves between pages: a new award comes after every page before it, on a later page.
      if (pages === 2) {
        const goal = (await ok(user, 'POST', '/goals/goals', { title: 'Between pages', priority: 3 })).goal;
        await ok(user, 'PATCH', `/goals/goals/${goal.id}`, { status: 'completed' });
      }
    } while (cursor !== null);
    expect(pages).toBe(4);
    const after = await call(user, 'GET', '/points/audit');
    const { entries: now, ...verdictAfter } = after.body.audit;
    expect(after.body).toMatchObject({ entryCount: 11, nextCursor: null });
    // Each page's totals are the whole audit's as of its own position: before the new award, then after it.
    expect(verdicts).toEqual([
      { ...verdict, entryCount: 10 },
      { ...verdict, entryCount: 10 },
      { ...verdictAfter, entryCount: 11 },
      { ...verdictAfter, entryCount: 11 },
    ]);
    expect(verdictAfter).toMatchObject({ consistent: true, recordedTotal: verdict.recordedTotal + 75, ledgerTotal: verdict.ledgerTotal + 75 });
    expect(seen).toEqual(now);
    expect(now.slice(0, 10)).toEqual(all);
    expect(new Set(seen.map((e) => (e as { position: string }).position)).size).toBe(11);
  });

  it('a kept audit brought forward equals one replayed from scratch, verdict included', async () => {
    const user = await newUser();
    const { late } = await earnPoints(user);
    const deps = { db: app.runtime.readModels.db, store: app.runtime.store };
    const auditor = createAuditor(deps);
    expect((await auditor.audit(user.id)).audit).toEqual(await auditUser(deps, user.id));
    // Asked again at the same position: the same answer.
    expect((await auditor.audit(user.id)).audit).toEqual(await auditUser(deps, user.id));
    // More events, and a ledger row changed: brought forward, not replayed, and the mismatch is found.
    await earnPoints(user);
    await sql`UPDATE rm.points_ledger SET points = points + 7 WHERE source_id = ${late.id} AND kind = 'award'`.execute(app.runtime.readModels.db);
    const forward = await auditor.audit(user.id);
    const fresh = await auditUser(deps, user.id);
    expect(forward.audit).toEqual(fresh);
    expect(fresh).toMatchObject({ consistent: false, recordedTotal: 170, recomputedTotal: 170, ledgerTotal: 177 });
    expect(fresh.entries).toHaveLength(10);
  });

  it('refuses a cursor that is not one it handed out, naming it', async () => {
    const user = await newUser();
    for (const bad of ['not base64!', btoa('no-position').replace(/=+$/, ''), 'x'.repeat(300)]) {
      const res = await call(user, 'GET', `/points/audit?cursor=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('cursor');
    }
    for (const limit of ['0', '1001', 'ten']) expect((await call(user, 'GET', `/points/audit?limit=${limit}`)).status).toBe(400);
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
