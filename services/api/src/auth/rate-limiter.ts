import { sql } from 'kysely';
import { messages } from '@tracker/contracts/messages';
import type { OpsDb } from '@tracker/projections/ops-db';
import type { RateLimitRule } from '../config/config.ts';
import { HttpError } from '../http/problem.ts';

export interface RateLimiter {
  /** Counts one hit against each key; 429 once any key is over its rule in the current window. */
  hit(checks: Array<{ key: string; rule: RateLimitRule }>): Promise<void>;
}

/** Fixed windows counted in PostgreSQL, so every API replica shares the same counters. */
export const createRateLimiter = (db: OpsDb, now: () => Date = () => new Date()): RateLimiter => ({
  async hit(checks) {
    const at = now().getTime();
    let retryAfter = 0;
    for (const { key, rule } of checks) {
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(at / windowMs) * windowMs);
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key, window_start: windowStart, hits: 1 })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
        .returning('hits')
        .executeTakeFirstOrThrow();
      if (row.hits > rule.limit) retryAfter = Math.max(retryAfter, Math.ceil((windowStart.getTime() + windowMs - at) / 1000));
    }
    if (retryAfter > 0) throw new HttpError(429, messages.tooManyRequests, 'rate_limited', { 'Retry-After': String(retryAfter) });
    if (Math.random() < 0.01) {
      await db.deleteFrom('rate_limit_hits').where('window_start', '<', new Date(at - 24 * 3600 * 1000)).execute();
    }
  },
});
