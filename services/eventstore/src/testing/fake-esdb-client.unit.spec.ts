import { randomUUID } from 'node:crypto';
import { END, FORWARDS, START, jsonEvent, streamNameFilter, type AllStreamResolvedEvent } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { createEventStoreDbEventStore } from '../eventstoredb/eventstoredb-event-store.ts';
import type { StoredEvent } from '../port.ts';
import { eventually } from './eventually.ts';
import { SERVER_COMMIT_TIMEOUT_MS, createFakeEsdbClient } from './fake-esdb-client.ts';

// The stand-in behaves like the server where the adapter depends on it: per-event $all positions,
// the drop of a repeat not yet indexed, and live subscriptions that confirm, deliver and drop.

const goalEvent = () => jsonEvent({ id: randomUUID(), type: 'GoalCreated', data: { note: 'stand-in' } });
const stream = (): string => `goal-${randomUUID()}`;

const readAll = async (fake: ReturnType<typeof createFakeEsdbClient>): Promise<AllStreamResolvedEvent[]> => {
  const all: AllStreamResolvedEvent[] = [];
  for await (const resolved of fake.client.readAll({ fromPosition: START, direction: FORWARDS, maxCount: 1_000 })) all.push(resolved);
  return all;
};

/** The stand-in answers in milliseconds: a failure shows within two seconds. */
const soon = (check: () => void) => eventually(check, 2_000, 10);

describe('the EventStoreDB stand-in behaves like the server', () => {
  it('gives each event of a batch its own $all position, and the adapter answers with the last one', async () => {
    const fake = createFakeEsdbClient();
    const store = await createEventStoreDbEventStore({ connectionString: 'esdb://unused', streamCategories: ['goal'], client: fake.client });
    const s = stream();
    const answer = await fake.client.appendToStream(s, [goalEvent(), goalEvent(), goalEvent()], { expectedRevision: 'no_stream' });
    const positions = (await readAll(fake)).map((resolved) => resolved.event!.position);
    expect(positions).toHaveLength(3);
    expect(new Set(positions.map((p) => p.commit)).size).toBe(3);
    for (const p of positions) expect(p.prepare).toBe(p.commit);
    // The server answers with the write's position, not its last event's.
    expect(answer.position).toEqual(positions[0]);

    const s2 = stream();
    const result = await store.append(
      s2,
      [0, 1, 2].map(() => ({ id: randomUUID(), type: 'GoalCreated', data: {}, metadata: {} })),
      'no_stream',
    );
    const stored: StoredEvent[] = [];
    for await (const e of store.readStream(s2)) stored.push(e);
    expect(result.position).toBe(stored.at(-1)!.position);
    expect(new Set(stored.map((e) => e.position)).size).toBe(3);
  });

  it(`drops a repeat of a write not yet indexed: the client hears a timeout after the commit timeout (server default ${SERVER_COMMIT_TIMEOUT_MS} ms)`, async () => {
    expect(SERVER_COMMIT_TIMEOUT_MS).toBe(2_000);
    const fake = createFakeEsdbClient({ indexDelayMs: 100, commitTimeoutMs: 300 });
    const s = stream();
    const events = [goalEvent()];
    const original = fake.client.appendToStream(s, events, { expectedRevision: 'no_stream' });
    const started = Date.now();
    const repeat = await fake.client.appendToStream(s, events, { expectedRevision: 'no_stream' }).catch((e: unknown) => e);
    expect(repeat).toMatchObject({ type: 'deadline-exceeded' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await original).nextExpectedRevision).toBe(0n);
    // Once indexed, a repeat is answered as the original.
    expect((await fake.client.appendToStream(s, events, { expectedRevision: 'no_stream' })).nextExpectedRevision).toBe(0n);
    expect(fake.stored(s)).toHaveLength(1);
  });

  it('confirms a live subscription, delivers our events as they are indexed, and drops it on request', async () => {
    const fake = createFakeEsdbClient();
    const subscription = fake.client.subscribeToAll({ fromPosition: END, filter: streamNameFilter({ prefixes: ['goal-'] }) });
    const seen: string[] = [];
    let confirmed = false;
    let dropped: unknown;
    subscription.on('confirmation', () => (confirmed = true));
    subscription.on('data', (resolved) => seen.push(resolved.event!.streamId));
    subscription.on('error', (error) => (dropped = error));
    await soon(() => expect(confirmed).toBe(true));
    const s = stream();
    await fake.client.appendToStream(s, [goalEvent()], { expectedRevision: 'no_stream' });
    await fake.client.appendToStream(`task-${randomUUID()}`, [goalEvent()], { expectedRevision: 'no_stream' });
    await soon(() => expect(seen).toEqual([s]));
    fake.dropSubscriptions();
    await soon(() => expect(dropped).toMatchObject({ type: 'unavailable' }));
    expect(fake.liveSubscriptions()).toBe(0);
  });
});

describe('EventStoreDB adapter: the live wake-up subscription over the stand-in', () => {
  it('wakes subscribers on new events, and resubscribes after a drop (no poll needed)', async () => {
    const fake = createFakeEsdbClient();
    // A poll this slow never fires in the test: every delivery below comes from a wake-up.
    const store = await createEventStoreDbEventStore({
      connectionString: 'esdb://unused',
      streamCategories: ['goal'],
      client: fake.client,
      pollIntervalMs: 60_000,
    });
    const s = stream();
    const delivered: string[] = [];
    const handle = store.subscribe('start', async (batch) => {
      delivered.push(...batch.filter((e) => e.stream === s).map((e) => e.id));
    });
    try {
      await soon(() => expect(fake.liveSubscriptions()).toBe(1));
      const first = { id: randomUUID(), type: 'GoalCreated', data: {}, metadata: {} };
      await store.append(s, [first], 'no_stream');
      await soon(() => expect(delivered).toEqual([first.id]));

      fake.dropSubscriptions();
      const second = { id: randomUUID(), type: 'GoalCreated', data: {}, metadata: {} };
      // Appended while no subscription is live: the resubscription's confirmation wakes the loop for it.
      await store.append(s, [second], 0n);
      await soon(() => expect(delivered).toEqual([first.id, second.id]));
      await soon(() => expect(fake.liveSubscriptions()).toBe(1));
      expect(fake.subscribeCalls()).toBe(2);

      const third = { id: randomUUID(), type: 'GoalCreated', data: {}, metadata: {} };
      await store.append(s, [third], 1n);
      await soon(() => expect(delivered).toEqual([first.id, second.id, third.id]));
    } finally {
      await handle.stop();
      await store.close();
    }
    expect(fake.liveSubscriptions()).toBe(0);
  });
});
