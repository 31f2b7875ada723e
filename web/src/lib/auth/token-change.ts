/** A store whose auth slice holds the session's token (the app's store, or a test's). */
export interface TokenStore {
  getState: () => { auth: { token: string | null } };
  subscribe: (listener: () => void) => () => void;
}

/**
 * Calls `listener` each time the session's token changes (sign-in, sign-out, a new token, a restored
 * session), with the token it changed to; not for the token the store holds when this is called.
 * Returns the unsubscribe. The one place that follows the session, so every reaction to it (the
 * stored token, persisted state written at once, the answers kept on the device) sees the same changes.
 */
export const onTokenChange = (store: TokenStore, listener: (token: string | null) => void): (() => void) => {
  let last = store.getState().auth.token;
  return store.subscribe(() => {
    const token = store.getState().auth.token;
    if (token === last) return;
    last = token;
    listener(token);
  });
};
