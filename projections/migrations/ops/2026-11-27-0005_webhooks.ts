import { sql, type Kysely } from 'kysely';

// Frozen once landed. Webhook subscriptions and their delivery queue and log (operational state:
// what was sent to the outside world, and the signing secrets, which must never enter the log).
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paused_at', 'timestamptz')
    .addColumn('notice', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'timestamptz')
    .execute();
  await db.schema.createIndex('webhooks_by_user').on('webhooks').column('user_id').execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('seq', 'bigserial', (c) => c.primaryKey())
    .addColumn('webhook_id', 'uuid', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz')
    .addUniqueConstraint('webhook_deliveries_once', ['webhook_id', 'event_id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_queue').on('webhook_deliveries').columns(['webhook_id', 'status', 'seq']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
};
