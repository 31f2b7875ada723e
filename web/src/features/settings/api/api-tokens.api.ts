import { apiTokensResponse, createApiTokenResponse } from '@tracker/contracts/api-tokens/http';
import type { ApiToken, CreateApiTokenRequest, CreatedApiToken } from '@tracker/contracts/api-tokens/http';
import { api } from '../../../lib/api/api.ts';
import { checkedQuery, type Reading } from '../../../lib/api/checked-query.ts';

export const apiTokensFailures = {
  fetch: 'Failed to fetch your API tokens',
  create: 'Failed to create the API token',
  revoke: 'Failed to revoke the API token',
} as const;

const invalid = { error: 'Invalid response format from server' };

const readTokens = (answer: unknown): Reading<ApiToken[]> => {
  const parsed = apiTokensResponse.safeParse(answer);
  return parsed.success ? { data: parsed.data.apiTokens } : invalid;
};

const readCreated = (answer: unknown): Reading<CreatedApiToken> => {
  const parsed = createApiTokenResponse.safeParse(answer);
  return parsed.success ? { data: parsed.data } : invalid;
};

/**
 * GET/POST /tokens and DELETE /tokens/{id}. A creation is sent once, without an Idempotency-Key (the
 * server keeps no answer to repeat: the token is shown once), so a retry never makes a second token.
 */
export const apiTokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    listApiTokens: build.query<ApiToken[], void>({
      queryFn: checkedQuery({ request: () => '/tokens', read: readTokens }),
    }),
    createApiToken: build.mutation<CreatedApiToken, CreateApiTokenRequest>({
      queryFn: checkedQuery({ request: (body: CreateApiTokenRequest) => ({ url: '/tokens', method: 'POST', body }), read: readCreated }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(apiTokensApi.util.updateQueryData('listApiTokens', undefined, (tokens) => [...tokens, data.apiToken]));
      },
    }),
    revokeApiToken: build.mutation<null, string>({
      queryFn: checkedQuery({
        request: (id: string) => ({ url: `/tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
        read: () => ({ data: null }),
      }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false))
          dispatch(apiTokensApi.util.updateQueryData('listApiTokens', undefined, (tokens) => tokens.filter((token) => token.id !== id)));
      },
    }),
  }),
});

export const { useListApiTokensQuery, useCreateApiTokenMutation, useRevokeApiTokenMutation } = apiTokensApi;
