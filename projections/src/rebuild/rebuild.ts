import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { EventStore, Position, StoredEvent } from '@tracker/eventstore/port';
import { advanceCheckpoints, holdSchemaForSwap, partitionCheckpointNames, readCheckpoints, type Checkpoint } from '../checkpoints.ts';
import { createReadModelDb, type ReadModelDbHandle, type ReadModels } from '../db.ts';
import { allProjectors, tablesKeptByTriggers } from '../features.ts';
import { migrateReadModels } from '../migrate.ts';
import { toProjectedEvent } from '../projected-event.ts';
import { balancedHalves } from './balanced-halves.ts';
import { handlesEvent, type ProjectedEvent, type Projector } from '../projector.ts';
import { PROGRESS_CHANNEL } from '../runner.ts';
import { bumpReadEpoch } from '../read-versions.ts';
import { appendOnlyTables, checkOwnedTables, ownedTables } from './owned-tables.ts';

export interface RebuildProgress {
  phase: 'replay' | 'catch-up' | 'swap' | 'done';
  /** Events read from the log so far (every event, whether a projector handles it or not). */
  events: number;
  /** How many the log held when the replay began, when the store can tell cheaply. */
  total?: number | undefined;
  elapsedMs: number;
}

export interface RebuildOptions {
  connectionString: string;
  store: EventStore;
  /** The live read-model schema (default `rm`). */
  schema?: string;
  /** Every projector of the read side (default: the features'). */
  projectors?: readonly Projector[];
  /** Rebuild only this projector's tables; the others are left as they are. */
  only?: string | undefined;
  /** Events per transaction while replaying (default 10,000). */
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Tests: called once the fresh schema has replayed the log, before catching up and swapping. */
  beforeSwap?: () => Promise<void>;
}

export interface RebuildResult {
  projectors: string[];
  tables: string[];
  events: number;
  position: Checkpoint;
  elapsedMs: number;
}

/** Another rebuild of the same schema holds the rebuild lock. */
export class RebuildRunning extends Error {
  constructor(schema: string) {
    super(`Another rebuild of ${schema} is running`);
    this.name = 'RebuildRunning';
  }
}

/** A catch-up pass that reads fewer events than this is followed by the swap. */
const SMALL_CATCH_UP = 1_000;
const MAX_CATCH_UP_PASSES = 20;
/** How long the swap waits for batches in flight before it gives up (and is tried again). */
const SWAP_LOCK_TIMEOUT = '5s';
/** How often the swap tries to take every live table at once, and the pause between two tries. */
const SWAP_TABLE_LOCK_ATTEMPTS = 400;
const SWAP_TABLE_LOCK_PAUSE_MS = 25;
const SWAP_ATTEMPTS = 5;

/** Events read from the log, and those the selected projectors handle, decoded. */
interface ReadBatch {
  batch: StoredEvent[];
  events: ProjectedEvent[];
}

const rebuildLockKey = (schema: string): string => `read-model-rebuild:${schema}`;

/**
 * Applies events to projectors in log order, each projector's in one call when it takes batches;
 * `took` hears how long each projector's part took (ms).
 */
const applyEvents = async (
  trx: Transaction<ReadModels>,
  projectors: readonly Projector[],
  events: readonly ProjectedEvent[],
  took?: (projector: string, ms: number) => void,
): Promise<void> => {
  for (const projector of projectors) {
    const mine = events.filter((event) => handlesEvent(projector, event.type));
    if (mine.length === 0) continue;
    const started = performance.now();
    try {
      if (projector.applyBatch) await projector.applyBatch(trx, mine);
      else for (const event of mine) await projector.apply(trx, event);
    } catch (error) {
      throw new Error(`${projector.name} failed in the batch starting at ${mine[0]!.type} (${mine[0]!.position})`, { cause: error });
    }
    took?.(projector.name, performance.now() - started);
  }
};

