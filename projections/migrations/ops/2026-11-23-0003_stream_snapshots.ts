import { sql, type Kysely } from 'kysely';

// Frozen once landed. Snapshots of command-side state (a cache: deleting every row loses nothing but
// speed); `schema` names the state's shape, so a snapshot of an older shape is never read as a newer one.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('stream_snapshots')
    .addColumn('stream', 'text', (c) => c.primaryKey())
    .addColumn('schema', 'text', (c) => c.notNull())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('stream_snapshots').execute();
};
