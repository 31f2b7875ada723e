import type { Kysely } from 'kysely';

// Frozen once landed. One settings row per user (GET /settings, and the dashboard's week start).
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('week_start', 'text', (c) => c.notNull())
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('status_settings', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('user_settings').execute();
};
