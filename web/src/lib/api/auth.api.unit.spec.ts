import { messages } from '@tracker/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { aUser } from '../../testing/fixtures.ts';
import { fieldErrors } from './api-errors.ts';
import { authApi } from './auth.api.ts';

const signedIn = () => makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false, sessionExpired: false } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const signIn = { email: 'ada@example.com', password: 'secret123' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('login and registration (spec.md §4)', () => {
  it('a successful login or registration stores token and user', async () => {
    const user = aUser();
    fakeApi({
      'POST /api/auth/login': () => ({ status: 200, body: { token: 'from-login', user } }),
      'POST /api/auth/register': () => ({ status: 201, body: { token: 'from-register', user } }),
    });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate(signIn));
    expect(store.getState().auth).toMatchObject({ token: 'from-login', user, error: null });
    const other = makeStore();
    await other.dispatch(authApi.endpoints.register.initiate({ name: 'Ada', ...signIn }));
    expect(other.getState().auth).toMatchObject({ token: 'from-register', user, error: null });
  });

  it('on login, when the user has a timezone, a timezone update is sent to settings', async () => {
    const { requests } = fakeApi({
      'POST /api/auth/login': () => ({ status: 200, body: { token: 'tok', user: aUser({ timezone: 'Asia/Tokyo' }) } }),
    });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate(signIn));
    await settle();
    // The answer (here a 404) is ignored: the login has succeeded.
    expect(requests[1]).toMatchObject({ method: 'PUT', path: '/api/settings/timezone', authorization: 'Bearer tok', body: { timezone: 'Asia/Tokyo' } });
    expect(store.getState().auth.error).toBeNull();

    vi.unstubAllGlobals();
    const without = fakeApi({ 'POST /api/auth/login': () => ({ status: 200, body: { token: 'tok', user: aUser({ timezone: '' }) } }) });
    await makeStore().dispatch(authApi.endpoints.login.initiate(signIn));
    await settle();
    expect(without.requests.map((request) => request.path)).toEqual(['/api/auth/login']);
  });

  it("a failed login keeps the server's message, or 'Login failed' without one", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'POST /api/auth/login': () => ({ status: 401, body: { message: messages.invalidCredentials } }) });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate(signIn));
    expect(store.getState().auth).toMatchObject({ token: null, error: messages.invalidCredentials });

    vi.unstubAllGlobals();
    fakeApi({ 'POST /api/auth/login': () => ({ status: 502, text: '<html>Bad gateway</html>' }) });
    await store.dispatch(authApi.endpoints.login.initiate(signIn));
    expect(store.getState().auth.error).toBe('Login failed');
  });

  it("a failed registration reports field errors and falls back to 'Registration failed'", async () => {
    fakeApi({
      'POST /api/auth/register': () => ({ status: 400, body: { errors: [{ field: 'password', message: messages.passwordTooShort }] } }),
    });
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.register.initiate({ name: 'A', email: 'a@b.c', password: 'short' }));
    expect(store.getState().auth.error).toBe('Registration failed');
    expect(fieldErrors(result.error)).toEqual({ password: messages.passwordTooShort });
  });
});

describe('the signed-in user', () => {
  it('is refreshed from /auth/me', async () => {
    const fresh = aUser({ name: 'Ada King' });
    fakeApi({ 'GET /api/auth/me': () => ({ status: 200, body: { user: fresh } }) });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(store.getState().auth.user).toEqual(fresh);
  });

  it('stays signed in with the fresh token a password change answers with', async () => {
    const user = aUser();
    fakeApi({ 'PUT /api/auth/me': () => ({ status: 200, body: { user, token: 'fresh' } }) });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.updateMe.initiate({ currentPassword: 'old-password', newPassword: 'new-password' }));
    expect(store.getState().auth).toMatchObject({ token: 'fresh', user });
  });

  it('keeps the token when a profile update carries none', async () => {
    fakeApi({ 'PUT /api/auth/me': () => ({ status: 200, body: { user: aUser({ name: 'B' }) } }) });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.updateMe.initiate({ name: 'B' }));
    expect(store.getState().auth).toMatchObject({ token: 'tok', user: { name: 'B' } });
  });
});
