import { CompiledQuery, sql, type Kysely, type QueryExecutorProvider, type Transaction } from 'kysely';
import pg from 'pg';
import type { Position } from '@tracker/eventstore/port';
import { named } from './db.ts';
import { bumpReadVersionsStatement } from './read-versions.ts';

export type Checkpoint = Position | 'start';

/**
 * Every lane is split by user into this many partitions, each with its own lock and its own
 * checkpoint per member (`<member>/<partition>`), so several workers share a lane. Four: two workers
 * (what one machine like ours runs) take two each, four take one, one takes all; a member applies a
 * user's events in log order, and no read model keeps a row that two users write. Changing it is a
 * migration of the checkpoints (2026-11-27-0013 carried one lane checkpoint over to these four).
 */
export const PARTITIONS = 4;

/** The checkpoint row of one member in one partition. */
export const checkpointName = (member: string, partition: number): string => `${member}/${partition}`;

/** The checkpoint rows of a member, one per partition. */
export const partitionCheckpointNames = (member: string): string[] => Array.from({ length: PARTITIONS }, (_, p) => checkpointName(member, p));

/** The member a checkpoint row belongs to (a notification names rows). */
export const memberOfCheckpoint = (name: string): string => name.replace(/\/\d+$/, '');

/**
 * The partition of a user: FNV-1a over the id with a final mix (FNV's low bits alone follow the
 * characters' low bits), modulo PARTITIONS. Stable across processes and releases. An event without
 * a user (none today: every event's metadata names one, the anonymous id for a reset asked) is in 0.
 */
export const partitionOf = (userId: string | undefined): number => {
  if (userId === undefined) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return ((hash ^ (hash >>> 16)) >>> 0) % PARTITIONS;
};

/**
 * Checkpoints live in `<schema>.projection_checkpoints` of the schema a lane writes to (read models,
 * or operational state for reactors). Plain SQL over any Kysely of that schema, whatever its tables.
 */
const table = (schema: string) => sql.table(`${schema}.projection_checkpoints`);

// Positions are written only by the runner, from positions the store issued.
const asCheckpoint = (text: string): Checkpoint => text as Checkpoint;

/** The checkpoints of `names` ('start' for one that has none yet), in one query. */
export const readCheckpoints = async (db: QueryExecutorProvider, schema: string, names: readonly string[]): Promise<Map<string, Checkpoint>> => {
  const { rows } =
    names.length === 0
      ? { rows: [] }
      : await sql<{ name: string; position: string }>`SELECT name, position FROM ${table(schema)} WHERE name = ANY(${[...names]}::text[])`.execute(db);
  const found = new Map(rows.map((row) => [row.name, asCheckpoint(row.position)]));
  return new Map(names.map((name) => [name, found.get(name) ?? 'start']));
};

export const readCheckpoint = async (db: QueryExecutorProvider, schema: string, name: string): Promise<Checkpoint> =>
  (await readCheckpoints(db, schema, [name])).get(name)!;

export class CheckpointMoved extends Error {
  constructor(readonly projectors: readonly string[]) {
    super(`Checkpoint of ${projectors.join(', ')} moved underneath this runner`);
    this.name = 'CheckpointMoved';
  }
}

/** The schema's compare-and-set function (migration 2026-11-27-0020), the one home of its SQL. */
const advanceFunction = (schema: string): string => `"${schema.replaceAll('"', '""')}".advance_checkpoints`;

/** What the schema's advance_checkpoints raises when a checkpoint is not where the caller left it. */
const CHECKPOINT_MOVED = 'T0001';

const movedUnderneath = (error: unknown, names: readonly string[]): unknown =>
  (error as { code?: unknown }).code === CHECKPOINT_MOVED ? new CheckpointMoved(names) : error;

/**
 * Compare-and-set, for any number of projectors in one statement: each checkpoint moves from its
 * `previous` to `next`, or the transaction fails — a batch applied by someone else in the meantime
 * is never applied a second time. Inside a transaction the caller commits (the rebuild's); a lane's
 * batch moves its checkpoints with its COMMIT instead (`inBatchTransaction`).
 */
