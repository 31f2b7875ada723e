import type { ProjectionProgress } from '@tracker/projections/progress';
import type { ReadModelDb } from '@tracker/projections/db';
import { findSessionFacts } from '@tracker/projections/users/users.queries';

export type SessionFacts = Awaited<ReturnType<typeof findSessionFacts>>;

export interface SessionFactsReader {
  /** Whether the account is active, when its password last changed, its zone and calendar: what every request checks. */
  find(userId: string): Promise<SessionFacts>;
}

/** Longest an answer is reused when no notification came (a LISTEN connection that dropped). */
const MAX_AGE_MS = 2_000;
/** Beyond this many users, the cache starts over rather than grow. */
const MAX_ENTRIES = 50_000;

/**
 * Every authenticated request reads the user's session facts; this keeps them in memory and drops
 * them all whenever the users or settings projector announces progress (a password change, a
 * deactivation, a new zone or day start — in any process), so a session ended anywhere is refused
 * here, and today moves, as soon as the read model says so. A read that raced with such a
 * notification is answered but not kept.
 */
export const createSessionFactsReader = (
  db: ReadModelDb,
  progress: Pick<ProjectionProgress, 'onProjected'>,
  now: () => number = Date.now,
): SessionFactsReader => {
  const cache = new Map<string, { facts: SessionFacts; at: number }>();
  let generation = 0;
  progress.onProjected((projectors) => {
    if (!projectors.includes('users') && !projectors.includes('user_settings')) return;
    generation += 1;
    cache.clear();
  });
  return {
    async find(userId) {
      const hit = cache.get(userId);
      if (hit && now() - hit.at < MAX_AGE_MS) return hit.facts;
      const seen = generation;
      const at = now();
      const facts = await findSessionFacts(db, userId);
      if (generation === seen) {
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(userId, { facts, at });
      }
      return facts;
    },
  };
};
