import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { streamCategories } from '@tracker/contracts/streams';
import { actionableDecider, type ActionableCommand } from '@tracker/domain/actionables/actionable.decider';
import { clockAt } from '@tracker/domain/time/local-date';
import { checkedEventStore } from '@tracker/eventstore/checked-event-store';
import { createEventStoreDbEventStore } from '@tracker/eventstore/eventstoredb/eventstoredb-event-store';
import type { EventStore } from '@tracker/eventstore/port';
import { createFakeEsdbClient } from '@tracker/eventstore/testing/fake-esdb-client';
import { createCommandHandler, SNAPSHOT_EVERY, SNAPSHOT_LAG, type CommandContext } from './command-handler.ts';
import { newestOf } from './snapshot-policy.ts';
import type { Snapshot, SnapshotStore } from './snapshots.ts';

// The command-side snapshot scenarios of test/snapshots.int.spec.ts (which runs them on PostgreSQL
// through HTTP), here on the EventStoreDB adapter over the in-memory stand-in for the server: that
// server looks for a retry's ids only right after the expected revision, so a retry older than the
// snapshot is the handler's to recognise.

const DAY = 24 * 60 * 60 * 1000;
const DAYS = 40;
const START = Date.parse('2026-03-01T12:00:00Z');

const memorySnapshots = () => {
  const rows = new Map<string, { schema: string; snapshot: Snapshot }>();
  const store: SnapshotStore = {
    async load(stream, schema) {
      const row = rows.get(stream);
      return row && row.schema === schema ? structuredClone(row.snapshot) : undefined;
    },
    async save(stream, schema, snapshot) {
      const row = rows.get(stream);
      // As the ops table: a snapshot moves on only to a newer newest state.
      if (!row || row.schema !== schema || newestOf(row.snapshot) < newestOf(snapshot)) rows.set(stream, { schema, snapshot: structuredClone(snapshot) });
    },
  };
  return { store, rows };
};

const userId = randomUUID();
const habitId = randomUUID();
const stream = `actionable-${habitId}`;
const dayAt = (day: number): Date => new Date(START + day * DAY);
const context = (day: number, idempotencyKey?: string): CommandContext => ({ userId, requestId: randomUUID(), now: dayAt(day), idempotencyKey });
const complete = (day: number): ActionableCommand => ({ type: 'CompleteHabit', userId, clock: clockAt(dayAt(day), 'UTC') });
const pointsOf = (events: Array<{ type: string; data: unknown }>): number =>
  events.filter((e) => e.type === 'PointsAwarded').reduce((sum, e) => sum + (e.data as { points: number }).points, 0);

let fake: ReturnType<typeof createFakeEsdbClient>;
let store: EventStore;
let snapshots: ReturnType<typeof memorySnapshots>;
const keyed: Array<{ day: number; key: string; points: number }> = [];

const handler = () => createCommandHandler({ store, snapshots: snapshots.store });
const storedIds = () => fake.stored(stream);
const awards = async (): Promise<number> => {
  let n = 0;
  for await (const e of store.readStream(stream)) if (e.type === 'PointsAwarded') n += 1;
  return n;
};

beforeAll(async () => {
  fake = createFakeEsdbClient();
  store = checkedEventStore(
    await createEventStoreDbEventStore({ connectionString: 'esdb://unused', streamCategories, client: fake.client, pollIntervalMs: 20 }),
  );
  snapshots = memorySnapshots();
  const create: ActionableCommand = {
    type: 'CreateActionable',
    id: habitId,
    userId,
    fields: { title: 'Read a page', isHabit: true },
    clock: clockAt(dayAt(0), 'UTC'),
  };
  await handler().execute(actionableDecider, stream, create, context(0, 'create'));
  for (let day = 1; day <= DAYS; day++) {
    const key = `daily-${day}`;
    const result = await handler().execute(actionableDecider, stream, complete(day), context(day, key));
    keyed.push({ day, key, points: pointsOf(result.events) });
  }
});

