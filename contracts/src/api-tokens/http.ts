import { z } from 'zod';
import { id, isoDateTime, requiredText } from '../common/fields.ts';

/** At most this many tokens per account; a name at most this long. */
export const MAX_API_TOKENS = 20;
export const API_TOKEN_NAME_MAX = 100;

export const apiTokenScopeNames = ['read', 'write'] as const;
export type ApiTokenScope = (typeof apiTokenScopeNames)[number];

const scopesMessage = "must be ['read'] or ['read', 'write']";

/**
 * What a token may do: `['read']` (every GET) or `['read', 'write']` (every route but the account's
 * and the tokens' own). Sent in either order; answered as `['read']` or `['read', 'write']`.
 */
export const apiTokenScopes = z
  .array(z.enum(apiTokenScopeNames, { message: "must be 'read' or 'write'" }), { message: scopesMessage })
  .refine((scopes) => scopes.includes('read') && scopes.length <= 2 && new Set(scopes).size === scopes.length, { message: scopesMessage })
  .transform((scopes): ApiTokenScope[] => (scopes.includes('write') ? ['read', 'write'] : ['read']));

export const createApiTokenRequest = z.object({
  name: requiredText(API_TOKEN_NAME_MAX),
  scopes: apiTokenScopes,
});
export type CreateApiTokenRequest = z.input<typeof createApiTokenRequest>;

export const apiToken = z.object({
  id,
  name: z.string(),
  scopes: z.array(z.enum(apiTokenScopeNames)),
  createdAt: isoDateTime,
  /** When it last authenticated a request (kept to the minute); null: never used. */
  lastUsedAt: isoDateTime.nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** The answer to a creation: the token itself (`pt_…`) appears here only; the server keeps its SHA-256. */
export const createApiTokenResponse = z.object({ token: z.string(), apiToken });
export type CreatedApiToken = z.infer<typeof createApiTokenResponse>;
export const apiTokensResponse = z.object({ apiTokens: z.array(apiToken) });

export const apiTokenIdParams = z.object({ id });

export const apiTokenMessages = {
  readOnly: 'This API token is read-only: it cannot make changes',
  sessionOnly: 'An API token cannot do this: sign in to manage tokens or your account',
  notFound: 'API token not found',
} as const;
