import { clearAllDrafts } from '../forms/drafts.ts';
import { forgetAnswers } from '../offline/answers-storage.ts';
import { onTokenChange, type TokenStore } from './token-change.ts';

/** spec.md §4: the token is kept in local storage (under `token`) as well as in persisted state. */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * A token this client can send: it goes into an Authorization header, where anything but visible
 * ASCII makes the browser throw. Anything else read back from storage is treated as no token.
 * A pattern rather than a zod schema: this runs before the first render, where zod is not loaded.
 */
export const USABLE_TOKEN = /^[\x21-\x7e]{1,4096}$/;

export const isUsableToken = (value: unknown): value is string => typeof value === 'string' && USABLE_TOKEN.test(value);

const local = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

export const readStoredToken = (): string | null => {
  try {
    const stored = local()?.getItem(TOKEN_STORAGE_KEY);
    return isUsableToken(stored) ? stored : null;
  } catch {
    return null;
  }
};

const writeStoredToken = (token: string | null): void => {
  try {
    if (token === null) local()?.removeItem(TOKEN_STORAGE_KEY);
    else local()?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage can be full or disabled (private mode); persisted state still holds the token.
  }
};

/**
 * The one writer of `localStorage.token`: mirrors the auth slice's token whenever it changes, so
 * login, registration, logout and rehydration all reach storage the same way.
 */
export const mirrorTokenToStorage = (store: TokenStore): (() => void) =>
  onTokenChange(store, (token) => {
    writeStoredToken(token);
    // Signed out: no half-typed form outlives the session that typed it (lib/forms/drafts.ts), nor
    // an answer the session read (lib/offline/answers-on-device.ts).
    if (token === null) {
      clearAllDrafts();
      forgetAnswers();
    }
  });