/**
 * Rebuilds read models from the log without stopping anything: replays it from the start into a
 * fresh schema (`<schema>_rebuild_<ms>`, migrated with the same migrations), catches up with what
 * was appended meanwhile, then swaps the rebuilt tables in, in one transaction that holds the lock
 * every live lane batch takes first (`inBatchTransaction`), applies the last events, moves the old
 * tables out and the new ones in, and sets the projectors' checkpoints to where the rebuild stopped.
 * Queries read the old tables until that commit and the new ones after it; a live lane that was
 * ahead of nothing simply goes on from the rebuilt checkpoint (its compare-and-set sees the move).
 */
export const rebuildReadModels = async (options: RebuildOptions): Promise<RebuildResult> => {
  const { store, connectionString } = options;
  const schema = options.schema ?? 'rm';
  const every = options.projectors ?? allProjectors;
  const started = Date.now();
  const selected = selectProjectors(every, options.only);
  const names = selected.map((p) => p.name);

  const admin = new pg.Client({ connectionString, application_name: 'read-model-rebuild' });
  admin.on('error', () => undefined);
  await admin.connect();
  let live: ReadModelDbHandle | undefined;
  let fresh: ReadModelDbHandle | undefined;
  const freshSchema = `${schema}_rebuild_${Date.now()}`;
  const oldSchema = `${schema}_old_${Date.now()}`;
  try {
    await takeRebuildLock(admin, schema);
    live = createReadModelDb(connectionString, schema, 2);
    fresh = createReadModelDb(connectionString, freshSchema, 2);
    const tables = await prepareFreshSchema(admin, { live, fresh, every, selected, only: options.only });

    const total = await store.approximateCount?.();
    let phase: RebuildProgress['phase'] = 'replay';
    const report = (): void => options.onProgress?.({ phase, events: replay.events, total, elapsedMs: Date.now() - started });
    const replay = createReplay({ store, db: fresh, selected, batchSize: options.batchSize ?? 10_000, onBatch: () => report() });

    report();
    await replayInBulk(admin, connectionString, freshSchema, tables, () => replay.pass());
    phase = 'catch-up';
    report();
    await catchUp(replay);
    await options.beforeSwap?.();
    await catchUp(replay);

    phase = 'swap';
    report();
    await swapIn({ store, fresh, schema, oldSchema, tables, names, replay });
    phase = 'done';
    report();
    return { projectors: names, tables, events: replay.events, position: replay.position, elapsedMs: Date.now() - started };
  } finally {
    await fresh?.destroy();
    await live?.destroy();
    // The old tables go once the queries still reading them are done (DROP waits for them).
    for (const name of [oldSchema, freshSchema]) await admin.query(`DROP SCHEMA IF EXISTS ${admin.escapeIdentifier(name)} CASCADE`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
};

/** The projectors to rebuild: all of them, or the one named `only`. */
const selectProjectors = (every: readonly Projector[], only: string | undefined): Projector[] => {
  const selected = only === undefined ? [...every] : every.filter((p) => p.name === only);
  if (selected.length === 0) {
    throw new Error(`Unknown projection ${only}; the projections are ${every.map((p) => p.name).join(', ')}`);
  }
  return selected;
};

/** One rebuild of a schema at a time; what a killed one left behind is dropped. */
const takeRebuildLock = async (admin: pg.Client, schema: string): Promise<void> => {
  const { rows } = await admin.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [rebuildLockKey(schema)]);
  if (!rows[0]?.locked) throw new RebuildRunning(schema);
  // Left by a rebuild that was killed: nobody else can be using them while we hold the lock.
  const stale = await admin.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE $1 || '\\_rebuild\\_%' OR nspname LIKE $1 || '\\_old\\_%'`,
    [schema],
  );
  for (const { name } of stale.rows) await admin.query(`DROP SCHEMA ${admin.escapeIdentifier(name)} CASCADE`);
};

/**
 * Both schemas migrated to this code's migrations (the live one as the app does at start), refused
 * when the live one has migrations this code lacks; with `only`, the other projectors' tables copied
 * into the fresh schema. Answers the tables the rebuild writes and swaps.
 */
const prepareFreshSchema = async (
  admin: pg.Client,
  {
    live,
    fresh,
    every,
    selected,
    only,
  }: { live: ReadModelDbHandle; fresh: ReadModelDbHandle; every: readonly Projector[]; selected: readonly Projector[]; only: string | undefined },
): Promise<string[]> => {
  const [schema, freshSchema] = [live.schema, fresh.schema];
  await migrateReadModels(live);
  await migrateReadModels(fresh);
  const migrations = async (name: string) =>
    (await admin.query<{ name: string }>(`SELECT name FROM ${admin.escapeIdentifier(name)}.kysely_migration ORDER BY name`)).rows.map((r) => r.name);
  const [liveMigrations, freshMigrations] = [await migrations(schema), await migrations(freshSchema)];
  if (liveMigrations.join() !== freshMigrations.join()) {
    throw new Error(
      `${schema} has migrations this code does not (${liveMigrations.filter((m) => !freshMigrations.includes(m)).join(', ')}): rebuild with the newer code`,
    );
  }
  const freshTables = (await admin.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = $1', [freshSchema])).rows.map(
    (r) => r.name,
  );
  checkOwnedTables(
    freshTables,
    every.map((p) => p.name),
  );
  const names = selected.map((p) => p.name);
  if (only !== undefined) {
    const quoted = (table: string): string => `${admin.escapeIdentifier(freshSchema)}.${admin.escapeIdentifier(table)}`;
    // What the selected projector does not write, as it stands now: the context its tables'
    // triggers may read (a user's time zone). Copied, never swapped; dropped with the fresh schema.
    const others = Object.entries(ownedTables)
      .filter(([projector]) => !names.includes(projector))
      .flatMap(([, owned]) => owned)
      .filter((table) => freshTables.includes(table));
    // Row for row, triggers off: tables their triggers keep are copied too.
    for (const table of others) {
      await admin.query(`ALTER TABLE ${quoted(table)} DISABLE TRIGGER USER`);
      await admin.query(`INSERT INTO ${quoted(table)} SELECT * FROM ${admin.escapeIdentifier(schema)}.${admin.escapeIdentifier(table)}`);
      await admin.query(`ALTER TABLE ${quoted(table)} ENABLE TRIGGER USER`);
    }
  }
  return selected.flatMap((p) => ownedTables[p.name] ?? []).filter((table) => freshTables.includes(table));
};

/** Passes over the log into the fresh schema; where they stand (`position`, `events` read). */
interface Replay {
  readonly position: Checkpoint;
  readonly events: number;
  /**
   * One pass over the log from `position` to the end as it stands: each batch in a transaction of
   * its own, or all in `within`. Answers how many events it read.
   */
  pass(within?: Transaction<ReadModels>): Promise<number>;
  /** Back to where it stood (a pass inside a transaction that rolled back). */
  restore(at: { position: Checkpoint; events: number }): void;
}

const createReplay = ({
  store,
  db,
  selected,
  batchSize,
  onBatch,
}: {
  store: EventStore;
  db: ReadModelDbHandle;
  selected: readonly Projector[];
  batchSize: number;
  onBatch: () => void;
}): Replay => {
  /** Milliseconds each projector took so far. */
  const cost = new Map<string, number>();
  let position: Checkpoint = 'start';
  let events = 0;

  /**
   * A batch as a live lane applies it: each projector's events in log order, one transaction with
   * their checkpoints — `within` the swap's, or two at once: the projectors shared between them by
   * what they took so far, so that while PostgreSQL runs one's statement this process builds the
   * other's (each projector keeps to its own tables; each transaction moves its projectors'
   * checkpoints). One transaction per projector, all at once, measured slower: the work is CPU.
   */
  const applyBatch = async ({ batch, events: decoded }: ReadBatch, within?: Transaction<ReadModels>): Promise<void> => {
    const next = batch[batch.length - 1]!.position;
    const apply = async (trx: Transaction<ReadModels>, projectors: readonly Projector[]): Promise<void> => {
      await applyEvents(trx, projectors, decoded, (name, ms) => cost.set(name, (cost.get(name) ?? 0) + ms));
      await advanceCheckpoints(
        trx,
        db.schema,
        projectors.map(({ name }) => ({ name, previous: position })),
        next,
      );
    };
    if (within) return apply(within, selected);
    await Promise.all(balancedHalves(selected, cost).map((half) => db.db.transaction().execute((trx) => apply(trx, half))));
  };

  const pass = async (within?: Transaction<ReadModels>): Promise<number> => {
    const iterator = store.readAll(position, batchSize)[Symbol.asyncIterator]();
    // Read and decoded while the batch before is applied: the decoding overlaps PostgreSQL's work.
    const readBatch = async (): Promise<ReadBatch> => {
      const batch: StoredEvent[] = [];
      while (batch.length < batchSize) {
        const next = await iterator.next();
        if (next.done) break;
        batch.push(next.value);
      }
      return { batch, events: batch.filter((stored) => selected.some((p) => handlesEvent(p, stored.type))).map(toProjectedEvent) };
    };
    let read = 0;
    let pending = readBatch();
    try {
      for (;;) {
        const next = await pending;
        const { batch } = next;
        if (batch.length === 0) return read;
        pending = readBatch();
        await applyBatch(next, within);
        position = batch[batch.length - 1]!.position;
        read += batch.length;
        events += batch.length;
        onBatch();
      }
    } finally {
      // A failed apply leaves a read in flight: let it settle, unobserved.
      pending.catch(() => undefined);
    }
  };

  return {
    get position() {
      return position;
    },
    get events() {
      return events;
    },
    pass,
    restore(at) {
      ({ position, events } = at);
    },
  };
};

/**
 * The first pass, over the whole log, with the fresh tables set up for bulk writing. Nothing of the
 * fresh schema survives a crash anyway (the rebuild starts over): no WAL while replaying, no
 * autovacuum competing with it. Logged and analysed before it serves queries.
 */
const replayInBulk = async (
  admin: pg.Client,
  connectionString: string,
  schema: string,
  tables: readonly string[],
  pass: () => Promise<number>,
): Promise<void> => {
  const quoted = (table: string): string => `${admin.escapeIdentifier(schema)}.${admin.escapeIdentifier(table)}`;
  for (const table of tables) await admin.query(`ALTER TABLE ${quoted(table)} SET UNLOGGED, SET (autovacuum_enabled = false)`);
  // Tables kept by triggers (the dashboard's per-day sums) are filled once after the replay, not
  // once per statement of it: the triggers are off while replaying.
  const triggered = await triggeredTables(admin, schema, tables);
  for (const table of triggered) await admin.query(`ALTER TABLE ${quoted(table)} DISABLE TRIGGER USER`);
  const queryIndexes = await secondaryIndexes(
    admin,
    schema,
    tables.filter((table) => appendOnlyTables.includes(table)),
  );
  for (const { name } of queryIndexes) await admin.query(`DROP INDEX ${admin.escapeIdentifier(schema)}.${admin.escapeIdentifier(name)}`);
  await pass();
  // What follows works on one table at a time, each on its own: two at once, one per core (the
  // indexes and the per-day sums, then each table logged and analysed, largest first).
  await Promise.all([
    onConnections(
      connectionString,
      1,
      queryIndexes.map(
        ({ definition }) =>
          (client) =>
            client.query(definition),
      ),
    ),
    refill(admin, schema, triggered),
  ]);
  const largestFirst = await admin.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = ANY($2::text[]) ORDER BY pg_total_relation_size(c.oid) DESC`,
    [schema, [...tables]],
  );
  await onConnections(
    connectionString,
    LOGGING_CONNECTIONS,
    largestFirst.rows.map(({ name }) => async (client) => {
      await client.query(`ALTER TABLE ${quoted(name)} SET LOGGED, RESET (autovacuum_enabled)`);
      await client.query(`ANALYZE ${quoted(name)}`);
    }),
  );
};

