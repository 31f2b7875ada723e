import { sql, type Kysely } from 'kysely';

// Frozen with the migrations that call it (2026-11-22-0001 in the read-model schema, 2026-11-23-0001 in
// the operational one): an edit here would change what those migrations did, so a new shape is a new migration.

/** Each projector's or reactor's checkpoint: how far into the log it has handled. */
export const createCheckpointsTable = (db: Kysely<any>): Promise<void> =>
  db.schema
    .createTable('projection_checkpoints')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

/** Fixed-window request counters shared by every API replica. */
export const createRateLimitHitsTable = (db: Kysely<any>): Promise<void> =>
  db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['key', 'window_start'])
    .execute();
