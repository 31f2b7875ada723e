import type { Kysely } from 'kysely';

// Frozen once landed. `db` is already bound to the read-model schema.
const workItemTable = (db: Kysely<any>, name: string) =>
  db.schema
    .createTable(name)
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('priority', 'smallint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_status_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('due_date', 'timestamptz')
    .addColumn('start_date', 'timestamptz')
    .addColumn('end_date', 'timestamptz');

export const up = async (db: Kysely<any>): Promise<void> => {
  await workItemTable(db, 'goals').execute();
  await workItemTable(db, 'tasks')
    .addColumn('goal_id', 'uuid', (c) => c.notNull())
    .execute();
  await workItemTable(db, 'subtasks')
    .addColumn('task_id', 'uuid', (c) => c.notNull())
    .addColumn('goal_id', 'uuid', (c) => c.notNull())
    .execute();
  for (const table of ['goals', 'tasks', 'subtasks']) {
    await db.schema.createIndex(`${table}_by_user_newest`).on(table).columns(['user_id', 'created_at desc', 'id']).execute();
    await db.schema.createIndex(`${table}_by_user_status`).on(table).columns(['user_id', 'status']).execute();
    await db.schema.createIndex(`${table}_by_user_priority`).on(table).columns(['user_id', 'priority']).execute();
  }
  await db.schema.createIndex('tasks_by_goal').on('tasks').column('goal_id').execute();
  await db.schema.createIndex('subtasks_by_task').on('subtasks').column('task_id').execute();
  await db.schema.createIndex('subtasks_by_goal').on('subtasks').column('goal_id').execute();

  // One row per award or revocation (revocations negative). Never deleted with the items it names.
  await db.schema
    .createTable('points_ledger')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'uuid', (c) => c.notNull())
    .addColumn('goal_id', 'uuid')
    .addColumn('task_id', 'uuid')
    .addColumn('subtask_id', 'uuid')
    .addColumn('actionable_id', 'uuid')
    .addColumn('rules_version', 'integer')
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('local_date', 'date', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('points_ledger_by_user_time').on('points_ledger').columns(['user_id', 'occurred_at']).execute();
  await db.schema.createIndex('points_ledger_by_user_day').on('points_ledger').columns(['user_id', 'local_date']).execute();
  await db.schema.createIndex('points_ledger_by_goal').on('points_ledger').columns(['goal_id', 'occurred_at']).execute();
  await db.schema.createIndex('points_ledger_by_task').on('points_ledger').columns(['task_id', 'occurred_at']).execute();
  await db.schema.createIndex('points_ledger_by_subtask').on('points_ledger').columns(['subtask_id', 'occurred_at']).execute();

  await db.schema
    .createTable('user_points')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_points_by_total').on('user_points').columns(['total desc', 'user_id']).execute();

  await db.schema
    .createTable('activities')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('points', 'integer')
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activities_by_user_newest').on('activities').columns(['user_id', 'occurred_at desc']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['activities', 'user_points', 'points_ledger', 'subtasks', 'tasks', 'goals']) await db.schema.dropTable(table).execute();
};
