import { sql, type Kysely } from 'kysely';

// Frozen once landed. Points per user and local day (the heatmap, stats, daily points), and the
// indexes the dashboard's range queries read by.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('daily_points')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('local_date', 'date', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_points_pkey', ['user_id', 'local_date'])
    .execute();
  // The ledger's projector keeps both in one transaction from now on; what it recorded before is summed once here.
  await db
    .insertInto('daily_points')
    .columns(['user_id', 'local_date', 'points', 'count'])
    .expression(
      db
        .selectFrom('points_ledger')
        .select(['user_id', 'local_date', sql<number>`sum(points)::int`.as('points'), sql<number>`count(*)::int`.as('count')])
        .groupBy(['user_id', 'local_date']),
    )
    .execute();
  // Top achievements over a long range: a user's awards, best first.
  await db.schema
    .createIndex('points_ledger_awards_by_user_points')
    .on('points_ledger')
    .columns(['user_id', 'points desc', 'occurred_at desc'])
    .where(sql.ref('kind'), '=', 'award')
    .execute();
  // Top achievements leave out awards revoked since: the item's ledger rows in time order.
  await db.schema.createIndex('points_ledger_by_source').on('points_ledger').columns(['source_id', 'occurred_at']).execute();
  // Today's list: a user's open actionables (not habits) due by the end of a day, overdue included.
  await db.schema
    .createIndex('actionables_open_by_user_deadline')
    .on('actionables')
    .columns(['user_id', 'deadline'])
    .where(sql.ref('status'), '<>', 'completed')
    .where(sql.ref('is_habit'), '=', false)
    .execute();
  // Date-range lists: created (the *_by_user_newest indexes), due or completed between two instants.
  for (const table of ['goals', 'tasks', 'subtasks']) {
    await db.schema.createIndex(`${table}_by_user_due`).on(table).columns(['user_id', 'due_date']).execute();
    await db.schema.createIndex(`${table}_by_user_completed`).on(table).columns(['user_id', 'completed_at']).execute();
  }
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['goals', 'tasks', 'subtasks']) {
    await db.schema.dropIndex(`${table}_by_user_due`).execute();
    await db.schema.dropIndex(`${table}_by_user_completed`).execute();
  }
  await db.schema.dropIndex('actionables_open_by_user_deadline').execute();
  await db.schema.dropIndex('points_ledger_by_source').execute();
  await db.schema.dropIndex('points_ledger_awards_by_user_points').execute();
  await db.schema.dropTable('daily_points').execute();
};
