import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventStore, NewEvent } from '@tracker/eventstore/port';
import { runWorkers } from './measure.ts';

/** A workload performs `count` operations on `workers` concurrent loops. */
export type Workload = (count: number, workers: number) => Promise<void>;

/** The columns the store's reads select, so the read baseline moves the same bytes. */
const EVENT_COLUMNS = 'position, transaction_id, stream_id, stream_revision, event_id, type, data, metadata, created_at';

export const BASELINE_TABLE = 'bench.events_baseline';

const newGoalStream = (): string => `goal-${randomUUID()}`;

/** Roughly the size and shape of a real domain event, so both sides write comparable rows. */
const sampleEvent = (): NewEvent => ({
  id: randomUUID(),
  type: 'GoalCreated',
  data: { goalId: randomUUID(), title: 'Run a half marathon', description: 'Three runs a week until October', points: 40 },
  metadata: {
    userId: randomUUID(),
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: new Date().toISOString(),
    timezone: 'Europe/Berlin',
    localDate: '2025-06-01',
  },
});

/** A copy of es.events (columns, types, defaults, identity, indexes, constraints) for the baseline. */
export const createBaselineTable = async (pool: pg.Pool): Promise<void> => {
  await pool.query(`CREATE SCHEMA IF NOT EXISTS bench;
    CREATE TABLE ${BASELINE_TABLE} (LIKE es.events INCLUDING ALL)`);
};

/** Empty tables and a fresh checkpoint, so every timed run starts from the same state. */
export const resetTables = async (pool: pg.Pool): Promise<void> => {
  await pool.query(`TRUNCATE es.events, ${BASELINE_TABLE}`);
  await pool.query('CHECKPOINT');
};

export const appendToNewStreams =
  (store: EventStore): Workload =>
  (count, workers) =>
    runWorkers(count, workers, () => async () => {
      await store.append(newGoalStream(), [sampleEvent()], 'no_stream');
    });

interface StreamHead {
  stream: string;
  revision: bigint;
}

/**
 * Streams with one event each, split between the workers: a worker only appends to its own
 * streams, so its expected revisions are always exact and no append is retried.
 */
export const createStreamsPerWorker = async (store: EventStore, workers: number, streamsPerWorker: number): Promise<StreamHead[][]> => {
  const owned: StreamHead[][] = Array.from({ length: workers }, () => []);
  await runWorkers(workers * streamsPerWorker, workers, (worker) => async () => {
    const stream = newGoalStream();
    const { nextRevision } = await store.append(stream, [sampleEvent()], 'no_stream');
    owned[worker]!.push({ stream, revision: nextRevision });
  });
  return owned;
};

export const appendToExistingStreams =
  (store: EventStore, owned: StreamHead[][]): Workload =>
  (count, workers) =>
    runWorkers(count, workers, (worker) => {
      const heads = owned[worker];
      if (!heads || heads.length === 0) throw new Error(`worker ${worker} owns no streams`);
      let turn = 0;
      return async () => {
        const head = heads[turn++ % heads.length]!;
        const { nextRevision } = await store.append(head.stream, [sampleEvent()], head.revision);
        head.revision = nextRevision;
      };
    });

/** The floor under an append: one autocommitted single-row INSERT into an identical table. */
export const insertSingleRows =
  (pool: pg.Pool): Workload =>
  (count, workers) =>
    runWorkers(count, workers, () => async () => {
      const event = sampleEvent();
      await pool.query(
        `INSERT INTO ${BASELINE_TABLE} (stream_id, stream_revision, event_id, type, data, metadata)
         VALUES ($1, 0, $2, $3, $4::jsonb, $5::jsonb)`,
        [newGoalStream(), event.id, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)],
      );
    });

/** Fills the log quickly with multi-event appends of `perAppend` events to new streams. */
export const seedEvents = async (store: EventStore, total: number, workers: number, perAppend: number): Promise<void> => {
  const appends = Math.ceil(total / perAppend);
  await runWorkers(appends, workers, () => async (index) => {
    const size = Math.min(perAppend, total - index * perAppend);
    await store.append(newGoalStream(), Array.from({ length: size }, sampleEvent), 'no_stream');
  });
};

export const countByStoreReadAll = async (store: EventStore, batchSize: number): Promise<number> => {
  let rows = 0;
  for await (const _event of store.readAll('start', batchSize)) rows++;
  return rows;
};

/** The same rows as readAll, paged by plain keyset on the primary key instead of the (xid, position) order. */
export const countByKeysetSelect = async (pool: pg.Pool, pageSize: number): Promise<number> => {
  let rows = 0;
  let after = '0';
  for (;;) {
    const page = await pool.query<{ position: string }>(`SELECT ${EVENT_COLUMNS} FROM es.events WHERE position > $1 ORDER BY position LIMIT $2`, [
      after,
      pageSize,
    ]);
    rows += page.rows.length;
    if (page.rows.length < pageSize) return rows;
    after = page.rows[page.rows.length - 1]!.position;
  }
};
