import { persistStore } from 'redux-persist';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { initialGoalsState } from '../../features/goals/stores/goals.slice.ts';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { TOKEN_STORAGE_KEY } from '../auth/token-storage.ts';
import { OUTBOX_KEY } from '../offline/outbox-storage.ts';
import { THEME_STORAGE_KEY } from '../settings/theme.ts';
import { forgetUntrustedState, reloadPage } from './recovery.ts';

afterEach(() => vi.unstubAllGlobals());

describe("'Reload Page' always recovers", () => {
  it('forgets the state kept on this device that could have caused the error, keeping the session, the theme and the changes waiting to be sent, then reloads', () => {
    const { items, reload } = memoryStorage({
      [TOKEN_STORAGE_KEY]: 'tok',
      [THEME_STORAGE_KEY]: 'dark',
      [OUTBOX_KEY]: '{"queue":[],"refused":[]}',
      'persist:auth': '{"user":"{\\"name\\":{}}"}',
      'persist:goals': '{"expandedGoalIds":"{}"}',
      'dashboard-range': '{"startDate":[]}',
      'something-a-later-version-adds': 'x',
    });
    reloadPage();
    expect([...items.keys()].sort()).toEqual([THEME_STORAGE_KEY, TOKEN_STORAGE_KEY, OUTBOX_KEY].sort());
    expect(reload).toHaveBeenCalledOnce();
  });

  it('after the reload the app starts from its initial state, still signed in', async () => {
    memoryStorage({ [TOKEN_STORAGE_KEY]: 'tok', 'persist:goals': JSON.stringify({ selectedGoalId: '"g-that-crashes"' }) });
    forgetUntrustedState();
    const store = makeStore();
    const persistor = persistStore(store);
    await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
    expect(store.getState().auth.token).toBe('tok');
    expect(store.getState().goals).toMatchObject(initialGoalsState());
  });

  it('still reloads when storage cannot be used', () => {
    const reload = vi.fn();
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      location: { reload },
    });
    reloadPage();
    expect(reload).toHaveBeenCalledOnce();
  });
});
