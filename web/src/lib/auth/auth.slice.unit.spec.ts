import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { aUser } from '../../testing/fixtures.ts';
import { authApi } from '../api/auth.api.ts';
import { loggedOut, selectIsAdmin, selectSessionExpired, selectSignedOutTo } from './auth.slice.ts';
import { sessionExpired } from './session-events.ts';
import { logOut } from './use-logout.ts';

const signedIn = () => makeStore({ auth: { token: 'tok', user: aUser(), error: 'old', isAdmin: false, sessionExpired: false } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the auth slice (spec.md §4)', () => {
  it('logout clears token, user and error and goes to /login', async () => {
    const store = signedIn();
    const steps: string[] = [];
    await logOut(
      (to) => void steps.push(`navigate ${to}`),
      (action) => {
        steps.push(action.type);
        return store.dispatch(action);
      },
    );
    expect(steps.slice(0, 2)).toEqual(['navigate /login', loggedOut.type]);
    expect(store.getState().auth).toMatchObject({ token: null, user: null, error: null });
    // The login page's chunk may still be loading: the page's guard, left without a token, sends the
    // user where the logout went (/login), not to /login?redirect=<page>.
    expect(selectSignedOutTo(store.getState())).toBe('/login');
  });

  it('an expired session signs out to /login?redirect=<page>, and the next sign-in forgets it', async () => {
    const store = signedIn();
    await logOut(() => undefined, store.dispatch, '/login?redirect=/goals');
    expect(selectSignedOutTo(store.getState())).toBe('/login?redirect=/goals');
    fakeApi({ 'POST /api/auth/login': () => ({ status: 200, body: { token: 'new', user: aUser() } }) });
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }));
    expect(selectSignedOutTo(store.getState())).toBeNull();
  });

  it('admin status is held in state but never set', async () => {
    fakeApi({ 'POST /api/auth/login': () => ({ status: 200, body: { token: 'tok', user: aUser({ role: 'admin' }) } }) });
    const store = makeStore();
    expect(store.getState().auth).toHaveProperty('isAdmin', false);
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }));
    expect(selectIsAdmin(store.getState())).toBe(false);
  });
});

describe('an expired session', () => {
  it('is noted while signed in, and forgotten by logout or a new sign-in', async () => {
    const store = signedIn();
    store.dispatch(sessionExpired());
    expect(selectSessionExpired(store.getState())).toBe(true);
    store.dispatch(loggedOut());
    expect(selectSessionExpired(store.getState())).toBe(false);

    fakeApi({ 'POST /api/auth/login': () => ({ status: 200, body: { token: 'new', user: aUser() } }) });
    const again = signedIn();
    again.dispatch(sessionExpired());
    await again.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }));
    expect(again.getState().auth).toMatchObject({ token: 'new', sessionExpired: false });
  });

  it('is not noted when nobody is signed in', () => {
    const store = makeStore({ auth: { token: null, user: null, error: null, isAdmin: false, sessionExpired: false } });
    store.dispatch(sessionExpired());
    expect(selectSessionExpired(store.getState())).toBe(false);
  });
});
