import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { WrongExpectedVersion, type AppendResult, type EventMetadata, type EventStore, type NewEvent, type Position, type StoredEvent } from '../port.ts';
import { withCanonicalIds } from '../event-ids.ts';
import { recogniseRetry } from '../retry-rule.ts';
import { comparePgPositions, decodePosition, encodePosition } from './positions.ts';
import { EVENTS_CHANNEL, ensureEventStoreSchema } from './schema.ts';
import { pgConnectionOptions } from '../pg-connection-options.ts';
import { createWakeListener, type WakeListener } from '../pg-listener.ts';
import { runSubscription } from '../subscription-loop.ts';

interface EventRow {
  position: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date;
}

const COLUMNS = 'position, transaction_id, stream_id, stream_revision, event_id, type, schema_version, data, metadata, created_at';
const UNIQUE_VIOLATION = '23505';
const MAX_APPEND_ATTEMPTS = 20;
/** readStreams: streams named per statement, and rows per page. */
const READ_STREAMS_PER_QUERY = 500;
const READ_STREAMS_PAGE = 500;

const toStored = (row: EventRow): StoredEvent => ({
  id: row.event_id,
  type: row.type,
  version: row.schema_version,
  data: row.data,
  metadata: row.metadata,
  stream: row.stream_id,
  revision: BigInt(row.stream_revision),
  position: encodePosition({ transactionId: BigInt(row.transaction_id), position: BigInt(row.position) }),
  createdAt: row.created_at,
});

export interface PostgresEventStoreOptions {
  connectionString: string;
  poolSize?: number;
  /** Fallback poll when no notification arrives (ms). */
  pollIntervalMs?: number;
}

