import { sql, type QueryExecutorProvider } from 'kysely';
import pg from 'pg';
import { preparedRead } from './db.ts';

// A user's read version: what the API's answer cache keys on (services/api/src/http/answer-cache.ts).
// It moves whenever the user's rows in the read models may have changed — by every lane batch that
// writes them, in the batch's transaction (checkpoints.ts: commitStatement), and for everyone at once
// by the epoch, which a rebuild's swap and a migration move in theirs (migration 2026-11-28-0021).
// Versions come from one sequence, so a later one is never equal to an earlier one.

/**
 * The statement that moves the read versions of `users` in `lane`, to run in a batch's transaction
 * before its COMMIT (literals: it shares a string with it). One row per user and lane: lanes commit
 * apart, and one worker at a time holds a user's partition of a lane, so no two batches wait on a row.
 */
export const bumpReadVersionsStatement = (lane: string, users: readonly string[]): string =>
  users.length === 0
    ? ''
    : `INSERT INTO public.read_versions (user_id, lane, version) ` +
      `SELECT u, ${pg.escapeLiteral(lane)}, nextval('public.read_version_seq') FROM unnest(ARRAY[${users.map((user) => pg.escapeLiteral(user)).join(', ')}]::uuid[]) AS u ` +
      `ON CONFLICT (user_id, lane) DO UPDATE SET version = EXCLUDED.version`;

/** Moves every user's read version at once (a swap of tables, a migration): in the transaction that changes the rows. */
export const bumpReadEpoch = async (trx: QueryExecutorProvider): Promise<void> => {
  await sql`UPDATE public.read_epoch SET epoch = epoch + 1`.execute(trx);
};

const readVersionsStatement = preparedRead('read_versions', (db, { userIds }: { userIds: string[] }) =>
  db
    .selectFrom(sql<{ u: string }>`unnest(${userIds}::uuid[])`.as('u'))
    .select([
      sql<string>`u.u::text`.as('userId'),
      sql<string>`(SELECT epoch FROM public.read_epoch)::text`.as('epoch'),
      sql<string | null>`(SELECT max(version) FROM public.read_versions v WHERE v.user_id = u.u)::text`.as('version'),
    ]),
);

/**
 * The read versions of `userIds` as text (epoch and version), each user's by id, in one statement:
 * equal texts, equal read models for the user.
 */
export const readVersionsOf = async (db: Parameters<typeof readVersionsStatement>[0], userIds: string[]): Promise<Map<string, string>> => {
  const rows = await readVersionsStatement(db, { userIds });
  return new Map(rows.map((row) => [row.userId, `${row.epoch}.${row.version ?? 0}`]));
};
