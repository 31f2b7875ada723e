import type { Kysely } from 'kysely';

// Frozen once landed. The goals' filtered lists — by status, by priority, a goal's tasks, a task's
// subtasks — answer newest first a page at a time like the others (projections/src/paging.ts). Their
// indexes held only the filter's column, so every page read all the filter's rows and sorted them;
// with (created_at desc, id desc) after it, a page is one range of the index from its cursor. Same
// names, so lookups by the filter alone (the cascade's by goal, by task) read them as before.
const filtered = [
  ...(['goals', 'tasks', 'subtasks'] as const).flatMap((table) => [
    { name: `${table}_by_user_status`, table, columns: ['user_id', 'status'] },
    { name: `${table}_by_user_priority`, table, columns: ['user_id', 'priority'] },
  ]),
  { name: 'tasks_by_goal', table: 'tasks', columns: ['goal_id'] },
  { name: 'subtasks_by_task', table: 'subtasks', columns: ['task_id'] },
];

export const up = async (db: Kysely<any>): Promise<void> => {
  for (const { name, table, columns } of filtered) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns, 'created_at desc', 'id desc'])
      .execute();
  }
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const { name, table, columns } of filtered) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
};
