import type { ReadModelDb } from '../db.ts';

/** A freeze as answers carry it (contracts' `freeze`). */
export interface Freeze {
  id: string;
  habitId: string | null;
  from: string;
  to: string;
  createdAt: string;
}

/** GET /actionables/habits/freezes: the caller's freezes standing, by their first day. */
export const listFreezes = async (db: ReadModelDb, userId: string): Promise<Freeze[]> =>
  (
    await db
      .selectFrom('habit_freezes')
      .select(['id', 'habit_id', 'from_date', 'to_date', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('from_date')
      .orderBy('id')
      .execute()
  ).map((row) => ({ id: row.id, habitId: row.habit_id, from: row.from_date, to: row.to_date, createdAt: row.created_at.toISOString() }));

/** One of the caller's freezes, or undefined (another user's id reads as missing). */
export const findFreeze = async (db: ReadModelDb, userId: string, id: string): Promise<Freeze | undefined> =>
  (await listFreezes(db, userId)).find((freeze) => freeze.id === id);
