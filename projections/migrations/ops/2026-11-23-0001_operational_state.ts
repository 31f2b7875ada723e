import { sql, type Kysely } from 'kysely';

// Frozen once landed. `db` is bound to the operational schema: state that is not derived from the log
// alone (reactors' effects happened; rate limits count requests), so a read-model rebuild never swaps it.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('projection_checkpoints')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Fixed-window request counters shared by every API replica.
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['key', 'window_start'])
    .execute();

  // The goals cascade reactor's view of the hierarchy, as of its checkpoint.
  await db.schema
    .createTable('cascade_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('goal_id', 'uuid')
    .addColumn('task_id', 'uuid')
    .addColumn('deleted_by', 'uuid')
    .execute();
  await db.schema.createIndex('cascade_items_by_goal').on('cascade_items').column('goal_id').execute();
  await db.schema.createIndex('cascade_items_by_task').on('cascade_items').column('task_id').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['cascade_items', 'rate_limit_hits', 'projection_checkpoints']) await db.schema.dropTable(table).execute();
};
