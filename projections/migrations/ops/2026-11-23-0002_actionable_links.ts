import type { Kysely } from 'kysely';

// Frozen once landed. The unlink reactor's view of which actionable points at which goal, task, subtask.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('actionable_links')
    .addColumn('actionable_id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('goal_id', 'uuid')
    .addColumn('task_id', 'uuid')
    .addColumn('subtask_id', 'uuid')
    .execute();
  for (const column of ['goal_id', 'task_id', 'subtask_id']) {
    await db.schema.createIndex(`actionable_links_by_${column}`).on('actionable_links').column(column).execute();
  }
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('actionable_links').execute();
};
