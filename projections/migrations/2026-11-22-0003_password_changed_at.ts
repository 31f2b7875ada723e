import type { Kysely } from 'kysely';

// Frozen once landed. Sessions issued before a password change end with it.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('users').addColumn('password_changed_at', 'timestamptz').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('users').dropColumn('password_changed_at').execute();
};
