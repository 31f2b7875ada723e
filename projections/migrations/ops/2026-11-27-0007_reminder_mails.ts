import { sql, type Kysely } from 'kysely';

// Frozen once landed. Reminder mail (operational state: mail sent to the outside world, never
// replayed by a rebuild): one row per (item, local date), the outbox while pending, then what became
// of it. The primary key is what makes a reminder mailed once per item and day across processes.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('reminder_mails')
    .addColumn('actionable_id', 'uuid', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('fire_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lease_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'timestamptz')
    .addPrimaryKeyConstraint('reminder_mails_once', ['actionable_id', 'local_date'])
    .execute();
  await db.schema.createIndex('reminder_mails_queue').on('reminder_mails').column('next_attempt_at').where(sql.ref('status'), '=', 'pending').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('reminder_mails').execute();
};
