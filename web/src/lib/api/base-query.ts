import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { REQUEST_TIMEOUT_MS } from '@tracker/contracts/constants';
import { messages } from '@tracker/contracts/messages';
import { sessionExpired } from '../auth/session-events.ts';
import { changeQueued, connectionLost, connectionRestored, type OfflineState } from '../offline/offline.slice.ts';
import { queuedError, type QueueableArgs } from '../offline/queued-change.ts';
import { sendRetryingWhenBusy, type BusyAnswer } from './busy-retry.ts';
import { IDEMPOTENCY_HEADER } from './idempotency-key.ts';

/** Endpoints that are sent without a bearer token (spec.md §6: login and register send none). */
const anonymousEndpoints = new Set(['login', 'register']);
/** Endpoints that work without being signed in; every other call needs a token before it is sent. */
const publicEndpoints = new Set([...anonymousEndpoints, 'forgotPassword', 'resetPassword', 'verifyEmail']);

interface StateWithToken {
  auth: { token: string | null; user?: { id: string } | null };
  offline?: OfflineState;
}

const tokenOf = (state: unknown): string | null => (state as StateWithToken).auth?.token ?? null;

const withoutDescription = ({ offline: _description, ...request }: QueueableArgs): FetchArgs => request;

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

/** A busy server's 503 or 429 is retried this way (lib/api/busy-retry.ts): a few seconds at most. */
const BUSY_RETRY = { retries: 2, defaultWaitMs: 500, maxWaitMs: 5_000 };

const busyAnswerOf = (answer: Awaited<ReturnType<typeof rawBaseQuery>>): BusyAnswer => ({
  status: answer.meta?.response?.status,
  retryAfter: answer.meta?.response?.headers.get('Retry-After'),
});

const keyOf = (args: QueueableArgs): string | undefined => {
  const { headers } = args;
  if (headers instanceof Headers) return headers.get(IDEMPOTENCY_HEADER) ?? undefined;
  if (Array.isArray(headers)) return headers.find(([name]) => name === IDEMPOTENCY_HEADER)?.[1];
  return headers?.[IDEMPOTENCY_HEADER];
};

/**
 * A create or a completion (`queueable`, lib/offline/queued-change.ts) that cannot reach the server is
 * kept on the device with its Idempotency-Key and answered `queuedError`; so is one made while older
 * changes still wait, so that they reach the server in the order they were made.
 */
const queueIfUnreachable = async (
  args: string | QueueableArgs,
  state: StateWithToken,
  dispatch: (action: unknown) => unknown,
  send: (args: string | QueueableArgs) => Promise<Awaited<ReturnType<typeof rawBaseQuery>>>,
) => {
  const change = typeof args === 'string' ? undefined : args.offline;
  const key = typeof args === 'string' ? undefined : keyOf(args);
  const userId = state.auth.user?.id;
  if (typeof args === 'string' || !change || !key || !userId) return send(args);
  const queue = () => {
    const body: unknown = args.body;
    dispatch(
      changeQueued({
        ...change,
        key,
        userId,
        url: args.url,
        method: args.method ?? 'GET',
        ...(body === undefined ? {} : { body }),
        queuedAt: new Date().toISOString(),
      }),
    );
    return { error: queuedError() };
  };
  // A delete held for its Undo is not waiting: nothing made meanwhile queues behind it.
  const held = state.offline?.held ?? [];
  const waiting = state.offline?.queue.filter((earlier) => earlier.userId === userId && !held.includes(earlier.key)) ?? [];
  // A second tap on an item whose completion already waits: that one will be sent, not a second.
  if (change.itemId && waiting.some((earlier) => earlier.itemId === change.itemId && earlier.url === args.url)) return { error: queuedError() };
  if (waiting.length > 0) return queue();
  const result = await send(args);
  return result.error?.status === 'FETCH_ERROR' ? queue() : result;
};

export const baseQuery: BaseQueryFn<string | QueueableArgs, unknown, FetchBaseQueryError> = async (args, apiContext, extraOptions) => {
  if (!publicEndpoints.has(apiContext.endpoint) && !tokenOf(apiContext.getState())) {
    return {
      error: { status: 'CUSTOM_ERROR', error: messages.authTokenRequired, data: { message: messages.authTokenRequired } },
    };
  }
  const sentToken = anonymousEndpoints.has(apiContext.endpoint) ? null : tokenOf(apiContext.getState());
  const state = apiContext.getState() as StateWithToken;
  const result = await queueIfUnreachable(args, state, apiContext.dispatch, async (request) => {
    const sent = typeof request === 'string' ? request : withoutDescription(request);
    // A read, or a change under its Idempotency-Key, may be sent again: the server answers a repeat with the first outcome.
    const repeatable = typeof request === 'string' || (request.method ?? 'GET').toUpperCase() === 'GET' || keyOf(request) !== undefined;
    const answer = repeatable
      ? await sendRetryingWhenBusy(async () => rawBaseQuery(sent, apiContext, extraOptions), busyAnswerOf, { ...BUSY_RETRY, signal: apiContext.signal })
      : await rawBaseQuery(sent, apiContext, extraOptions);
    // What the app knows of the connection: no answer at all means offline; any answer, even an error, means back.
    const online = (apiContext.getState() as StateWithToken).offline?.online;
    if (answer.error?.status === 'FETCH_ERROR' && online !== false) apiContext.dispatch(connectionLost());
    else if (typeof (answer.meta?.response?.status ?? answer.error?.status) === 'number' && online === false) apiContext.dispatch(connectionRestored());
    return answer;
  });
  if (result.error?.status === 401) {
    // spec.md §4: a 401 is only logged; the user is not signed out or redirected.
    console.warn('Unauthorized request - Token may be expired');
    // The screen offers to sign in again, unless the token was replaced meanwhile (a new login).
    if (sentToken && tokenOf(apiContext.getState()) === sentToken) apiContext.dispatch(sessionExpired());
  }
  return result;
};
