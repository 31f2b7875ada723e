import type { Kysely } from 'kysely';

// Frozen once landed. Lists answer newest first — created_at desc, then id desc — a page at a time,
// each page starting strictly after the last one's (created_at, id). The indexes of 0002 and 0005
// held id ascending, so that order (and the row comparison that starts a page) could not be read from
// them: a batch of items created in one instant (an import) was sorted on every page. Same names,
// id descending.
const tables = ['goals', 'tasks', 'subtasks', 'actionables'] as const;

export const up = async (db: Kysely<any>): Promise<void> => {
  for (const table of tables) {
    await db.schema.dropIndex(`${table}_by_user_newest`).execute();
    await db.schema.createIndex(`${table}_by_user_newest`).on(table).columns(['user_id', 'created_at desc', 'id desc']).execute();
  }
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of tables) {
    await db.schema.dropIndex(`${table}_by_user_newest`).execute();
    await db.schema.createIndex(`${table}_by_user_newest`).on(table).columns(['user_id', 'created_at desc', 'id']).execute();
  }
};