/** Connections that log and analyse the replayed tables at once (the machine this was measured on has two cores). */
const LOGGING_CONNECTIONS = 2;

/** Runs `jobs` on `count` connections of their own, each taking the next job when done with one. */
const onConnections = async (connectionString: string, count: number, jobs: ReadonlyArray<(client: pg.Client) => Promise<unknown>>): Promise<void> => {
  if (jobs.length === 0) return;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, jobs.length) }, async () => {
      const client = new pg.Client({ connectionString, application_name: 'read-model-rebuild' });
      client.on('error', () => undefined);
      await client.connect();
      try {
        while (next < jobs.length) await jobs[next++]!(client);
      } finally {
        await client.end().catch(() => undefined);
      }
    }),
  );
};

/** Passes until one reads only a little (what the swap will then apply under its lock). */
const catchUp = async (replay: Replay): Promise<void> => {
  for (let round = 0; round < MAX_CATCH_UP_PASSES; round++) if ((await replay.pass()) < SMALL_CATCH_UP) break;
};

/**
 * The swap: one transaction that holds the live schema against lane batches, applies the last
 * events, moves the live tables out and the rebuilt ones in and sets the checkpoints. Tried again
 * while a table is busy or a lane batch holds the lock too long.
 */
const swapIn = async ({
  store,
  fresh,
  schema,
  oldSchema,
  tables,
  names,
  replay,
}: {
  store: EventStore;
  fresh: ReadModelDbHandle;
  schema: string;
  oldSchema: string;
  tables: readonly string[];
  names: readonly string[];
  replay: Replay;
}): Promise<void> => {
  let busy = 0;
  let timedOut = 0;
  for (;;) {
    const before = { position: replay.position, events: replay.events };
    try {
      await fresh.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = ${sql.lit(SWAP_LOCK_TIMEOUT)}`.execute(trx);
        // From here no live batch runs on the schema until the commit: what the rebuild reads now
        // reaches at least as far as every live checkpoint.
        await holdSchemaForSwap(trx, schema);
        await replay.pass(trx);
        // Live lanes keep a checkpoint per partition: the rebuild replayed every user, so all of them.
        const partitionNames = names.flatMap(partitionCheckpointNames);
        const liveCheckpoints = await readCheckpoints(trx, schema, partitionNames);
        for (const [name, at] of liveCheckpoints) {
          if (store.comparePositions(at, replay.position) > 0) throw new Error(`${name} is live at ${at}, past the rebuild's ${replay.position}`);
        }
        // Every live table at once, without waiting: a swap that waited for one table while holding
        // another could deadlock with a query reading both, and PostgreSQL might abort the query. Now
        // queries wait for the swap (a few ALTERs), and the swap never waits for them: busy, it rolls
        // back and tries again a moment later.
        await sql`LOCK TABLE ${sql.join(tables.map((table) => sql.id(schema, table)))} IN ACCESS EXCLUSIVE MODE NOWAIT`.execute(trx);
        await sql`CREATE SCHEMA ${sql.id(oldSchema)}`.execute(trx);
        for (const table of tables) {
          await sql`ALTER TABLE ${sql.id(schema, table)} SET SCHEMA ${sql.id(oldSchema)}`.execute(trx);
          await sql`ALTER TABLE ${sql.id(fresh.schema, table)} SET SCHEMA ${sql.id(schema)}`.execute(trx);
        }
        await setCheckpoints(trx, schema, partitionNames, replay.position);
        // Every answer kept from the tables swapped out is stale with them.
        await bumpReadEpoch(trx);
      });
      return;
    } catch (error) {
      // Rolled back: the fresh schema is as it was before the attempt.
      replay.restore(before);
      if (!isLockTimeout(error)) throw error;
      if (isBusyTable(error) ? ++busy >= SWAP_TABLE_LOCK_ATTEMPTS : ++timedOut >= SWAP_ATTEMPTS) throw error;
      if (isBusyTable(error)) await new Promise((resolve) => setTimeout(resolve, SWAP_TABLE_LOCK_PAUSE_MS * (0.5 + Math.random())));
    }
  }
};

