import { sql, type Kysely } from 'kysely';

// Frozen once landed. Imported completed to-dos count as completions in history (heatmap, daily
// chart, summary), as the actionables projection now writes them: this adds those of the imports
// already projected, as a replay of them does. An import from before the day of completion was recorded
// puts it on completedAt's UTC date, keyed by the item. Such an item is a completed to-do without a
// standing completion: every completion in the app writes one, only an import did not. (An imported
// item deleted since is gone from actionables: a replay keeps its completion, this cannot find it.)
export const up = async (db: Kysely<any>): Promise<void> => {
  await db
    .insertInto('actionable_completions')
    .columns(['event_id', 'actionable_id', 'user_id', 'local_date', 'timezone', 'occurred_at', 'points', 'is_habit'])
    .expression(
      db
        .selectFrom('actionables as a')
        .select([
          'a.id',
          'a.id',
          'a.user_id',
          sql`(a.completed_at AT TIME ZONE 'UTC')::date`.as('local_date'),
          sql`'UTC'`.as('timezone'),
          'a.completed_at',
          sql`0`.as('points'),
          sql`false`.as('is_habit'),
        ])
        .where('a.is_habit', '=', false)
        .where('a.status', '=', 'completed')
        .where('a.completed_at', 'is not', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('actionable_completions as c')
                .select(sql`1`.as('one'))
                .whereRef('c.actionable_id', '=', 'a.id'),
            ),
          ),
        ),
    )
    .execute();
};

export const down = async (): Promise<void> => {
  // The rows are what a replay writes: nothing to undo.
};
