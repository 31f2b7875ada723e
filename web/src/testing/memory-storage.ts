import { vi } from 'vitest';

/**
 * Stubs `window` with a localStorage kept in a Map (and a `location.reload` spy), so code that
 * touches the device's storage runs in Node. Undo with vi.unstubAllGlobals().
 */
export const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
  const reload = vi.fn();
  vi.stubGlobal('window', { localStorage, location: { reload } });
  return { items, reload };
};
