import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_JWT_SECRET } from './support/test-app.ts';
import { useTestApp } from './support/api-client.ts';

/** Each case is a finding from probing what landed: it failed then (a 5xx, a stall, a silent change) and must hold now. */
describe('hardening: no input can stall or corrupt the product', () => {
  const app = useTestApp();
  let token: string;
  beforeAll(async () => {
    ({ token } = await app.registerUser());
  });

  const expectRefused = async (method: string, path: string, body: unknown, field: string, who = token) => {
    const res = await app.json(method, path, { token: who, body });
    expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(res.body.message).toContain(field);
  };

  it('refuses a year-0000 due date (it used to stall the goals projection for every user)', async () => {
    await expectRefused('POST', '/api/goals/goals', { title: 'x', dueDate: '0000-01-01' }, 'dueDate');
    await expectRefused('POST', '/api/goals/goals', { title: 'x', dueDate: '10000-01-01T00:00:00Z' }, 'dueDate');
    const other = await app.registerUser();
    const created = await app.json('POST', '/api/goals/goals', { token: other.token, body: { title: 'Still works', dueDate: '9999-12-31' } });
    expect(created.status).toBe(201);
    expect(created.body.goal.dueDate).toBe('9999-12-31T00:00:00.000Z');
  });

  it('refuses a year-0000 or future date of birth (it used to stall the users projection: no registration after it)', async () => {
    await expectRefused('PUT', '/api/users/profile', { dateOfBirth: '0000-01-01' }, 'dateOfBirth');
    await expectRefused('PUT', '/api/users/profile', { dateOfBirth: '2999-01-01' }, 'dateOfBirth');
    expect((await app.json('PUT', '/api/users/profile', { token, body: { dateOfBirth: '1990-02-28' } })).body.user.dateOfBirth).toBe('1990-02-28');
    expect((await app.registerUser()).token).toBeTruthy();
  });

  it('refuses NUL and lone surrogates in any string with a 400 naming the field (they were 500s)', async () => {
    for (const title of ['a\u0000', '\ud800', 'x\udc00']) await expectRefused('POST', '/api/goals/goals', { title }, 'title');
    await expectRefused('POST', '/api/goals/goals', { title: 'ok', description: 'bad\u0000' }, 'description');
    await expectRefused('PUT', '/api/users/profile', { name: '\ud83d' }, 'name');
  });

  it('keeps no e-mail reserved after a registration refused for its name', async () => {
    const email = `nul.${randomUUID()}@example.com`;
    const refused = await app.json('POST', '/api/auth/register', { body: { name: 'Ada\u0000', email, password: 'correct horse battery' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('name');
    expect((await app.json('POST', '/api/auth/register', { body: { name: 'Ada', email, password: 'correct horse battery' } })).status).toBe(201);
  });

  it('refuses 2024-02-30 instead of storing 2024-03-01', async () => {
    await expectRefused('POST', '/api/goals/goals', { title: 'x', dueDate: '2024-02-30' }, 'dueDate');
    await expectRefused('POST', '/api/goals/goals', { title: 'x', startDate: '2023-02-29T10:00:00Z' }, 'startDate');
    const leap = await app.json('POST', '/api/goals/goals', { token, body: { title: 'Leap', dueDate: '2024-02-29' } });
    expect(leap.body.goal.dueDate).toBe('2024-02-29T00:00:00.000Z');
  });

  it('takes priorities only as JSON whole numbers: "0x3", true, " 2 ", 2.5 and "3" are refused', async () => {
    for (const priority of ['0x3', true, ' 2 ', 2.5, '3', 0, 6]) await expectRefused('POST', '/api/goals/goals', { title: 'x', priority }, 'priority');
    expect((await app.json('POST', '/api/goals/goals', { token, body: { title: 'x', priority: 2 } })).body.goal.priority).toBe(2);
    expect((await app.json('GET', '/api/goals/tasks/priority/0x3', { token })).status).toBe(400);
    expect((await app.json('GET', '/api/goals/all-tasks?priority=%202', { token })).status).toBe(400);
  });

  describe('tokens', () => {
    const secret = new TextEncoder().encode(TEST_JWT_SECRET);
    const forge = (sub: string, iat: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer('points-tracker')
        .setAudience('points-tracker-app')
        .setIssuedAt(iat)
        .setExpirationTime('1h')
        .sign(secret);

    it('refuses an iat more than a minute in the future (it would outlive a password change)', async () => {
      const { user } = (await app.json('GET', '/api/auth/me', { token })).body;
      const future = await forge(user.id, Math.floor(Date.now() / 1000) + 3600);
      expect((await app.json('GET', '/api/auth/me', { token: future })).status).toBe(401);
    });

    it('answers a sub that is not a user id, or no known user, with 401 (it was a 500)', async () => {
      const now = Math.floor(Date.now() / 1000);
      for (const sub of ['not-a-uuid', "1' OR '1'='1", randomUUID()]) {
        expect((await app.json('GET', '/api/auth/me', { token: await forge(sub, now) })).status).toBe(401);
      }
    });
  });

  it('answers a command whose events were stored from its own state when read models are behind, saying so — never a 404', async () => {
    const lagging = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '100' } });
    try {
      const owner = await lagging.registerUser();
      // From here no projector runs: every read-your-writes wait runs out.
      await lagging.runtime.runner!.stop();
      const goal = await lagging.json('POST', '/api/goals/goals', { token: owner.token, body: { title: 'Written', priority: 2 } });
      expect(goal.status).toBe(201);
      expect(goal.headers.get('x-read-models-behind')).toBe('goals, points_ledger');
      expect(goal.body.goal).toMatchObject({ title: 'Written', priority: 2, status: 'pending', pointsHistory: [] });

      const task = await lagging.json('POST', '/api/goals/tasks', { token: owner.token, body: { goalId: goal.body.goal.id, title: 'Step' } });
      expect(task.status).toBe(201);
      expect(task.body.task.goalId).toBe(goal.body.goal.id);
      const subtask = await lagging.json('POST', '/api/goals/subtasks', {
        token: owner.token,
        body: { taskId: task.body.task.id, title: 'Tiny step', priority: 1 },
      });
      const done = await lagging.json('POST', `/api/goals/subtasks/${subtask.body.subtask.id}/complete`, { token: owner.token });
      expect(done.status).toBe(200);
      expect(done.headers.get('x-read-models-behind')).toBe('subtasks, points_ledger');
      expect(done.body).toMatchObject({ pointsAwarded: 25, subtask: { status: 'completed', pointsHistory: [{ points: 25 }] } });
      expect(done.body.subtask.completedAt).not.toBeNull();

      const renamed = await lagging.json('PATCH', `/api/goals/goals/${goal.body.goal.id}`, { token: owner.token, body: { title: 'Renamed' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body.goal.title).toBe('Renamed');
      // Once projections run again, the read models hold what was answered.
      const recovered = await startTestApp({ databaseUrl: lagging.config.databaseUrl! });
      try {
        await expect
          .poll(async () => (await recovered.json('GET', `/api/goals/subtasks/${subtask.body.subtask.id}`, { token: owner.token })).body?.subtask?.status, {
            timeout: 20_000,
          })
          .toBe('completed');
        expect((await recovered.json('GET', `/api/goals/goals/${goal.body.goal.id}`, { token: owner.token })).body.goal.title).toBe('Renamed');
      } finally {
        await recovered.stop();
      }
    } finally {
      await lagging.stop();
    }
  });

  it('answers an Idempotency-Key reused for a different request with 409, not a 500', async () => {
    const goal = await app.json('POST', '/api/goals/goals', { token, body: { title: 'Keyed' } });
    const key = `reuse-${randomUUID()}`;
    const path = `/api/goals/goals/${goal.body.goal.id}`;
    const renamed = await app.json('PATCH', path, { token, body: { title: 'Renamed' }, headers: { 'idempotency-key': key } });
    expect(renamed.status).toBe(200);
    // A retry of that request is answered as the first time…
    expect((await app.json('PATCH', path, { token, body: { title: 'Renamed' }, headers: { 'idempotency-key': key } })).status).toBe(200);
    // …another request under the same key would store other events under the same ids: refused.
    const reused = await app.json('PATCH', path, { token, body: { status: 'completed' }, headers: { 'idempotency-key': key } });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('idempotency_key_reused');
    expect((await app.json('GET', path, { token })).body.goal).toMatchObject({ title: 'Renamed', status: 'pending' });
  });
});
