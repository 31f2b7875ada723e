import { messages } from '@tracker/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { aUser } from '../../testing/fixtures.ts';
import { loggedOut } from '../auth/auth.slice.ts';
import { fieldErrors } from './api-errors.ts';
import { authApi } from './auth.api.ts';

const signedIn = () => makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('login', () => {
  it('stores token and user, sends no bearer, and syncs the timezone to settings', async () => {
    const user = aUser({ timezone: 'Asia/Tokyo' });
    const { requests } = fakeApi({ 'POST /api/auth/login': () => ({ status: 200, body: { token: 'tok', user } }) });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'ada@example.com', password: 'secret123' }));
    await settle();
    expect(store.getState().auth).toMatchObject({ token: 'tok', user, error: null });
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/auth/login', authorization: null });
    // The settings route may not exist yet (404): the failure is ignored.
    expect(requests[1]).toMatchObject({ method: 'PUT', path: '/api/settings/timezone', authorization: 'Bearer tok', body: { timezone: 'Asia/Tokyo' } });
    expect(store.getState().auth.error).toBeNull();
  });

  it("keeps the server's message, or 'Login failed' without one", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'POST /api/auth/login': () => ({ status: 401, body: { message: messages.invalidCredentials } }) });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }));
    expect(store.getState().auth).toMatchObject({ token: null, error: messages.invalidCredentials });

    vi.unstubAllGlobals();
    fakeApi({ 'POST /api/auth/login': () => ({ status: 502, text: '<html>Bad gateway</html>' }) });
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }));
    expect(store.getState().auth.error).toBe('Login failed');
  });
});

describe('register', () => {
  it("reports field errors and falls back to 'Registration failed'", async () => {
    fakeApi({
      'POST /api/auth/register': () => ({ status: 400, body: { errors: [{ field: 'password', message: messages.passwordTooShort }] } }),
    });
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.register.initiate({ name: 'A', email: 'a@b.c', password: 'short' }));
    expect(store.getState().auth.error).toBe('Registration failed');
    expect('error' in result && fieldErrors(result.error)).toEqual({ password: messages.passwordTooShort });
  });
});

describe('authenticated calls', () => {
  it('carry the bearer token and refresh the stored user', async () => {
    const fresh = aUser({ name: 'Ada King' });
    const { requests } = fakeApi({ 'GET /api/auth/me': () => ({ status: 200, body: { user: fresh } }) });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(requests[0]?.authorization).toBe('Bearer tok');
    expect(store.getState().auth.user).toEqual(fresh);
  });

  it('only log a 401: the token stays and nothing else happens', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/auth/me': () => ({ status: 401, body: { message: messages.invalidToken } }) });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(warn).toHaveBeenCalledWith('Unauthorized request - Token may be expired');
    expect(store.getState().auth).toMatchObject({ token: 'tok', error: messages.invalidToken });
  });

  it("fail without a request when there is no token: 'Authentication token is required'", async () => {
    const { requests } = fakeApi({});
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.updateMe.initiate({ name: 'A' }));
    expect(requests).toHaveLength(0);
    expect('error' in result && result.error).toMatchObject({ data: { message: messages.authTokenRequired } });
  });
});

describe('changing the password', () => {
  it('keeps this session signed in with the fresh token the answer carries', async () => {
    const user = aUser();
    const { requests } = fakeApi({ 'PUT /api/auth/me': () => ({ status: 200, body: { user, token: 'fresh' } }) });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.updateMe.initiate({ currentPassword: 'old-password', newPassword: 'new-password' }));
    expect(requests[0]).toMatchObject({ authorization: 'Bearer tok' });
    expect(store.getState().auth).toMatchObject({ token: 'fresh', user });
  });

  it('keeps the token when a profile update carries none', async () => {
    fakeApi({ 'PUT /api/auth/me': () => ({ status: 200, body: { user: aUser({ name: 'B' }) } }) });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.updateMe.initiate({ name: 'B' }));
    expect(store.getState().auth).toMatchObject({ token: 'tok', user: { name: 'B' } });
  });
});

describe('logout', () => {
  it('clears token, user and error; isAdmin is never set', () => {
    const store = makeStore({ auth: { token: 'tok', user: aUser(), error: 'old', isAdmin: false } });
    store.dispatch(loggedOut());
    expect(store.getState().auth).toEqual({ token: null, user: null, error: null, isAdmin: false });
  });
});
