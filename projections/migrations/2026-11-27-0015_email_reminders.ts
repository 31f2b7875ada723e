import { sql, type Kysely } from 'kysely';

// Frozen once landed. "Email me reminders" (off unless turned on), and the two partial indexes the
// reminder mail worker reads by every minute: the users who turned it on, and the items with a
// reminder time (few of a user's items have one).
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable('user_settings')
    .addColumn('email_reminders', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('user_settings_email_reminders').on('user_settings').column('user_id').where(sql.ref('email_reminders'), '=', true).execute();
  await db.schema.createIndex('actionables_with_reminder').on('actionables').column('user_id').where(sql.ref('reminder_time'), 'is not', null).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('actionables_with_reminder').execute();
  await db.schema.dropIndex('user_settings_email_reminders').execute();
  await db.schema.alterTable('user_settings').dropColumn('email_reminders').execute();
};
