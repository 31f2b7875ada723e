import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  MAX_API_TOKENS,
  apiTokenIdParams,
  apiTokenMessages,
  apiTokensResponse,
  createApiTokenRequest,
  createApiTokenResponse,
} from '@tracker/contracts/api-tokens/http';
import { BusinessRuleViolated, NotFound } from '@tracker/domain/common/errors';
import type { AppServices } from '../feature.ts';
import { routesFor, type AnyRoute } from '../http/api-router.ts';
import { newApiToken } from './api-token-secret.ts';
import { apiTokenOf, listApiTokens } from './api-tokens.store.ts';

const route = routesFor<AppServices>('tokens');

/**
 * Personal API tokens: operational state (ops.api_tokens), not events — see docs/ARCHITECTURE.md.
 * Managed with a signed-in session only: a token can neither see nor make nor revoke tokens.
 */
export const apiTokensRoutes: AnyRoute<AppServices>[] = [
  route({
    name: 'createApiToken',
    method: 'post',
    path: '/tokens',
    summary: `Create a personal API token (scopes ['read'] or ['read', 'write']; at most ${MAX_API_TOKENS} per account). The answer holds the token, shown this once: only its hash is kept`,
    auth: true,
    sessionOnly: true,
    status: 201,
    errors: [422],
    body: createApiTokenRequest,
    response: createApiTokenResponse,
    handle: async ({ ctx, body, services: { ops } }) => {
      const userId = ctx.state.userId;
      const id = randomUUID();
      const { token, tokenHash } = newApiToken(id);
      const row = await ops.transaction().execute(async (trx) => {
        // One creation at a time per user, so two at once cannot both pass the count.
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`api-tokens:${userId}`}))`.execute(trx);
        const { n } = await trx
          .selectFrom('api_tokens')
          .select(sql<string>`count(*)`.as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= MAX_API_TOKENS) throw new BusinessRuleViolated(`At most ${MAX_API_TOKENS} API tokens per account: revoke one first`);
        return trx
          .insertInto('api_tokens')
          .values({ id, user_id: userId, name: body.name, scopes: body.scopes, token_hash: tokenHash, created_at: ctx.state.now, last_used_at: null })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return { token, apiToken: apiTokenOf(row) };
    },
  }),
  route({
    name: 'listApiTokens',
    method: 'get',
    path: '/tokens',
    summary: "The user's personal API tokens: name, scopes, when created and last used (never the token)",
    auth: true,
    sessionOnly: true,
    response: apiTokensResponse,
    handle: async ({ ctx, services: { ops } }) => ({ apiTokens: await listApiTokens(ops, ctx.state.userId) }),
  }),
  route({
    name: 'revokeApiToken',
    method: 'delete',
    path: '/tokens/:id',
    summary: 'Revoke a personal API token: refused from the next request on, by every API process',
    auth: true,
    sessionOnly: true,
    params: apiTokenIdParams,
    status: 204,
    handle: async ({ ctx, params, services: { ops } }) => {
      const deleted = await ops.deleteFrom('api_tokens').where('id', '=', params.id).where('user_id', '=', ctx.state.userId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new NotFound(apiTokenMessages.notFound);
      return undefined;
    },
  }),
];
