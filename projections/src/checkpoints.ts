import { sql, type QueryExecutorProvider } from 'kysely';
import type { Position } from '@tracker/eventstore/port';

export type Checkpoint = Position | 'start';

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

/**
 * Compare-and-set, for any number of projectors in one statement: each checkpoint moves from its
 * `previous` to `next`, or the transaction fails — a batch applied by someone else in the meantime
 * is never applied a second time.
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
  // A checkpoint at 'start' has no row yet: insert it; the update does the compare-and-set for the rest.
  const result = await sql<{ n: string }>`
    WITH expected AS (SELECT * FROM unnest(${names}::text[], ${previous}::text[]) AS e(name, previous)),
    created AS (
      INSERT INTO ${table(schema)} (name, position, updated_at)
      SELECT name, ${next}, now() FROM expected WHERE previous = 'start'
      ON CONFLICT (name) DO NOTHING
      RETURNING name
    ),
    moved AS (
      UPDATE ${table(schema)} AS c SET position = ${next}, updated_at = now()
        FROM expected e WHERE c.name = e.name AND c.position = e.previous
      RETURNING c.name
    )
    SELECT ((SELECT count(*) FROM created) + (SELECT count(*) FROM moved))::text AS n,
           ${announce ? sql`pg_notify(${announce.channel}, ${announce.payload})` : sql`NULL`} AS announced`.execute(trx);
  if (Number(result.rows[0]?.n) !== moves.length) throw new CheckpointMoved(names);
};

const swapLockKey = (schema: string) => `read-model-swap:${schema}`;

/**
 * Taken first by every lane batch over `schema` (shared, for the transaction), and exclusively by a
 * rebuild while it swaps tables in (projections/src/rebuild): a batch then runs wholly before the
 * swap or wholly after it, never writing part of itself to the tables being swapped out.
 */
export const holdSchemaForBatch = async (trx: QueryExecutorProvider, schema: string): Promise<void> => {
  await sql`SELECT pg_advisory_xact_lock_shared(hashtext(${swapLockKey(schema)}))`.execute(trx);
};

/** The rebuild's side of `holdSchemaForBatch`: waits for batches in flight, holds new ones back until the transaction ends. */
export const holdSchemaForSwap = async (trx: QueryExecutorProvider, schema: string): Promise<void> => {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${swapLockKey(schema)}))`.execute(trx);
};
