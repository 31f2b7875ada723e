import type { Kysely } from 'kysely';
import { createCheckpointsTable, createRateLimitHitsTable } from '../shared/common-tables.ts';

// Frozen once landed. `db` is bound to the operational schema: state that is not derived from the log
// alone (reactors' effects happened; rate limits count requests), so a read-model rebuild never swaps it.
export const up = async (db: Kysely<any>): Promise<void> => {
  await createCheckpointsTable(db);
  await createRateLimitHitsTable(db);

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
