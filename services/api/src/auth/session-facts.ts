import type { ProjectionProgress } from '@tracker/projections/progress';
import type { ReadModelDb } from '@tracker/projections/db';
import { findSessionFacts, findSessionFactsOf } from '@tracker/projections/users/users.queries';

export type SessionFacts = Awaited<ReturnType<typeof findSessionFacts>>;

/** Where the facts are read: one user's, or many users' at once (each with its id; a user that is gone has no row). */
export interface SessionFactsSource {
  one(userId: string): Promise<SessionFacts>;
  many(userIds: string[]): Promise<Array<NonNullable<SessionFacts> & { id: string }>>;
}

/** The facts as the read models have them. */
export const readModelSessionFacts = (db: ReadModelDb): SessionFactsSource => ({
  one: (userId) => findSessionFacts(db, userId),
  many: (userIds) => findSessionFactsOf(db, userIds),
});

export interface SessionFactsReader {
  /** Whether the account is active, when its password last changed, its zone and calendar: what every request checks. */
  find(userId: string): Promise<SessionFacts>;
}

/** Longest an answer is reused when no notification came (a LISTEN connection that dropped); also how recently a user must have asked to be read again in a round. */
const MAX_AGE_MS = 2_000;
/** Beyond this many users, the cache starts over rather than grow. */
const MAX_ENTRIES = 50_000;
/** A round reads at most this many users; beyond, it drops them and each asks again on its own. */
const MAX_PER_ROUND = 2_000;

interface Entry {
  facts: SessionFacts;
  /** The announcements counted when the read began: the facts include every commit announced up to it. */
  generation: number;
  /** When they were read. */
  at: number;
  /** When a request last asked for them. */
  usedAt: number;
}

/**
 * Every authenticated request reads the user's session facts; this keeps them in memory. Each
 * progress announcement of the users or settings projector (a password change, a deactivation, a
 * new zone or day start — in any process) makes every kept answer stale, as before. But the users
 * projector announces nearly every batch (it moves last activity on every command), so re-reading
 * per request cost one query per request. Instead, a request that finds its user's facts stale
 * joins a round: one statement re-reads the facts of every user asked for in the last MAX_AGE_MS,
 * begun after the announcements the request has seen, and every request that arrives meanwhile
 * waits for the next such round. So a session ended anywhere is refused, and today moves, from the
 * first request after the read model says so — at one query per round instead of per request.
 */
export const createSessionFactsReader = (
  source: SessionFactsSource,
  progress: Pick<ProjectionProgress, 'onProjected'>,
  now: () => number = Date.now,
): SessionFactsReader => {
  const cache = new Map<string, Entry>();
  let generation = 0;
  /** The round under way, and the announcements it began after. */
  let current: { generation: number; done: Promise<void> } | undefined;
  /** The next round, begun once the current one ends: for requests that saw a later announcement. */
  let queued: Promise<void> | undefined;

  progress.onProjected((projectors) => {
    // Before anyone waiting for this position wakes: the next request needs facts read after it.
    if (projectors.includes('users') || projectors.includes('user_settings')) generation += 1;
  });

  const round = async (begunAt: number): Promise<void> => {
    const at = now();
    const stale: string[] = [];
    for (const [userId, entry] of cache) {
      if (at - entry.usedAt >= MAX_AGE_MS) cache.delete(userId);
      else if (entry.generation < begunAt) stale.push(userId);
    }
    if (stale.length === 0) return;
    if (stale.length > MAX_PER_ROUND) {
      for (const userId of stale) cache.delete(userId);
      return;
    }
    let rows: Awaited<ReturnType<SessionFactsSource['many']>>;
    try {
      rows = await source.many(stale);
    } catch {
      // Nothing read is kept: each request reads its user's facts itself (and meets the error there).
      for (const userId of stale) cache.delete(userId);
      return;
    }
    const read = new Map(rows.map(({ id, ...facts }) => [id, facts]));
    for (const userId of stale) {
      const entry = cache.get(userId);
      // A user that is gone has no row: undefined facts, refused.
      if (entry && entry.generation < begunAt) Object.assign(entry, { facts: read.get(userId), generation: begunAt, at });
    }
  };

  /** Resolves once a round begun at or after `needed` announcements has ended. */
  const roundAfter = (needed: number): Promise<void> => {
    if (current && current.generation >= needed) return current.done;
    const before = current?.done ?? Promise.resolve();
    return (queued ??= before.then(() => {
      queued = undefined;
      const begunAt = generation;
      const done = round(begunAt).finally(() => {
        if (current?.done === done) current = undefined;
      });
      current = { generation: begunAt, done };
      return done;
    }));
  };

  return {
    async find(userId) {
      const needed = generation;
      let entry = cache.get(userId);
      if (entry && entry.generation < needed && now() - entry.usedAt < MAX_AGE_MS) {
        await roundAfter(needed);
        entry = cache.get(userId);
      }
      const at = now();
      if (entry && entry.generation >= needed && at - entry.at < MAX_AGE_MS) {
        entry.usedAt = at;
        return entry.facts;
      }
      const begunAt = generation;
      const facts = await source.one(userId);
      const kept = cache.get(userId);
      // Kept unless a read begun after more announcements is there: an answer only too old to use
      // (MAX_AGE_MS, no announcement since) is replaced too, or every request would read it again.
      if (!kept || kept.generation <= begunAt) {
        if (!kept && cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(userId, { facts, generation: begunAt, at, usedAt: at });
      }
      return facts;
    },
  };
};