describe('command-side snapshots on the EventStoreDB adapter (in-memory stand-in)', () => {
  it('keeps a snapshot close behind the head, so a command reads only the tail', async () => {
    const head = BigInt(storedIds().length - 1);
    const snapshot = await snapshots.store.load(stream, actionableDecider.snapshotSchema!);
    expect(snapshot).toBeDefined();
    expect(head - snapshot!.revision).toBeGreaterThanOrEqual(BigInt(SNAPSHOT_LAG));
    expect(head - snapshot!.revision).toBeLessThan(BigInt(3 * SNAPSHOT_LAG));
    const before = fake.streamEventsRead();
    await handler().load(actionableDecider, stream);
    expect(fake.streamEventsRead() - before).toBeLessThan(3 * SNAPSHOT_LAG);
  });

  it('starts a command from the newest state kept: it reads fewer than SNAPSHOT_EVERY events, however long the stream', async () => {
    const before = fake.streamEventsRead();
    await handler().load(actionableDecider, stream);
    expect(fake.streamEventsRead() - before).toBeLessThan(SNAPSHOT_EVERY);
  });

  it('answers a retry of a request a few days back from the kept state before it, not the whole stream, appending nothing', async () => {
    const stored = storedIds();
    const recent = keyed.at(-4)!;
    const before = fake.streamEventsRead();
    const retry = await handler().execute(actionableDecider, stream, complete(recent.day), context(recent.day, recent.key));
    expect(pointsOf(retry.events)).toBe(recent.points);
    expect(retry.state).toMatchObject({ item: { streak: recent.day } });
    expect(fake.streamEventsRead() - before).toBeLessThan(2 * SNAPSHOT_LAG);
    expect(storedIds()).toEqual(stored);
  });

  it('decides from the same state as a full replay of the stream', async () => {
    const withSnapshots = await handler().load(actionableDecider, stream);
    const fullReplay = await createCommandHandler({ store }).load(actionableDecider, stream);
    expect(withSnapshots).toEqual(fullReplay);
    expect(fullReplay.state).toMatchObject({ status: 'active', item: { streak: DAYS } });
  });

  it('answers a retry among the latest events with the original answer, awarding once', async () => {
    const before = await awards();
    const last = keyed.at(-1)!;
    const retry = await handler().execute(actionableDecider, stream, complete(last.day), context(last.day, last.key));
    expect(pointsOf(retry.events)).toBe(last.points);
    expect(await awards()).toBe(before);
  });

  it('answers a retry older than the snapshot with its original answer, appending nothing (a new day would accept it)', async () => {
    const before = storedIds();
    const early = keyed[0]!;
    // The retry arrives on a day not completed yet: decided afresh at the head it would complete that day.
    const retry = await handler().execute(actionableDecider, stream, complete(DAYS + 1), context(DAYS + 1, early.key));
    expect(pointsOf(retry.events)).toBe(early.points);
    expect(retry.state).toMatchObject({ item: { streak: 1 } });
    expect(storedIds()).toEqual(before);
    expect(new Set(storedIds()).size).toBe(storedIds().length);
    // The new day completes as usual with a fresh key.
    const today = await handler().execute(actionableDecider, stream, complete(DAYS + 1), context(DAYS + 1, 'daily-next'));
    expect(today.state).toMatchObject({ item: { streak: DAYS + 1 } });
    expect(storedIds()).toHaveLength(before.length + today.events.length);
  });

  it('reads only the tail for a keyed command whose key is new (the retry check does not undo the snapshot)', async () => {
    const before = fake.streamEventsRead();
    await handler().execute(actionableDecider, stream, complete(DAYS + 2), context(DAYS + 2, 'daily-after-next'));
    expect(fake.streamEventsRead() - before).toBeLessThan(3 * SNAPSHOT_LAG + 10);
  });

  it('ignores a snapshot of another state shape and reads the whole stream instead', async () => {
    const row = snapshots.rows.get(stream)!;
    snapshots.rows.set(stream, { schema: 'actionable/0', snapshot: { ...row.snapshot, state: { status: 'none' } } });
    const loaded = await handler().load(actionableDecider, stream);
    expect(loaded.state).toMatchObject({ status: 'active', item: { streak: DAYS + 2 } });
    const next = await handler().execute(actionableDecider, stream, complete(DAYS + 3), context(DAYS + 3));
    expect(next.state).toMatchObject({ item: { streak: DAYS + 3 } });
  });
});
