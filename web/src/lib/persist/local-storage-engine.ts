import type { Storage } from 'redux-persist';

/**
 * redux-persist's storage engine over window.localStorage. Written here rather than imported from
 * `redux-persist/lib/storage` (CommonJS, untyped path); without a window (unit tests) it stores nothing.
 * Failures (storage disabled, quota exceeded) become rejected promises: redux-persist calls getItem
 * inside a reducer, where a thrown error would take the whole app down instead of loading nothing.
 */
const local = (): globalThis.Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

const attempt = <T>(operation: () => T): Promise<T> => {
  try {
    return Promise.resolve(operation());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
};

export const localStorageEngine: Storage = {
  getItem: (key: string) => attempt(() => local()?.getItem(key) ?? null),
  setItem: (key: string, value: string) => attempt(() => local()?.setItem(key, value)),
  removeItem: (key: string) => attempt(() => local()?.removeItem(key)),
};
