import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from '../testing/test-database.ts';
import { eventStoreConformance } from '../conformance.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';
import { APPEND_LOCK } from './schema.ts';

let url: string;

eventStoreConformance('PostgreSQL', {
  promises: { reusedIdsRefused: true, anyRetryWindow: 'unbounded' },
  async create() {
    url = await createTestDatabase('es_conformance');
    return createPostgresEventStore({ connectionString: url });
  },
  // A raw transaction that takes its xid and sequence position now and commits later, as a slow
  // append would.
  async holdCommit(stream, events) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('BEGIN');
    // The append protocol: announce the append, then take the transaction id (schema.ts).
    await client.query('SELECT pg_advisory_xact_lock_shared($1)', [APPEND_LOCK]);
    await client.query('SELECT pg_current_xact_id()');
    for (const [i, e] of events.entries()) {
      await client.query(
        `INSERT INTO es.events (stream_id, stream_revision, event_id, type, data, metadata)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [stream, i, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)],
      );
    }
    return {
      async commit() {
        await client.query('COMMIT');
        await client.end();
      },
    };
  },
});

describe('PostgreSQL subscriptions under concurrent appends', () => {
  it('deliver every event exactly once to every subscriber while 16 writers append and other transactions write', async () => {
    const connectionString = await createTestDatabase('es_stress');
    const store = await createPostgresEventStore({ connectionString, poolSize: 20 });
    // Another writer on the cluster (as projection batches are): long enough transactions, with an xid.
    const other = new pg.Client({ connectionString });
    await other.connect();
    await other.query('CREATE TABLE unrelated (n int)');
    let writing = true;
    const otherWriter = (async () => {
      while (writing) {
        await other.query('BEGIN');
        await other.query('INSERT INTO unrelated VALUES (1)');
        await new Promise((resolve) => setTimeout(resolve, 3));
        await other.query('COMMIT');
      }
    })();
    const seen = [new Map<string, number>(), new Map<string, number>()];
    const subscriptions = seen.map((counts) =>
      store.subscribe(
        'start',
        async (batch) => {
          for (const e of batch) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
        },
        { batchSize: 37 },
      ),
    );
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = 0; i < 120; i++) {
          const id = randomUUID();
          ids.push(id);
          await store.append(`goal-${randomUUID()}`, [{ id, type: 'GoalCreated', data: { i }, metadata: { userId: 'stress' } }], 'no_stream');
        }
      }),
    );
    writing = false;
    await otherWriter;
    await other.end();
    const deadline = Date.now() + 30_000;
    while (seen.some((counts) => counts.size < ids.length) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    for (const subscription of subscriptions) await subscription.stop();
    await store.close();
    for (const counts of seen) {
      expect(ids.filter((id) => !counts.has(id))).toEqual([]);
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    }
  }, 60_000);
});

describe('PostgreSQL event store starting beside running ones', () => {
  it('takes no lock on the log once it is in place: a start while an append holds the table neither waits for it nor deadlocks with it', async () => {
    const connectionString = await createTestDatabase('es_start_beside');
    const first = await createPostgresEventStore({ connectionString });
    const appending = new pg.Client({ connectionString });
    await appending.connect();
    await appending.query('BEGIN');
    // What an append in progress holds until it commits.
    await appending.query('LOCK TABLE es.events IN ROW EXCLUSIVE MODE');
    const second = createPostgresEventStore({ connectionString });
    try {
      const started = await Promise.race([second.then(() => 'started'), new Promise((resolve) => setTimeout(resolve, 3_000, 'waiting for the append'))]);
      expect(started).toBe('started');
    } finally {
      await appending.query('ROLLBACK');
      await appending.end();
      await (await second).close();
      await first.close();
    }
  });
});
