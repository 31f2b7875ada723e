import pg from 'pg';
import { createTestDatabase } from '../testing/test-database.ts';
import { eventStoreConformance } from '../conformance.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';
import { APPEND_LOCK } from './schema.ts';

let url: string;

eventStoreConformance('PostgreSQL', {
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
