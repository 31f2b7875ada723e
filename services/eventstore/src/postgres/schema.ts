import type pg from 'pg';

export const EVENTS_CHANNEL = 'es_events';

/** Frozen once landed: the event log's table. Created under an advisory lock so concurrent starts don't race. */
export const ensureEventStoreSchema = async (pool: pg.Pool): Promise<void> => {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7261001)');
    await client.query(`
      CREATE SCHEMA IF NOT EXISTS es;
      CREATE TABLE IF NOT EXISTS es.events (
        position        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id       text NOT NULL,
        stream_revision bigint NOT NULL,
        event_id        uuid NOT NULL UNIQUE,
        type            text NOT NULL,
        data            jsonb NOT NULL,
        metadata        jsonb NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        UNIQUE (stream_id, stream_revision)
      );
      CREATE INDEX IF NOT EXISTS events_global_order ON es.events (transaction_id, position);
    `);
  } finally {
    await client.query('SELECT pg_advisory_unlock(7261001)').catch(() => undefined);
    client.release();
  }
};
