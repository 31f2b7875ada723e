import { PERSIST_TIMEOUT_MS } from '@tracker/contracts/constants';
import { persistStore } from 'redux-persist';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from './store.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the store', () => {
  it('stops waiting for persisted state after the 5 s load timeout and starts from the initial state', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const never = new Promise<never>(() => undefined);
    const store = makeStore(undefined, { storage: { getItem: () => never, setItem: () => never, removeItem: () => never } });
    const persistor = persistStore(store);
    await vi.advanceTimersByTimeAsync(PERSIST_TIMEOUT_MS - 1);
    expect(persistor.getState().bootstrapped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(PERSIST_TIMEOUT_MS).toBe(5_000);
    expect(persistor.getState().bootstrapped).toBe(true);
    expect(store.getState().auth.token).toBeNull();
  });
});
