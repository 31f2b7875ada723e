import { persistStore } from 'redux-persist';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { aUser } from '../../testing/fixtures.ts';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { authApi } from '../api/auth.api.ts';
import { loggedOut } from './auth.slice.ts';
import { writeSessionAtOnce } from '../persist/session-written-at-once.ts';
import { readStoredToken, TOKEN_STORAGE_KEY } from './token-storage.ts';

// Rehydration checks stored state with a module loaded on demand; loaded here, so fake timers alone
// drive the rest (loading a module takes real time, which runAllTimersAsync does not wait for).
beforeAll(async () => {
  await import('../persist/persisted-auth.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const persistedAuth = (items: Map<string, string>): unknown => JSON.parse(JSON.parse(items.get('persist:auth') ?? '{}').token ?? 'null');

describe("the token (spec.md §4: kept in localStorage 'token' and in persisted state)", () => {
  it('is written to both from one place, the store mirror, on login, logout and rehydration', async () => {
    vi.useFakeTimers();
    const { items } = memoryStorage({ 'persist:auth': JSON.stringify({ token: '"restored"', _persist: '{"version":1,"rehydrated":true}' }) });
    fakeApi({ 'POST /api/auth/login': () => ({ status: 200, body: { token: 'logged-in', user: aUser() } }) });
    const store = makeStore();
    persistStore(store);
    await vi.runAllTimersAsync();
    expect(items.get(TOKEN_STORAGE_KEY)).toBe('restored');

    const login = store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }));
    await vi.runAllTimersAsync();
    await login;
    await vi.runAllTimersAsync();
    expect(items.get(TOKEN_STORAGE_KEY)).toBe('logged-in');
    expect(persistedAuth(items)).toBe('logged-in');

    store.dispatch(loggedOut());
    await vi.runAllTimersAsync();
    expect(items.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(persistedAuth(items)).toBeNull();
    vi.useRealTimers();
  });

  it('reaches persisted state in the same moment as a sign-in or sign-out, so a reload right after restores the new session', async () => {
    vi.useFakeTimers();
    const { items } = memoryStorage({});
    fakeApi({ 'POST /api/auth/login': () => ({ status: 200, body: { token: 'logged-in', user: aUser() } }) });
    const store = makeStore();
    const persistor = persistStore(store);
    writeSessionAtOnce(store, persistor);
    await vi.runAllTimersAsync();

    // What storage holds at the moment the token changes, before any timer of redux-persist's runs.
    const heldWhenChanged: unknown[] = [];
    let token = store.getState().auth.token;
    store.subscribe(() => {
      if (store.getState().auth.token === token) return;
      token = store.getState().auth.token;
      heldWhenChanged.push(persistedAuth(items));
    });
    const login = store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }));
    await vi.runAllTimersAsync();
    await login;
    store.dispatch(loggedOut());
    expect(heldWhenChanged).toEqual(['logged-in', null]);
    vi.useRealTimers();
  });

  it('is read back only when it could be sent in a header', () => {
    const { items } = memoryStorage({ [TOKEN_STORAGE_KEY]: 'a.b.c' });
    expect(readStoredToken()).toBe('a.b.c');
    for (const junk of ['', 'tok en', 'tok\n', 'tøken', 'x'.repeat(5000)]) {
      items.set(TOKEN_STORAGE_KEY, junk);
      expect(readStoredToken()).toBeNull();
    }
  });
});
