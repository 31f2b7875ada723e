import { randomUUID } from 'node:crypto';
import { createPostgresEventStore } from '@tracker/eventstore/postgres/postgres-event-store';
import type { EventStore, NewEvent, Position } from '@tracker/eventstore/port';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type ReadModelDbHandle } from '../db.ts';
import { migrateReadModels } from '../migrate.ts';
import type { RunnerLogger } from '../runner.ts';

export const silentLog: RunnerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A fresh database with an event store and a migrated read-model schema on it. */
export const readModelFixture = async (schema = 'rm') => {
  const url = await createTestDatabase('rm');
  const store: EventStore = await createPostgresEventStore({ connectionString: url });
  const handles: ReadModelDbHandle[] = [];
  const openSchema = async (name: string): Promise<ReadModelDbHandle> => {
    const handle = createReadModelDb(url, name);
    await migrateReadModels(handle);
    handles.push(handle);
    return handle;
  };
  const readModels = await openSchema(schema);
  // The newest position any append answered: a subscriber has seen everything once it reaches it.
  // (headPosition may lag while another transaction holds the snapshot horizon back.)
  let lastAppended: Position | 'start' = 'start';
  const append: EventStore['append'] = async (stream, events, expected) => {
    const result = await store.append(stream, events, expected);
    if (store.comparePositions(result.position, lastAppended) > 0) lastAppended = result.position;
    return result;
  };
  return {
    url,
    store,
    append,
    lastAppended: () => lastAppended,
    readModels,
    openSchema,
    async close() {
      await store.close();
      for (const handle of handles) await handle.destroy();
    },
  };
};

export const metadata = (userId: string) => ({
  userId,
  correlationId: randomUUID(),
  occurredAt: new Date().toISOString(),
});

/** A user's life in events: registered, logged in `logins` times, renamed. */
export const userLife = (userId = randomUUID(), logins = 2): NewEvent[] => [
  {
    id: randomUUID(),
    type: 'UserRegistered',
    data: {
      userId,
      name: `User ${userId.slice(0, 4)}`,
      email: `${userId}@example.com`,
      passwordHash: 'x',
      role: 'user',
      timezone: 'Europe/Paris',
      subscriptionStatus: 'inactive',
    },
    metadata: metadata(userId),
  },
  ...Array.from({ length: logins }, () => ({ id: randomUUID(), type: 'UserLoggedIn', data: { userId }, metadata: metadata(userId) })),
  { id: randomUUID(), type: 'UserProfileUpdated', data: { userId, name: `Renamed ${userId.slice(0, 4)}` }, metadata: metadata(userId) },
];