export const createPostgresEventStore = async (options: PostgresEventStoreOptions): Promise<EventStore> => {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    // A session idling inside a transaction would hold the snapshot xmin back and stall subscribers.
    idle_in_transaction_session_timeout: 10_000,
    application_name: 'eventstore',
    // Its statements are named and read one index range whatever the values: planned once. Left to
    // choose, PostgreSQL kept planning the log's fetch afresh on some connections (a custom plan
    // looked cheaper than the generic one after the first five): 0.56 ms planned per 0.47 ms run.
    options: '-c plan_cache_mode=force_generic_plan',
    ...pgConnectionOptions,
  });
  // A dropped connection fails the query using it; it must not also crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  await ensureEventStoreSchema(pool);
  let listener: WakeListener | undefined;
  // This store's own notifications come back to it; its subscribers were already woken (poke) when
  // the append answered, so they do not fetch a second time for them.
  const origin = randomUUID();
  const wakeListener = (): WakeListener => (listener ??= createWakeListener(options.connectionString, EVENTS_CHANNEL, (payload) => payload !== origin));

  // Subscribers learn of new events by NOTIFY, sent after the append committed. Bursts collapse into
  // one notification, and one more is always sent after the last append of a burst.
  let announcing: Promise<void> | undefined;
  let announceAgain = false;
  const announce = (): void => {
    listener?.poke();
    if (announcing) {
      announceAgain = true;
      return;
    }
    announcing = (async () => {
      do {
        announceAgain = false;
        await pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, origin]).catch(() => undefined);
      } while (announceAgain);
      announcing = undefined;
    })();
  };

  const storedByIds = async (ids: string[]): Promise<EventRow[]> =>
    (await pool.query<EventRow>(`SELECT ${COLUMNS} FROM es.events WHERE event_id = ANY($1::uuid[]) ORDER BY stream_revision`, [ids])).rows;

  const appendOnce: EventStore['append'] = async (stream, events, expected) => {
    const ids = events.map((e) => e.id);
    const { rows } = await pool.query<{ outcome: string; revision: string | null; transaction_id: string | null; last_position: string | null }>({
      // Named, so each connection plans it once (prepared): the two statements of every command (this
      // and readStream's) spent more time planned than run (pg_stat_statements at 16 clients).
      name: 'es_append',
      text: 'SELECT * FROM es.append_events($1, $2, $3::uuid[], $4::text[], $5::integer[], $6::jsonb[], $7::jsonb[])',
      values: [
        stream,
        typeof expected === 'bigint' ? expected.toString() : expected,
        ids,
        events.map((e) => e.type),
        events.map((e) => e.version ?? 1),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify(e.metadata)),
      ],
    });
    const result = rows[0]!;
    if (result.outcome === 'appended') {
      announce();
      return {
        nextRevision: BigInt(result.revision!),
        position: encodePosition({ transactionId: BigInt(result.transaction_id!), position: BigInt(result.last_position!) }),
      };
    }
    // The original of a retried append may also have committed between the function's two reads.
    const stored = await storedByIds(ids);
    if (stored.length > 0) return recognisedRetry(stream, events, stored);
    throw new WrongExpectedVersion(stream, expected, result.revision === null ? 'no_stream' : BigInt(result.revision));
  };

  /**
   * The next events below the horizon (the oldest running transaction), and in the same statement
   * whether committed or in-flight events wait beyond it — so a subscriber knows to look again soon
   * without a probe of its own.
   */
  const fetchBatch = async (from: Position | 'start', limit: number): Promise<{ events: StoredEvent[]; heldBack: boolean }> => {
    const { transactionId, position } = decodePosition(from);
    const result = await pool.query<EventRow & { held_back: boolean | null }>({
      // Named, planned once per connection: pg_stat_statements at 16 clients completing habits gave
      // 0.69–0.72 ms per fetch planned each time, 0.29–0.31 ms named (its generic plan reads the same
      // index range; planning had been 0.12–0.15 ms, and the horizon ran faster too).
      name: 'es_fetch',
      text:
        // The horizon as a scalar subquery (an InitPlan parameter), never joined, and "anything beyond
        // it" as the newest transaction id (one index entry): an EXISTS over a join scanned the whole
        // log on every fetch — 30 ms at 160,000 events, paid by every lane for every command.
        `WITH horizon AS MATERIALIZED (SELECT es.horizon() AS xmin)
       (SELECT ${COLUMNS}, NULL::boolean AS held_back FROM es.events
         WHERE transaction_id < (SELECT xmin FROM horizon)
           AND (transaction_id, position) > ($1::text::xid8, $2::bigint)
         ORDER BY transaction_id, position
         LIMIT $3)
       UNION ALL
       SELECT ${COLUMNS.split(', ')
         .map(() => 'NULL')
         .join(', ')},
              coalesce((SELECT transaction_id FROM es.events ORDER BY transaction_id DESC LIMIT 1) >= (SELECT xmin FROM horizon), false)`,
      values: [transactionId < 0n ? '0' : transactionId.toString(), position.toString(), limit],
    });
    const marker = result.rows[result.rows.length - 1];
    return { events: result.rows.slice(0, -1).map(toStored), heldBack: marker?.held_back === true };
  };

  /**
   * Fetches under way, by wake generation, cursor and limit: subscriptions at the same position (the
   * projection lanes and reactors, once caught up) woken by the same append share one statement
   * instead of each sending its own. Only a fetch begun since the latest wake is shared, so a
   * subscription never takes an answer older than the wake it saw.
   */
  const fetching = new Map<string, ReturnType<typeof fetchBatch>>();
  const sharedFetch = (generation: number, from: Position | 'start', limit: number): ReturnType<typeof fetchBatch> => {
    const key = `${generation}|${from}|${limit}`;
    let pending = fetching.get(key);
    if (!pending) {
      pending = fetchBatch(from, limit);
      fetching.set(key, pending);
      const forget = () => {
        if (fetching.get(key) === pending) fetching.delete(key);
      };
      pending.then(forget, forget);
    }
    return pending;
  };

  const store: EventStore = {
    kind: 'postgres',

    async append(stream, given, expected) {
      if (given.length === 0) throw new Error('append needs at least one event');
      const events = withCanonicalIds(given);
      for (let attempt = 1; ; attempt++) {
        try {
          return await appendOnce(stream, events, expected);
        } catch (error) {
          if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
          // Either these event ids are stored (a retried append: answer as the first time did) or a
          // concurrent writer took the same revision (decide again on fresh state).
          const stored = await storedByIds(events.map((e) => e.id));
          if (stored.length > 0) return recognisedRetry(stream, events, stored);
          if (attempt >= MAX_APPEND_ATTEMPTS) throw error;
        }
      }
    },

    async *readStream(stream, options) {
      let after = (options?.fromRevision ?? 0n) - 1n;
      for (;;) {
        const result = await pool.query<EventRow>({
          name: 'es_read_stream',
          text: `SELECT ${COLUMNS} FROM es.events WHERE stream_id = $1 AND stream_revision > $2 ORDER BY stream_revision LIMIT 500`,
          values: [stream, after.toString()],
        });
        for (const row of result.rows) yield toStored(row);
        if (result.rows.length < 500) return;
        after = BigInt(result.rows[result.rows.length - 1]!.stream_revision);
      }
    },

    async *readStreams(streams) {
      // Keyset pages over (stream_id, stream_revision), the unique index, for a few hundred streams at a time.
      const names = [...new Set(streams)].sort();
      for (let from = 0; from < names.length; from += READ_STREAMS_PER_QUERY) {
        const chunk = names.slice(from, from + READ_STREAMS_PER_QUERY);
        let after: [string, string] = ['', '-1'];
        for (;;) {
          const result = await pool.query<EventRow>(
            `SELECT ${COLUMNS} FROM es.events WHERE stream_id = ANY($1::text[]) AND (stream_id, stream_revision) > ($2, $3::bigint)
              ORDER BY stream_id, stream_revision LIMIT ${READ_STREAMS_PAGE}`,
            [chunk, ...after],
          );
          for (const row of result.rows) yield toStored(row);
          if (result.rows.length < READ_STREAMS_PAGE) break;
          const last = result.rows[result.rows.length - 1]!;
          after = [last.stream_id, String(last.stream_revision)];
        }
      }
    },

    async *readAll(from, batchSize = 500) {
      let cursor = from;
      for (;;) {
        const { events: batch } = await fetchBatch(cursor, batchSize);
        yield* batch;
        if (batch.length < batchSize) return;
        cursor = batch[batch.length - 1]!.position;
      }
    },

    subscribe(from, onBatch, subscribeOptions = {}) {
      const wake = wakeListener();
      const pollMs = options.pollIntervalMs ?? 1000;
      let seen = wake.generation();
      // Events wait beyond the horizon: the older transaction holding it usually wakes us when it
      // commits (an append notifies); in case it is not an append, look again soon, backing off.
      let heldBackRounds = 0;
      return runSubscription({
        from,
        batchSize: subscribeOptions.batchSize ?? 500,
        lingerMs: subscribeOptions.lingerMs,
        fetchBatch: async (cursor, limit) => {
          seen = wake.generation();
          const { events, heldBack } = await sharedFetch(seen, cursor, limit);
          heldBackRounds = heldBack ? heldBackRounds + 1 : 0;
          // Each subscription its own array: the events themselves are never changed by a reader.
          return [...events];
        },
        onBatch,
        onError: subscribeOptions.onError,
        waitForMore: (signal) => wake.wait(seen, heldBackRounds > 0 ? Math.min(5 * 2 ** heldBackRounds, pollMs) : pollMs, signal),
      });
    },

    comparePositions: comparePgPositions,

    async approximateCount() {
      const result = await pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events');
      return Number(result.rows[0]?.n ?? 0);
    },

    async headPosition() {
      const result = await pool.query<{ transaction_id: string; position: string }>(
        `WITH horizon AS MATERIALIZED (SELECT es.horizon() AS xmin)
         SELECT transaction_id, position FROM es.events, horizon
          WHERE transaction_id < horizon.xmin
          ORDER BY transaction_id DESC, position DESC LIMIT 1`,
      );
      const row = result.rows[0];
      return row ? encodePosition({ transactionId: BigInt(row.transaction_id), position: BigInt(row.position) }) : 'start';
    },

    async close() {
      await announcing;
      await listener?.close();
      await pool.end();
    },
  };
  return store;
};

/** Re-appending ids already stored returns the original result, provided it is the same append (retry-rule.ts). */
const recognisedRetry = (stream: string, events: NewEvent[], rows: EventRow[]): AppendResult => {
  const last = recogniseRetry(stream, events, rows.map(toStored))!;
  return { nextRevision: last.revision, position: last.position };
};
