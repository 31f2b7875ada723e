import type { Kysely } from 'kysely';

// Frozen once landed. Whether the user appears on the leaderboard (on unless turned off) and under
// which name (null: their own).
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable('user_settings')
    .addColumn('leaderboard_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('leaderboard_name', 'text')
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('user_settings').dropColumn('leaderboard_name').dropColumn('leaderboard_visible').execute();
};
