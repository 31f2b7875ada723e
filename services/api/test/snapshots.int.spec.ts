import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionableDecider } from '@tracker/domain/actionables/actionable.decider';
import { createCommandHandler, SNAPSHOT_LAG } from '../src/commands/command-handler.ts';
import { createOpsSnapshotStore } from '../src/commands/snapshots.ts';
import { createOpsDb, type OpsDbHandle } from '@tracker/projections/ops-db';
import { apiClient, useTestApp, type ApiUser } from './support/api-client.ts';
import { forwardClock } from './support/forward-clock.ts';

// A habit completed daily for months: the command path reads a snapshot and the stream's tail, so it
// does not slow down with the history; the answers stay those of a full replay, and retries stay single.

const DAY = 24 * 60 * 60 * 1000;
const DAYS = 150;

const app = useTestApp();
const api = apiClient(app);
let ops: OpsDbHandle;
let admin: pg.Pool;
let user: ApiUser;
let habitId: string;
const keyed: Array<{ day: number; key: string; pointsAwarded: number }> = [];

const call = (method: string, path: string, headers?: Record<string, string>) => api.call(user, method, path, undefined, headers);
// Sessions expire after days of the moved clock: sign in again now and then, as a daily user would.
const signIn = async () => {
  user = await api.signIn(user);
};
const stream = () => `actionable-${habitId}`;
const awards = async (): Promise<number> => {
  const { rows } = await admin.query<{ n: string }>(`SELECT count(*) AS n FROM es.events WHERE stream_id = $1 AND type = 'PointsAwarded'`, [stream()]);
  return Number(rows[0]!.n);
};

beforeAll(async () => {
  ops = createOpsDb(app.runtime.databaseUrl);
  admin = new pg.Pool({ connectionString: app.runtime.databaseUrl, max: 2 });
  // Noon in a zone without daylight saving: 150 days of 24 hours each land on a day each, whatever the hour this runs.
  user = await api.newUser('Daily', 'UTC');
  const { now, moveTo } = forwardClock(app);
  moveTo(now('UTC').startOf('day').plus({ days: 1, hours: 12 }));
  habitId = (await api.created(user, '/actionables/habits', { title: 'Read a page' })).habit.id;
  // One completion a day, each with its own Idempotency-Key.
  for (let day = 1; day <= DAYS; day++) {
    const key = `daily-${day}`;
    const res = await call('PATCH', `/actionables/habits/${habitId}/complete`, { 'Idempotency-Key': key });
    if (res.status !== 200) throw new Error(`day ${day}: ${res.status} ${JSON.stringify(res.body)}`);
    keyed.push({ day, key, pointsAwarded: res.body.pointsAwarded });
    if (day < DAYS) app.advanceClock(DAY);
    if (day % 5 === 0) await signIn();
  }
}, 120_000);

afterAll(async () => {
  await admin?.end();
  await ops?.destroy();
});

describe('command-side snapshots of a long habit stream', () => {
  it('keeps a snapshot close behind the head, so a command reads only the tail', async () => {
    const { rows } = await admin.query<{ head: string }>(`SELECT max(stream_revision) AS head FROM es.events WHERE stream_id = $1`, [stream()]);
    const head = BigInt(rows[0]!.head);
    expect(head).toBeGreaterThanOrEqual(BigInt(2 * DAYS));
    const snapshot = await createOpsSnapshotStore(ops.db).load(stream(), actionableDecider.snapshotSchema!);
    expect(snapshot).toBeDefined();
    expect(head - snapshot!.revision).toBeGreaterThanOrEqual(BigInt(SNAPSHOT_LAG));
    expect(head - snapshot!.revision).toBeLessThan(BigInt(3 * SNAPSHOT_LAG));
  });

  it('decides from the same state as a full replay of the stream', async () => {
    const store = app.runtime.store;
    const withSnapshots = await createCommandHandler({ store, snapshots: createOpsSnapshotStore(ops.db) }).load(actionableDecider, stream());
    const fullReplay = await createCommandHandler({ store }).load(actionableDecider, stream());
    expect(withSnapshots).toEqual(fullReplay);
    expect(fullReplay.state).toMatchObject({ status: 'active', item: { streak: DAYS } });
    const res = await call('GET', `/actionables/${habitId}`);
    expect(res.body.actionable.streak).toBe(DAYS);
  });

  it('answers a retry among the latest events with the original answer, awarding once', async () => {
    const before = await awards();
    const last = keyed.at(-1)!;
    const retry = await call('PATCH', `/actionables/habits/${habitId}/complete`, { 'Idempotency-Key': last.key });
    expect(retry.status).toBe(200);
    expect(retry.body.pointsAwarded).toBe(last.pointsAwarded);
    expect(retry.body.streak).toBe(DAYS);
    expect(await awards()).toBe(before);
  });

  it('answers a retry older than the snapshot with its original answer too (from the whole stream), awarding nothing', async () => {
    const before = await awards();
    app.advanceClock(DAY);
    await signIn();
    const early = keyed[0]!;
    const retry = await call('PATCH', `/actionables/habits/${habitId}/complete`, { 'Idempotency-Key': early.key });
    expect(retry.status).toBe(200);
    expect(retry.body.pointsAwarded).toBe(early.pointsAwarded);
    // Today is not completed by it: the streak still stands at yesterday's.
    expect(retry.body.streak).toBe(DAYS);
    expect(await awards()).toBe(before);
    // The new day completes as usual with a fresh key.
    const today = await call('PATCH', `/actionables/habits/${habitId}/complete`, { 'Idempotency-Key': 'daily-next' });
    expect(today.status).toBe(200);
    expect(today.body.streak).toBe(DAYS + 1);
    expect(await awards()).toBe(before + 1);
  });

  it('ignores a snapshot of another state shape and reads the whole stream instead', async () => {
    await admin.query(`UPDATE ops.stream_snapshots SET schema = 'actionable/0', state = '{"status":"none"}' WHERE stream = $1`, [stream()]);
    const res = await call('GET', `/actionables/${habitId}`);
    const withSnapshots = await createCommandHandler({ store: app.runtime.store, snapshots: createOpsSnapshotStore(ops.db) }).load(actionableDecider, stream());
    expect(withSnapshots.state).toMatchObject({ status: 'active', item: { streak: res.body.actionable.streak } });
    app.advanceClock(DAY);
    const next = await call('PATCH', `/actionables/habits/${habitId}/complete`);
    expect(next.status).toBe(200);
    expect(next.body.streak).toBe(DAYS + 2);
  });
});
