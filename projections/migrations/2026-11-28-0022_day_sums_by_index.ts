import { sql, type Kysely } from 'kysely';
import { OPERATIONS, SOURCES, triggerFunction } from './2026-11-23-0008_dashboard_aggregates.ts';

// Frozen once landed. The day-count triggers (0008, 0018) read two things of the sums table per
// statement: the zone a user's rows are kept in (any one row of the user's) and the rows the
// statement's changes land on. In the plans PL/pgSQL keeps, both read the whole table, every user's
// rows: the first as a sequential scan stopping at the user's first row, the second as a hash join
// over a scan of all of it (the entries' function is estimated at 1,000 rows, so a hash looks
// cheaper than probes). 2,744 rows, 0.26–0.39 ms, on every write of a completion or an item, and
// growing with every user's history. Read through the primary key (user, from, to) instead: the
// first row in key order, and one probe per changed row (a lateral subquery the planner cannot turn
// back into a join).
const BY_ITEM = { completionsOfItem: 'c.actionable_id = i.id' };

export const up = async (db: Kysely<any>): Promise<void> => {
  for (const source of SOURCES) {
    const options = source.mode === 'work' ? { probeSums: true } : { ...BY_ITEM, probeSums: true };
    for (const [operation] of OPERATIONS) await sql.raw(triggerFunction(source, operation, options)).execute(db);
  }
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const source of SOURCES) {
    const options = source.mode === 'work' ? {} : BY_ITEM;
    for (const [operation] of OPERATIONS) await sql.raw(triggerFunction(source, operation, options)).execute(db);
  }
};
