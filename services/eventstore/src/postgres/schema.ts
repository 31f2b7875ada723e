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
      -- Added after the first release: rows written before it were all version 1.
      ALTER TABLE es.events ADD COLUMN IF NOT EXISTS schema_version integer NOT NULL DEFAULT 1;
      DROP FUNCTION IF EXISTS es.append_events(text, text, uuid[], text[], jsonb[], jsonb[]);
    `);
    await client.query(APPEND_FUNCTION);
  } finally {
    await client.query('SELECT pg_advisory_unlock(7261001)').catch(() => undefined);
    client.release();
  }
};

/**
 * One append in one round trip: the transaction id is taken first (the transaction stays as short as
 * it can be), then the expected revision is checked and the rows inserted. A retried append is
 * recognised by the unique event id failing the insert, and explained by the caller: probing the ids
 * up front cost a third of the throughput.
 * Subscribers are notified after the commit, by the caller (a NOTIFY inside would serialise commits). Outcomes other than 'appended' are left to the caller to explain.
 */
const APPEND_FUNCTION = `
CREATE OR REPLACE FUNCTION es.append_events(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_versions integer[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (outcome text, revision bigint, transaction_id xid8, last_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_xid xid8 := pg_current_xact_id();
  v_current bigint;
BEGIN
  SELECT max(e.stream_revision) INTO v_current FROM es.events e WHERE e.stream_id = p_stream;
  IF NOT (p_expected = 'any'
          OR (p_expected = 'no_stream' AND v_current IS NULL)
          OR (p_expected = 'stream_exists' AND v_current IS NOT NULL)
          OR (p_expected ~ '^[0-9]+$' AND coalesce(v_current = p_expected::bigint, false))) THEN
    RETURN QUERY SELECT 'wrong_expected_version'::text, v_current, NULL::xid8, NULL::bigint;
    RETURN;
  END IF;
  RETURN QUERY
    WITH inserted AS (
      INSERT INTO es.events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
      SELECT p_stream, coalesce(v_current, -1) + n, i, t, v, d, m
        FROM unnest(p_ids, p_types, p_versions, p_data, p_metadata) WITH ORDINALITY AS u(i, t, v, d, m, n)
      RETURNING stream_revision, position
    )
    SELECT 'appended'::text, max(inserted.stream_revision), v_xid, max(inserted.position) FROM inserted;
END
$fn$;
`;
