import { messages } from '@tracker/contracts/messages';
import type { ApiTokenScope } from '@tracker/contracts/api-tokens/http';
import { Unauthorized } from '@tracker/domain/common/errors';
import type { OpsDb } from '@tracker/projections/ops-db';
import type { RateLimitRule } from '../config/config.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import { apiTokenIdOf, apiTokenMatches } from './api-token-secret.ts';

/** Who a personal API token speaks for, and what it may do. */
export interface ApiTokenCredential {
  userId: string;
  tokenId: string;
  scopes: ApiTokenScope[];
}

export interface ApiTokenAuthenticator {
  /** The token's credential; Unauthorized for a malformed, unknown or revoked token, 429 past its rate limit. */
  authenticate(token: string, at: Date): Promise<ApiTokenCredential>;
}

/** A token's last use is written when the stored one is at least this old: a used token costs no write per request. */
export const LAST_USED_PRECISION_MS = 60_000;

/**
 * Every request with a token reads its row (by primary key) — no cache, so a revocation (the row
 * deleted) is refused from the next request on, in every API process. The hash is compared in
 * constant time; each token has its own rate limit (the shared counters in ops.rate_limit_hits).
 */
export const createApiTokenAuthenticator = ({
  ops,
  rateLimiter,
  rule,
}: {
  ops: OpsDb;
  rateLimiter: RateLimiter;
  rule: RateLimitRule;
}): ApiTokenAuthenticator => ({
  async authenticate(token, at) {
    const id = apiTokenIdOf(token);
    if (!id) throw new Unauthorized(messages.invalidToken);
    const row = await ops.selectFrom('api_tokens').select(['user_id', 'scopes', 'token_hash', 'last_used_at']).where('id', '=', id).executeTakeFirst();
    if (!row || !apiTokenMatches(token, row.token_hash)) throw new Unauthorized(messages.invalidToken);
    await rateLimiter.hit([{ key: `api-token:${id}`, rule }], at);
    const staleBefore = new Date(at.getTime() - LAST_USED_PRECISION_MS);
    if (row.last_used_at === null || new Date(row.last_used_at) <= staleBefore) {
      // Conditional: of several processes seeing the same stale value, one writes.
      await ops
        .updateTable('api_tokens')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', staleBefore)]))
        .execute();
    }
    return { userId: row.user_id, tokenId: id, scopes: row.scopes };
  },
});