export const advanceCheckpoints = async (
  trx: QueryExecutorProvider,
  schema: string,
  moves: ReadonlyArray<{ name: string; previous: Checkpoint }>,
  next: Position,
  /** A notification sent with the move (delivered only if the transaction commits), in the same statement. */
  announce?: { channel: string; payload: string },
): Promise<void> => {
  if (moves.length === 0) return;
  const names = moves.map((m) => m.name);
  const previous = moves.map((m) => m.previous);
  const query = sql`SELECT ${sql.raw(advanceFunction(schema))}(${names}::text[], ${previous}::text[], ${next}, ${announce?.channel ?? null}, ${announce?.payload ?? null})`;
  // Named, planned once per connection (pg_stat_statements at 16 clients: 0.13–0.17 ms planned
  // against 0.09 ms run, for every batch of every lane).
  await trx
    .getExecutor()
    .executeQuery(named('advance_checkpoints', query.compile(trx)))
    .catch((error: unknown) => {
      throw movedUnderneath(error, names);
    });
};

const swapLockKey = (schema: string) => `read-model-swap:${schema}`;

/** What a batch's transaction moves as it commits: its checkpoints, compared and set, and the notification sent with them. */
export interface CheckpointCommit {
  moves: ReadonlyArray<{ name: string; previous: Checkpoint }>;
  next: Position;
  announce?: { channel: string; payload: string } | undefined;
  /** The users whose rows the batch wrote, and its lane: their read versions move with the commit (read-versions.ts). */
  readVersions?: { lane: string; users: readonly string[] } | undefined;
}

const textArray = (values: readonly string[]): string => `ARRAY[${values.map((value) => pg.escapeLiteral(value)).join(', ')}]::text[]`;

/**
 * The compare-and-set and the COMMIT in one string, one round trip (migration 2026-11-27-0020): the
 * values go in as literals, since only statements without parameters share a string (pg's simple
 * protocol). The function raises when a checkpoint moved, and the COMMIT after it does not run.
 */
const checkpointsAndCommit = (schema: string, { moves, next, announce }: CheckpointCommit): string =>
  moves.length === 0
    ? 'COMMIT'
    : `SELECT ${advanceFunction(schema)}(${textArray(moves.map((m) => m.name))}, ${textArray(moves.map((m) => m.previous))}, ` +
      `${pg.escapeLiteral(next)}, ${announce ? pg.escapeLiteral(announce.channel) : 'NULL'}, ${announce ? pg.escapeLiteral(announce.payload) : 'NULL'}); COMMIT`;

/** Ahead of them in the same string, the batch's users' read versions move (read-versions.ts). */
const commitStatement = (schema: string, commit: CheckpointCommit): string => {
  const bump = commit.readVersions ? bumpReadVersionsStatement(commit.readVersions.lane, commit.readVersions.users) : '';
  return (bump ? `${bump}; ` : '') + checkpointsAndCommit(schema, commit);
};

/**
 * `body` in a transaction that first holds `schema` for a batch, committed with the checkpoint moves
 * `body` returns. The lock is taken by every lane batch over the schema (shared, for the transaction),
 * and exclusively by a rebuild while it swaps tables in (projections/src/rebuild): a batch then runs
 * wholly before the swap or wholly after it, never writing part of itself to the tables being swapped
 * out. A batch is three round trips besides its own statements' — BEGIN with the lock, and the
 * checkpoints with the COMMIT, each two statements in one string (the bench's budget counted begin,
 * lock, checkpoints and commit once each per batch, about a batch per two commands) — so the key and
 * the checkpoints go in as literals. A checkpoint found moved fails the batch with CheckpointMoved.
 */
export const inBatchTransaction = <DB>(db: Kysely<DB>, schema: string, body: (trx: Transaction<DB>) => Promise<CheckpointCommit>): Promise<void> =>
  db.connection().execute(async (connection) => {
    const key = swapLockKey(schema).replaceAll("'", "''");
    // Compiled by hand: texts kysely would only copy, at two per batch (its builder and plugins cost more than they do).
    await connection.executeQuery(CompiledQuery.raw(`BEGIN; SELECT pg_advisory_xact_lock_shared(hashtext('${key}'))`));
    try {
      // A connection's Kysely inside an open transaction: what a projector does with a Transaction, it does on this.
      const commit = await body(connection as Transaction<DB>);
      await connection.executeQuery(CompiledQuery.raw(commitStatement(schema, commit))).catch((error: unknown) => {
        throw movedUnderneath(
          error,
          commit.moves.map((m) => m.name),
        );
      });
    } catch (error) {
      await sql
        .raw('ROLLBACK')
        .execute(connection)
        .catch(() => undefined);
      throw error;
    }
  });

/** The rebuild's side of `inBatchTransaction`: waits for batches in flight, holds new ones back until the transaction ends. */
export const holdSchemaForSwap = async (trx: QueryExecutorProvider, schema: string): Promise<void> => {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${swapLockKey(schema)}))`.execute(trx);
};
