import { describe, expect, it } from 'vitest';
import { onTokenChange, type TokenStore } from './token-change.ts';

/** A store holding just a token, and a way to set it as an action would. */
const tokenStore = (initial: string | null): TokenStore & { set: (token: string | null) => void; other: () => void } => {
  let state = { auth: { token: initial } };
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    getState: () => state,
    subscribe: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    set: (token) => ((state = { auth: { token } }), notify()),
    other: notify,
  };
};

describe('onTokenChange', () => {
  it('given a signed-in store, when the token changes, is told each new token once, and nothing for other actions', () => {
    const store = tokenStore('first');
    const heard: (string | null)[] = [];
    onTokenChange(store, (token) => heard.push(token));
    store.other();
    store.set('first');
    store.set('second');
    store.other();
    store.set(null);
    store.set(null);
    expect(heard).toEqual(['second', null]);
  });

  it('given a listener that stops itself, when the token changes again, is not told', () => {
    const store = tokenStore(null);
    const heard: (string | null)[] = [];
    const stop = onTokenChange(store, (token) => {
      heard.push(token);
      stop();
    });
    store.set('a');
    store.set('b');
    expect(heard).toEqual(['a']);
  });
});
