import { REQUEST_TIMEOUT_MS } from '@tracker/contracts/constants';
import { messages } from '@tracker/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { aUser } from '../../testing/fixtures.ts';
import { settingsApi } from '../settings/settings.api.ts';
import { authApi } from './auth.api.ts';

const signedIn = (token = 'tok') => makeStore({ auth: { token, user: aUser(), error: null, isAdmin: false, sessionExpired: false } });
const signIn = { email: 'ada@example.com', password: 'secret123' };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the base query (spec.md §4, §5, §6, §9)', () => {
  it('sends every call under the base URL /api', async () => {
    const { requests } = fakeApi({ 'GET /api/auth/me': () => ({ status: 200, body: { user: aUser() } }) });
    await signedIn().dispatch(authApi.endpoints.getMe.initiate());
    expect(requests.map((request) => request.path)).toEqual(['/api/auth/me']);
  });

  it('sends a read or a keyed change again when the server answers busy (503 or 429 with Retry-After), and an unkeyed change once', async () => {
    let meCalls = 0;
    let weekStartCalls = 0;
    const { requests } = fakeApi({
      'GET /api/auth/me': () => (++meCalls === 1 ? { status: 503, body: {}, headers: { 'Retry-After': '0' } } : { status: 200, body: { user: aUser() } }),
      'PUT /api/settings/weekStart': () => (++weekStartCalls === 1 ? { status: 429, body: {}, headers: { 'Retry-After': '0' } } : { status: 200, body: {} }),
      'POST /api/auth/login': () => ({ status: 503, body: { message: 'busy' }, headers: { 'Retry-After': '0' } }),
    });
    const store = signedIn();
    expect((await store.dispatch(authApi.endpoints.getMe.initiate())).data).toBeDefined();
    await store.dispatch(settingsApi.endpoints.changeWeekStart.initiate('monday'));
    expect((await store.dispatch(authApi.endpoints.login.initiate(signIn))).error).toMatchObject({ status: 503 });
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/auth/me',
      'GET /api/auth/me',
      'PUT /api/settings/weekStart',
      'PUT /api/settings/weekStart',
      'POST /api/auth/login',
    ]);
    // The change sent again is the same change: its Idempotency-Key with it.
    const keys = requests.filter((request) => request.method === 'PUT').map((request) => request.idempotencyKey);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives up on a request after the 30 s request timeout', async () => {
    vi.useFakeTimers();
    fakeApi({});
    vi.stubGlobal(
      'fetch',
      (request: Request) =>
        // As a real fetch: pending until its signal aborts, then rejected with the signal's reason.
        new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason as Error))),
    );
    let settled = false;
    const call = signedIn()
      .dispatch(authApi.endpoints.getMe.initiate())
      .then((result) => ((settled = true), result));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect((await call).error).toMatchObject({ status: 'TIMEOUT_ERROR' });
  });

  it('sends the bearer token on every call but login and register', async () => {
    const answer = () => ({ status: 200, body: { token: 'tok', user: aUser(), message: 'ok' } });
    const { requests } = fakeApi({
      'POST /api/auth/login': answer,
      'POST /api/auth/register': answer,
      'GET /api/auth/me': answer,
      'POST /api/auth/forgot-password': answer,
      'PUT /api/settings/timezone': answer,
    });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.getMe.initiate());
    await store.dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'ada@example.com' }));
    await store.dispatch(authApi.endpoints.syncSettingsTimezone.initiate('Europe/Paris'));
    await store.dispatch(authApi.endpoints.login.initiate(signIn));
    await store.dispatch(authApi.endpoints.register.initiate({ name: 'Ada', ...signIn }));
    const bearerOf = Object.fromEntries(requests.map((request) => [request.path, request.authorization]));
    expect(bearerOf).toMatchObject({
      '/api/auth/me': 'Bearer tok',
      '/api/auth/forgot-password': 'Bearer tok',
      '/api/settings/timezone': 'Bearer tok',
      '/api/auth/login': null,
      '/api/auth/register': null,
    });
  });

  it("fails a request without a token with 'Authentication token is required', sending nothing", async () => {
    const { requests } = fakeApi({});
    const result = await makeStore().dispatch(authApi.endpoints.updateMe.initiate({ name: 'A' }));
    expect(requests).toHaveLength(0);
    expect(result.error).toMatchObject({ data: { message: messages.authTokenRequired } });
    expect(messages.authTokenRequired).toBe('Authentication token is required');
  });

  it("only logs a 401 as 'Unauthorized request - Token may be expired': no sign-out, no redirect", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/auth/me': () => ({ status: 401, body: { message: messages.invalidToken } }) });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(warn).toHaveBeenCalledExactlyOnceWith('Unauthorized request - Token may be expired');
    expect(store.getState().auth).toMatchObject({ token: 'tok', user: aUser() });
  });
});

describe('an expired session', () => {
  const rejectingToken = () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    return fakeApi({
      'GET /api/auth/me': () => ({ status: 401, body: { message: messages.invalidToken } }),
      'POST /api/auth/login': () => ({ status: 401, body: { message: messages.invalidCredentials } }),
    });
  };

  it('is noted when the server refuses the token a call carried', async () => {
    rejectingToken();
    const store = signedIn();
    expect(store.getState().auth.sessionExpired).toBe(false);
    await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(store.getState().auth.sessionExpired).toBe(true);
  });

  it('is not noted for a refused login, which carries no token', async () => {
    rejectingToken();
    const store = signedIn();
    await store.dispatch(authApi.endpoints.login.initiate(signIn));
    expect(store.getState().auth.sessionExpired).toBe(false);
  });

  it('is not noted when the refused token was replaced meanwhile (a new sign-in)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'POST /api/auth/login': () => ({ status: 200, body: { token: 'new', user: aUser() } }) });
    const answerOthers = globalThis.fetch;
    let answerMe = () => undefined as void;
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    vi.stubGlobal('fetch', async (request: Request) => {
      if (new URL(request.url).pathname !== '/api/auth/me') return answerOthers(request);
      await meAnswered;
      return new Response(JSON.stringify({ message: messages.invalidToken }), { status: 401, headers: { 'content-type': 'application/json' } });
    });
    const store = signedIn('old');
    const me = store.dispatch(authApi.endpoints.getMe.initiate());
    await store.dispatch(authApi.endpoints.login.initiate(signIn));
    answerMe();
    await me;
    expect(store.getState().auth).toMatchObject({ token: 'new', sessionExpired: false });
  });
});
