import { sql, type Kysely } from 'kysely';
import { OPERATIONS, SOURCES, triggerFunction } from './2026-11-23-0008_dashboard_aggregates.ts';

// Frozen once landed. The actionables' and their completions' day-count triggers (0008) look up an
// item's completions next to a changed day by the item alone. By item and user, the plan PL/pgSQL
// keeps scanned the user's completions by day instead (actionable_completions_by_user_day) wherever
// the item had no completion on one side — always for a new habit: 28,444 rows read for one undo of
// a user with three years of daily habits, 19 ms of its projection. An item's completions are all
// its user's, so the user added nothing but the wrong index.
const BY_ITEM = { completionsOfItem: 'c.actionable_id = i.id' };

export const up = async (db: Kysely<any>): Promise<void> => {
  for (const source of SOURCES) {
    if (source.mode === 'work') continue;
    for (const [operation] of OPERATIONS) await sql.raw(triggerFunction(source, operation, BY_ITEM)).execute(db);
  }
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const source of SOURCES) {
    if (source.mode === 'work') continue;
    for (const [operation] of OPERATIONS) await sql.raw(triggerFunction(source, operation)).execute(db);
  }
};
