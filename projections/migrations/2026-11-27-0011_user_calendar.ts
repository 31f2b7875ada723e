import type { Kysely } from 'kysely';

// Frozen once landed. The hour the user's days start (0–23, the only day start there was before: 0)
// and their calendar (services/domain/src/time/user-calendar.ts: today, when it ends, what the days
// after it count in), folded from their stream by the settings projector. Rows from before this have
// no calendar: readers start one from the row's zone until the user's next settings event (or a
// rebuild) folds it.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable('user_settings')
    .addColumn('day_start_hour', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('calendar', 'jsonb')
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('user_settings').dropColumn('calendar').dropColumn('day_start_hour').execute();
};
