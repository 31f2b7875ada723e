import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { REQUEST_TIMEOUT_MS } from '@tracker/contracts/constants';
import { messages } from '@tracker/contracts/messages';
import { sessionExpired } from '../auth/session-events.ts';

/** Endpoints that are sent without a bearer token (spec.md §6: login and register send none). */
const anonymousEndpoints = new Set(['login', 'register']);
/** Endpoints that work without being signed in; every other call needs a token before it is sent. */
const publicEndpoints = new Set([...anonymousEndpoints, 'forgotPassword', 'resetPassword', 'verifyEmail']);

interface StateWithToken {
  auth: { token: string | null };
}

const tokenOf = (state: unknown): string | null => (state as StateWithToken).auth?.token ?? null;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers, { getState, endpoint }) => {
    headers.set('Accept', 'application/json');
    const token = tokenOf(getState());
    if (token && !anonymousEndpoints.has(endpoint)) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, apiContext, extraOptions) => {
  if (!publicEndpoints.has(apiContext.endpoint) && !tokenOf(apiContext.getState())) {
    return {
      error: { status: 'CUSTOM_ERROR', error: messages.authTokenRequired, data: { message: messages.authTokenRequired } },
    };
  }
  const sentToken = anonymousEndpoints.has(apiContext.endpoint) ? null : tokenOf(apiContext.getState());
  const result = await rawBaseQuery(args, apiContext, extraOptions);
  if (result.error?.status === 401) {
    // spec.md §4: a 401 is only logged; the user is not signed out or redirected.
    console.warn('Unauthorized request - Token may be expired');
    // The screen offers to sign in again, unless the token was replaced meanwhile (a new login).
    if (sentToken && tokenOf(apiContext.getState()) === sentToken) apiContext.dispatch(sessionExpired());
  }
  return result;
};
