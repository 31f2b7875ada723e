import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { aUser } from '../../testing/fixtures.ts';
import { authApi } from './auth.api.ts';

type Store = ReturnType<typeof makeStore>;
const signedIn = () => makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false } });

/** spec.md §8's Auth fallbacks: the call that fails, on a fresh store (signed out for login and register). */
const calls: Record<string, { route: string; store: () => Store; run: (store: Store) => Promise<unknown> }> = {
  'Login failed': {
    route: 'POST /api/auth/login',
    store: () => makeStore(),
    run: (s) => s.dispatch(authApi.endpoints.login.initiate({ email: 'ada@example.com', password: 'secret123' })),
  },
  'Registration failed': {
    route: 'POST /api/auth/register',
    store: () => makeStore(),
    run: (s) => s.dispatch(authApi.endpoints.register.initiate({ name: 'Ada', email: 'ada@example.com', password: 'secret123' })),
  },
  'Failed to get profile': { route: 'GET /api/auth/me', store: signedIn, run: (s) => s.dispatch(authApi.endpoints.getMe.initiate()) },
  'Failed to update profile': { route: 'PUT /api/auth/me', store: signedIn, run: (s) => s.dispatch(authApi.endpoints.updateMe.initiate({ name: 'Ada L.' })) },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("spec.md §8's Auth fallback texts: a failure without a server message is stored as them", () => {
  it.each(Object.keys(calls))("'%s'", async (text) => {
    const call = calls[text]!;
    fakeApi({ [call.route]: () => ({ status: 500 }) });
    const store = call.store();
    await call.run(store);
    expect(store.getState().auth.error).toBe(text);
  });
});
