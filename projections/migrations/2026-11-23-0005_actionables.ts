import type { Kysely } from 'kysely';

// Frozen once landed. Actionables and habits (one row per live item) and their completions (history).
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('actionables')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('weight', 'smallint', (c) => c.notNull())
    .addColumn('is_habit', 'boolean', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('points_to_be_awarded', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('deadline', 'timestamptz')
    .addColumn('reminder_time', 'text')
    .addColumn('recurrence', 'jsonb', (c) => c.notNull())
    .addColumn('goal_id', 'uuid')
    .addColumn('task_id', 'uuid')
    .addColumn('subtask_id', 'uuid')
    .addColumn('streak', 'integer', (c) => c.notNull())
    .addColumn('last_credited', 'date')
    .addColumn('last_completed_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('points_awarded', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_status_at', 'timestamptz')
    .execute();
  // Lists (newest first), filtered by status or kind; due on a day; ranges by created, due or completed.
  await db.schema.createIndex('actionables_by_user_newest').on('actionables').columns(['user_id', 'created_at desc', 'id']).execute();
  await db.schema.createIndex('actionables_by_user_status').on('actionables').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('actionables_by_user_habit').on('actionables').columns(['user_id', 'is_habit', 'active']).execute();
  await db.schema.createIndex('actionables_by_user_deadline').on('actionables').columns(['user_id', 'deadline']).execute();
  await db.schema.createIndex('actionables_by_user_completed').on('actionables').columns(['user_id', 'completed_at']).execute();
  // The reactor that unlinks a deleted goal, task or subtask finds its actionables by these.
  await db.schema.createIndex('actionables_by_goal').on('actionables').column('goal_id').execute();
  await db.schema.createIndex('actionables_by_task').on('actionables').column('task_id').execute();
  await db.schema.createIndex('actionables_by_subtask').on('actionables').column('subtask_id').execute();

  // One row per standing completion (a non-habit's goes when it is reopened); kept after the item is deleted.
  await db.schema
    .createTable('actionable_completions')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey())
    .addColumn('actionable_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('local_date', 'date', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('is_habit', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('actionable_completions_by_user_day').on('actionable_completions').columns(['user_id', 'local_date']).execute();
  await db.schema.createIndex('actionable_completions_by_user_time').on('actionable_completions').columns(['user_id', 'occurred_at']).execute();
  await db.schema.createIndex('actionable_completions_by_item').on('actionable_completions').columns(['actionable_id', 'occurred_at desc']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['actionable_completions', 'actionables']) await db.schema.dropTable(table).execute();
};
