import { sql, type Kysely } from 'kysely';

// Frozen once landed. `db` is already bound to the read-model schema.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('projection_checkpoints')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

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

  // Fixed-window request counters shared by every API replica.
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['key', 'window_start'])
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('rate_limit_hits').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('projection_checkpoints').execute();
};
