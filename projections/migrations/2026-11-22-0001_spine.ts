import { sql, type Kysely } from 'kysely';
import { createCheckpointsTable, createRateLimitHitsTable } from './shared/common-tables.ts';

// Frozen once landed. `db` is already bound to the read-model schema.
export const up = async (db: Kysely<any>): Promise<void> => {
  await createCheckpointsTable(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('email_verified', 'boolean', (c) => c.notNull())
    .addColumn('last_active', 'timestamptz')
    .addColumn('subscription_status', 'text', (c) => c.notNull())
    .addColumn('total_logins', 'integer', (c) => c.notNull())
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('date_of_birth', 'date')
    .addColumn('trial_start_date', 'timestamptz')
    .addColumn('subscription_date', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('users_email')
    .on('users')
    .expression(sql`lower(email)`)
    .execute();

  await createRateLimitHitsTable(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('rate_limit_hits').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('projection_checkpoints').execute();
};
