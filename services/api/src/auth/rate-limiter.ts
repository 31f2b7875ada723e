import { sql } from 'kysely';
import { messages } from '@tracker/contracts/messages';
import type { OpsDb } from '@tracker/projections/ops-db';
import type { RateLimitRule } from '../config/config.ts';
import { HttpError } from '../http/problem.ts';

export interface RateCheck {
  key: string;
  rule: RateLimitRule;
}

/**
 * Every call takes the request's time (`ctx.state.now`, the app's clock), as commands do: windows
 * are counted on the same clock as everything else the request does.
 */
export interface RateLimiter {
  /** Counts one hit against each key; 429 once any key is over its rule in the current window. */
  hit(checks: RateCheck[], at: Date): Promise<void>;
  /** Counts one hit against each key; false once any key is over its rule (for a caller that must answer alike either way). */
  allow(checks: RateCheck[], at: Date): Promise<boolean>;
  /** 429 if any key has already reached its rule in the current window; counts nothing. */
  check(checks: RateCheck[], at: Date): Promise<void>;
  /** Counts one failure against each key (the next check refuses once a rule is reached). */
  fail(checks: RateCheck[], at: Date): Promise<void>;
  /** Forgets a key's count in the current window (a success ends a run of failures). */
  clear(check: RateCheck, at: Date): Promise<void>;
}

const tooMany = (retryAfter: number) => new HttpError(429, messages.tooManyRequests, 'rate_limited', { 'Retry-After': String(Math.max(1, retryAfter)) });

/** Fixed windows counted in PostgreSQL (operational schema), so every API replica shares the same counters. */
export const createRateLimiter = (db: OpsDb): RateLimiter => {
  const windowOf = (rule: RateLimitRule, at: number) => {
    const windowMs = rule.windowSeconds * 1000;
    const start = new Date(Math.floor(at / windowMs) * windowMs);
    return { start, retryAfter: Math.ceil((start.getTime() + windowMs - at) / 1000) };
  };

  const count = async ({ key, rule }: RateCheck, at: number): Promise<number> => {
    const { start } = windowOf(rule, at);
    const row = await db
      .insertInto('rate_limit_hits')
      .values({ key, window_start: start, hits: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow();
    if (Math.random() < 0.01)
      await db
        .deleteFrom('rate_limit_hits')
        .where('window_start', '<', new Date(at - 24 * 3600 * 1000))
        .execute();
    return row.hits;
  };

  /** Counts a hit against every key; how long until the last window that is over its rule ends (0: none is). */
  const countAll = async (checks: RateCheck[], at: number): Promise<number> => {
    let retryAfter = 0;
    for (const check of checks) {
      if ((await count(check, at)) > check.rule.limit) retryAfter = Math.max(retryAfter, windowOf(check.rule, at).retryAfter);
    }
    return retryAfter;
  };

  return {
    async hit(checks, at) {
      const retryAfter = await countAll(checks, at.getTime());
      if (retryAfter > 0) throw tooMany(retryAfter);
    },
    async allow(checks, at) {
      return (await countAll(checks, at.getTime())) === 0;
    },
    async check(checks, at) {
      const windows = checks.map((check) => ({ check, ...windowOf(check.rule, at.getTime()) }));
      const rows = await db
        .selectFrom('rate_limit_hits')
        .select(['key', 'window_start', 'hits'])
        .where((eb) => eb.or(windows.map((w) => eb.and([eb('key', '=', w.check.key), eb('window_start', '=', w.start)]))))
        .execute();
      const over = windows.filter((w) =>
        rows.some((row) => row.key === w.check.key && row.window_start.getTime() === w.start.getTime() && row.hits >= w.check.rule.limit),
      );
      if (over.length > 0) throw tooMany(Math.max(...over.map((w) => w.retryAfter)));
    },
    async fail(checks, at) {
      for (const check of checks) await count(check, at.getTime());
    },
    async clear({ key, rule }, at) {
      await db.deleteFrom('rate_limit_hits').where('key', '=', key).where('window_start', '=', windowOf(rule, at.getTime()).start).execute();
    },
  };
};
