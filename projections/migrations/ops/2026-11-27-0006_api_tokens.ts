import { sql, type Kysely } from 'kysely';

// Frozen once landed. Personal API tokens (operational state: credentials, which must never enter
// the log; only each token's SHA-256 is kept).
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_tokens_by_user').on('api_tokens').column('user_id').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('api_tokens').execute();
};
