import type { Kysely } from 'kysely';

// Frozen once landed. Each user's current calendar feed: the SHA-256 of its secret (never the
// secret), looked up by that hash when a calendar app fetches the feed.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('feed_id', 'uuid', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('calendar_feeds').execute();
};