/** The indexes of `tables` that enforce nothing (not unique, not a primary key), with how to build them again. */
const secondaryIndexes = async (admin: pg.Client, schema: string, tables: readonly string[]): Promise<Array<{ name: string; definition: string }>> => {
  const { rows } = await admin.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 AND t.relname = ANY($2::text[]) AND NOT i.indisunique AND NOT i.indisprimary`,
    [schema, [...tables]],
  );
  return rows;
};

/** Which of `tables` carry triggers of their own (not constraints'), in the order given. */
const triggeredTables = async (admin: pg.Client, schema: string, tables: readonly string[]): Promise<string[]> => {
  const { rows } = await admin.query<{ name: string }>(
    `SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND NOT t.tgisinternal`,
    [schema],
  );
  return tables.filter((table) => rows.some((r) => r.name === table));
};

/**
 * The tables kept by the triggers of `triggered` (the dashboard's per-day sums), after a replay with
 * those triggers off: each summed once from scratch by its feature's `fill` (one statement per table),
 * with the triggers back on, in one transaction. Writing the replayed rows again with the triggers on
 * instead, as before, took 11.1 s of a 1,014,597-event rebuild's 80 s.
 */
const refill = async (admin: pg.Client, schema: string, triggered: readonly string[]): Promise<void> => {
  // A table's sources not replayed here (a rebuild of one projector) were copied into the schema.
  const kept = Object.values(tablesKeptByTriggers).filter((table) => table.on.some((source) => triggered.includes(source)));
  await admin.query('BEGIN');
  try {
    for (const table of triggered) await admin.query(`ALTER TABLE ${admin.escapeIdentifier(schema)}.${admin.escapeIdentifier(table)} ENABLE TRIGGER USER`);
    for (const table of kept) await admin.query(table.fill(schema));
    await admin.query('COMMIT');
  } catch (error) {
    await admin.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
};

const isLockTimeout = (error: unknown): boolean => (error as { code?: string } | undefined)?.code === '55P03';
/** NOWAIT's refusal (lock_timeout's says 'canceling statement due to lock timeout'). */
const isBusyTable = (error: unknown): boolean => isLockTimeout(error) && /could not obtain lock/.test((error as { message?: string }).message ?? '');

/** The rebuilt projectors' checkpoints, and the progress announcement read-your-writes listens to, with the swap. */
const setCheckpoints = async (trx: Transaction<ReadModels>, schema: string, names: readonly string[], position: Checkpoint): Promise<void> => {
  const table = sql.table(`${schema}.projection_checkpoints`);
  if (position === 'start') {
    await sql`DELETE FROM ${table} WHERE name = ANY(${[...names]}::text[])`.execute(trx);
    return;
  }
  const payload = JSON.stringify({ schema, position: position satisfies Position, names });
  await sql`
    INSERT INTO ${table} (name, position, updated_at)
    SELECT name, ${position}, now() FROM unnest(${[...names]}::text[]) AS n(name)
    ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`.execute(trx);
  await sql`SELECT pg_notify(${PROGRESS_CHANNEL}, ${payload})`.execute(trx);
};
