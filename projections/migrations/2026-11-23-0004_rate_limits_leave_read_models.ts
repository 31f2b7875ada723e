import type { Kysely } from 'kysely';

// Frozen once landed. Rate-limit counters moved to the operational schema (a rebuild swaps this one).
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('rate_limit_hits').ifExists().execute();
};

export const down = (): Promise<void> => Promise.resolve();
