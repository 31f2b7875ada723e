import type pg from 'pg';

export const EVENTS_CHANNEL = 'es_events';

/**
 * Whether the event log's table already has the shape below, read from the catalogue without locking
 * it. Even the IF NOT EXISTS forms lock the table before they look (CREATE INDEX takes SHARE, ALTER
 * TABLE ACCESS EXCLUSIVE): a process starting beside others that append (a rolling restart) then
 * deadlocked with an append holding ACCESS SHARE and waiting for ROW EXCLUSIVE, and failed its start.
 */
const TABLE_IS_CURRENT = `
  SELECT to_regclass('es.events_global_order') IS NOT NULL
     AND EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('es.events') AND attname = 'schema_version' AND NOT attisdropped)
     AND to_regprocedure('es.append_events(text, text, uuid[], text[], jsonb[], jsonb[])') IS NULL AS current`;

/** Frozen once landed: the event log's table. Created under an advisory lock so concurrent starts don't race. */
export const ensureEventStoreSchema = async (pool: pg.Pool): Promise<void> => {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7261001)');
    const { rows } = await client.query<{ current: boolean }>(TABLE_IS_CURRENT);
    if (!rows[0]?.current)
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
    await client.query(HORIZON_FUNCTION);
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
 * Subscribers are notified after the commit, by the caller, in a statement of its own: a NOTIFY inside
 * holds PostgreSQL's notification lock from before the commit is flushed to after, so concurrent
 * appends commit one at a time (16 clients appending one event each: 892–1,154 appends/s with
 * pg_notify inside this function, 1,455–2,065 with it after, three interleaved rounds), and each
 * append would be a notification of its own instead of a burst collapsing into one (1,600 against
 * 192–270 in those rounds). Outcomes other than 'appended' are left to the caller to explain.
 */
/** Held (shared, for the transaction) by every append: how readers tell appends from other writers. */
export const APPEND_LOCK = 7261002;

/**
 * Readers take events below the oldest transaction that may still append: a transaction in progress
 * counts unless it is positively known not to be an append (its id's lock is held by a session that
 * does not hold APPEND_LOCK). Other writers on this cluster — projection batches, reactors, rate
 * limits — then never hold events back from subscribers, however long they take. A transaction that
 * ends between the snapshot and the look at pg_locks counts (it might have been an append).
 * STABLE: it sees the snapshot of the statement that calls it (a VOLATILE function would take a newer
 * one, and an append committing in between would sit below the horizon yet be invisible to the read).
 * pg_locks is read once: read twice, an append could show its transaction lock in the first read and
 * be gone from the second, and be taken for a non-append.
 */
const HORIZON_FUNCTION = `
CREATE OR REPLACE FUNCTION es.horizon() RETURNS xid8 LANGUAGE sql STABLE AS $fn$
  WITH snapshot AS (SELECT pg_current_snapshot() AS s),
  locks AS MATERIALIZED (SELECT * FROM pg_locks WHERE granted AND locktype IN ('transactionid', 'advisory')),
  not_appending AS (
    SELECT t.transactionid::text::bigint AS xid32
      FROM locks t
     WHERE t.locktype = 'transactionid' AND t.mode = 'ExclusiveLock'
       AND NOT EXISTS (SELECT 1 FROM locks a
                        WHERE a.pid = t.pid AND a.locktype = 'advisory'
                          AND a.classid = 0 AND a.objid = ${APPEND_LOCK} AND a.objsubid = 1)
  )
  SELECT coalesce(min(x), pg_snapshot_xmax((SELECT s FROM snapshot)))
    FROM snapshot, pg_snapshot_xip(snapshot.s) AS x
   WHERE (x::text::numeric % 4294967296)::bigint NOT IN (SELECT xid32 FROM not_appending)
$fn$;
`;

const APPEND_FUNCTION = `
CREATE OR REPLACE FUNCTION es.append_events(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_versions integer[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (outcome text, revision bigint, transaction_id xid8, last_position bigint)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_xid xid8;
  v_current bigint;
BEGIN
  -- Readers' horizon counts only transactions that may append (es.horizon()): announce this one
  -- before it has a transaction id, and refuse to join a transaction that already had one.
  IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
    RAISE EXCEPTION 'es.append_events must run in a transaction of its own';
  END IF;
  PERFORM pg_advisory_xact_lock_shared(${APPEND_LOCK});
  v_xid := pg_current_xact_id();
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
