import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RANGE_STORAGE_KEY, readStoredRange, storeRange } from './range-storage.ts';

describe('the dashboard range kept on this device', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = new Map();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a chosen range and gives it back', () => {
    storeRange({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(readStoredRange()).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });

  it('keeps nothing for the default, so the last 7 days move with today', () => {
    storeRange({ startDate: '2026-10-01', endDate: '2026-10-31' });
    storeRange(undefined);
    expect(items.has(RANGE_STORAGE_KEY)).toBe(false);
    expect(readStoredRange()).toBeUndefined();
  });

  it('ignores what it cannot use: junk, or a range the server would refuse', () => {
    items.set(RANGE_STORAGE_KEY, '{not json');
    expect(readStoredRange()).toBeUndefined();
    items.set(RANGE_STORAGE_KEY, JSON.stringify({ startDate: '2026-10-31', endDate: '2026-10-01' }));
    expect(readStoredRange()).toBeUndefined();
    items.set(RANGE_STORAGE_KEY, JSON.stringify(['2026-10-01']));
    expect(readStoredRange()).toBeUndefined();
  });

  it('works without storage at all', () => {
    vi.unstubAllGlobals();
    expect(readStoredRange()).toBeUndefined();
    expect(() => storeRange({ startDate: '2026-10-01', endDate: '2026-10-31' })).not.toThrow();
  });
});
