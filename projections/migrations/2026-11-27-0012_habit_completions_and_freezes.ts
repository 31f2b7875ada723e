import type { Kysely } from 'kysely';

// Frozen once landed. A habit's first day (null on items from before habits had one), each habit's
// standing completions — the day credited and the period it counts in, when and on which day it was
// claimed, whether recorded afterwards, what it earned, in claim order (an undo removes its row) — and
// the users' freezes (a habit's, or all of them with habit_id null).
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('actionables').addColumn('start_date', 'date').execute();

  await db.schema
    .createTable('habit_completions')
    .addColumn('actionable_id', 'uuid', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('period', 'date', (c) => c.notNull())
    .addColumn('claimed_on', 'date', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    // Claim order: the stream revision of its HabitCompleted.
    .addColumn('claim', 'bigint', (c) => c.notNull())
    .addColumn('backfilled', 'boolean', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    // The HabitCompleted it came from: its row in actionable_completions goes with it on an undo.
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addPrimaryKeyConstraint('habit_completions_pkey', ['actionable_id', 'date'])
    .execute();
  // The last claim (undo, the card's canUndo) without reading a long habit's whole history.
  await db.schema.createIndex('habit_completions_by_claim').on('habit_completions').columns(['actionable_id', 'claim desc']).execute();

  await db.schema
    .createTable('habit_freezes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('habit_id', 'uuid')
    .addColumn('from_date', 'date', (c) => c.notNull())
    .addColumn('to_date', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('habit_freezes_by_user').on('habit_freezes').columns(['user_id', 'from_date']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['habit_freezes', 'habit_completions']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('actionables').dropColumn('start_date').execute();
};
