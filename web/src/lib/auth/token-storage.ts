/** spec.md §4: the token is kept in local storage (under `token`) as well as in persisted state. */
export const TOKEN_STORAGE_KEY = 'token';

const local = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

export const readStoredToken = (): string | null => {
  try {
    return local()?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
};

export const writeStoredToken = (token: string | null): void => {
  try {
    if (token === null) local()?.removeItem(TOKEN_STORAGE_KEY);
    else local()?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage can be full or disabled (private mode); persisted state still holds the token.
  }
};

/** Mirrors the auth slice's token into local storage whenever it changes (login, logout, rehydration). */
export const mirrorTokenToStorage = (store: {
  getState: () => { auth: { token: string | null } };
  subscribe: (listener: () => void) => () => void;
}): (() => void) => {
  let last = store.getState().auth.token;
  return store.subscribe(() => {
    const token = store.getState().auth.token;
    if (token === last) return;
    last = token;
    writeStoredToken(token);
  });
};
