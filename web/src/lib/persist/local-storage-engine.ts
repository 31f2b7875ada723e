import type { Storage } from 'redux-persist';

/**
 * redux-persist's storage engine over window.localStorage. Written here rather than imported from
 * `redux-persist/lib/storage` (CommonJS, untyped path); without a window (unit tests) it stores nothing.
 */
const local = (): globalThis.Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

export const localStorageEngine: Storage = {
  getItem: (key: string) => Promise.resolve(local()?.getItem(key) ?? null),
  setItem: (key: string, value: string) => Promise.resolve(local()?.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(local()?.removeItem(key)),
};
