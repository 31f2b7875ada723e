import { TOKEN_STORAGE_KEY } from '../auth/token-storage.ts';
import { OUTBOX_KEY } from '../offline/outbox-storage.ts';

/** lib/settings/theme.ts's key, written out: importing that module would load zod before the first screen. */
const THEME_STORAGE_KEY = 'theme';

/**
 * What a reload from the error screen keeps on this device: the session, the theme and the changes
 * made offline that wait to be sent (lib/offline: losing them would lose the user's work), each
 * checked whenever it is read. Everything else (persisted slices, the dashboard range, whatever a later
 * version adds) may be what broke the page, so it goes and the app starts from its initial state.
 */
const trustedKeys: ReadonlySet<string> = new Set([TOKEN_STORAGE_KEY, THEME_STORAGE_KEY, OUTBOX_KEY]);

export const forgetUntrustedState = (): void => {
  try {
    const storage = window.localStorage;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key !== null && !trustedKeys.has(key)) storage.removeItem(key);
  } catch {
    // No storage (disabled, or no window): nothing kept that could break the next load.
  }
};

/** The error screen's 'Reload Page' (spec.md §2), made so the reload cannot land on the same error. */
export const reloadPage = (): void => {
  forgetUntrustedState();
  window.location.reload();
};
