import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidEvent } from '@tracker/contracts/event-codec';
import { defineProjector } from '@tracker/projections/projector';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** A projector no route depends on, stuck on its first event until the test lets it go. */
let release!: () => void;
const gate = new Promise<void>((resolve) => (release = resolve));
const stalled = defineProjector({
  name: 'stalled_for_test',
  handles: ['GoalCreated'],
  async apply() {
    await gate;
  },
});

describe('the spine', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    // Readiness gives a projector 1 s behind the log before it answers 503.
    app = await startTestApp({ extraProjectors: [stalled], env: { READY_MAX_LAG_MS: '1000' } });
    ({ token } = await app.registerUser());
  });
  afterAll(async () => {
    release();
    await app?.stop();
  });

  it('answers a command once the projectors its route reads are there, without waiting for one no route depends on', async () => {
    const created = await app.json('POST', '/api/goals/goals', { token, body: { title: 'Run a marathon' } });
    expect(created.status).toBe(201);
    expect(created.body.goal.title).toBe('Run a marathon');
    const listed = await app.json('GET', '/api/goals/goals', { token });
    expect(listed.body.goals.map((g: { title: string }) => g.title)).toEqual(['Run a marathon']);

    const ready = await app.json('GET', '/api/ready');
    expect(ready.body.projections.goals.caughtUp).toBe(true);
    // Stuck inside its first GoalCreated, in a transaction of its own lane: nothing of it committed past it.
    expect(ready.body.projections.stalled_for_test.caughtUp).toBe(false);
    // And a stuck transaction elsewhere holds nothing back: the next command is answered as fast.
    const next = await app.json('POST', '/api/goals/goals', { token, body: { title: 'Write a book' } });
    expect(next.status).toBe(201);
    expect(next.body.goal.title).toBe('Write a book');

    // Behind for longer than READY_MAX_LAG_MS: not ready, naming it (and its lane's other members, held with it).
    await expect
      .poll(async () => (await app.json('GET', '/api/ready')).body, { timeout: 8_000, interval: 300 })
      .toMatchObject({ status: 'not_ready', lagging: expect.arrayContaining(['stalled_for_test']) });
    expect((await app.json('GET', '/api/ready')).body.lagging).not.toContain('goals');
    expect((await app.json('GET', '/api/ready')).status).toBe(503);

    release();
    await expect.poll(async () => (await app.json('GET', '/api/ready')).body.projections.stalled_for_test.caughtUp, { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await app.json('GET', '/api/ready')).status, { timeout: 5_000 }).toBe(200);
  });

  it('refuses to append an event its contract rejects, so no projector can ever stop on one', async () => {
    const userId = randomUUID();
    const stream = `goal-${randomUUID()}`;
    const malformed = {
      id: randomUUID(),
      type: 'PointsAwarded',
      data: { userId, points: -40, rulesVersion: 1, reason: 'x', source: { type: 'goal', id: randomUUID() }, hierarchy: {}, title: 'x' },
      metadata: { userId, correlationId: randomUUID(), occurredAt: new Date().toISOString() },
    };
    await expect(app.runtime.store.append(stream, [malformed], 'no_stream')).rejects.toBeInstanceOf(InvalidEvent);
    const stored = await sql<{ n: string }>`SELECT count(*)::text AS n FROM es.events WHERE stream_id = ${stream}`.execute(app.runtime.readModels.db);
    expect(stored.rows[0]!.n).toBe('0');

    // Everything after it still flows: the ledger projector stays at the head.
    const goal = await app.json('POST', '/api/goals/goals', { token, body: { title: 'Swim' } });
    const completed = await app.json('PATCH', `/api/goals/goals/${goal.body.goal.id}`, { token, body: { status: 'completed' } });
    expect(completed.status).toBe(200);
    await expect.poll(async () => (await app.json('GET', '/api/ready')).body.projections.points_ledger.caughtUp, { timeout: 20_000 }).toBe(true);
    expect((await app.json('GET', '/api/ready')).body.failing).toEqual([]);
  });

  it('names a projector stopped at an event it cannot apply in /api/ready (503), while the others go on', async () => {
    const broken = defineProjector({
      name: 'broken_for_test',
      handles: ['GoalCreated'],
      apply() {
        return Promise.reject(new Error('cannot apply this one'));
      },
    });
    const failing = await startTestApp({ extraProjectors: [broken] });
    try {
      const { token: own } = await failing.registerUser();
      const created = await failing.json('POST', '/api/goals/goals', { token: own, body: { title: 'Still answered' } });
      expect(created.status).toBe(201);
      expect(created.headers.get('x-read-models-behind')).toBeNull();
      await expect
        .poll(
          async () => {
            const ready = await failing.json('GET', '/api/ready');
            return { status: ready.status, failing: (ready.body.failing as Array<{ projector: string; type: string }>).map((f) => `${f.projector}@${f.type}`) };
          },
          { timeout: 20_000 },
        )
        .toEqual({ status: 503, failing: ['broken_for_test@GoalCreated'] });
    } finally {
      await failing.stop();
    }
  });
});
