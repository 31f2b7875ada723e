import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InvalidEvent } from '@tracker/contracts/event-codec';
import { checkedEventStore, UnregisteredStream } from './checked-event-store.ts';
import { createPostgresEventStore } from './postgres/postgres-event-store.ts';
import { createTestDatabase } from './testing/test-database.ts';

const userId = randomUUID();
const metadata = { userId, correlationId: randomUUID(), occurredAt: '2026-03-01T10:00:00.000Z' };
const award = (data: Record<string, unknown>) => ({
  id: randomUUID(),
  type: 'PointsAwarded',
  data: {
    userId,
    points: 40,
    rulesVersion: 1,
    reason: 'Completed goal "Run"',
    source: { type: 'goal', id: randomUUID() },
    hierarchy: {},
    title: 'Run',
    // How the rules counted it (PointsAwarded v2, issue 20): a priority 2 goal, 10 × (6 − 2).
    receipt: { rule: 'goal', rulesVersion: 1, inputs: { priority: 2, base: 10 }, points: 40 },
    ...data,
  },
  metadata,
});

const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
};

describe('the checked event store', () => {
  it('refuses an event that does not match its contract and stores nothing of the append', async () => {
    const store = checkedEventStore(await createPostgresEventStore({ connectionString: await createTestDatabase('checked') }));
    try {
      const stream = `goal-${randomUUID()}`;
      for (const bad of [{ points: -5 }, { points: 2.5 }, { points: '40' }, { source: { type: 'nothing', id: 'x' } }, { title: undefined }]) {
        await expect(store.append(stream, [award({}), award(bad)], 'no_stream')).rejects.toBeInstanceOf(InvalidEvent);
      }
      await expect(store.append(stream, [{ id: randomUUID(), type: 'NoSuchEvent', data: {}, metadata }], 'no_stream')).rejects.toBeInstanceOf(InvalidEvent);
      await expect(store.append(stream, [{ ...award({}), metadata: { userId } }], 'no_stream')).rejects.toBeInstanceOf(InvalidEvent);
      expect(await collect(store.readStream(stream))).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('stores what the contract keeps, stamped with its schema version', async () => {
    const store = checkedEventStore(await createPostgresEventStore({ connectionString: await createTestDatabase('checked') }));
    try {
      const stream = `goal-${randomUUID()}`;
      await store.append(stream, [award({ smuggled: 'dropped' })], 'no_stream');
      const [stored] = await collect(store.readStream(stream));
      expect(stored!.version).toBe(2);
      expect(stored!.data).not.toHaveProperty('smuggled');
      expect(stored!.data).toMatchObject({ points: 40, title: 'Run' });
    } finally {
      await store.close();
    }
  });

  it('refuses a stream in a category no feature registers (EventStoreDB would never project it) and stores nothing', async () => {
    const store = checkedEventStore(await createPostgresEventStore({ connectionString: await createTestDatabase('checked') }));
    try {
      const stream = `settings-${randomUUID()}`;
      await expect(store.append(stream, [award({})], 'no_stream')).rejects.toBeInstanceOf(UnregisteredStream);
      expect(await collect(store.readStream(stream))).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
