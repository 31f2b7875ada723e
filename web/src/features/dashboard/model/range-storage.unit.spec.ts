import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RANGE_STORAGE_KEY, readStoredRange, storeRange } from './range-storage.ts';
import { memoryStorage } from '../../../testing/memory-storage.ts';

describe('the dashboard range kept on this device', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    ({ items } = memoryStorage());
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

  it.each([
    ['junk JSON', '{not json'],
    ['null', 'null'],
    ['a string', '"2026-10-01"'],
    ['an array', JSON.stringify(['2026-10-01'])],
    ['wrong types', JSON.stringify({ startDate: 20261001, endDate: true })],
    ['nested objects', JSON.stringify({ startDate: { a: '2026-10-01' }, endDate: ['2026-10-31'] })],
    ['huge strings', JSON.stringify({ startDate: `2026-10-01${'x'.repeat(1_000_000)}`, endDate: '2026-10-31' })],
    ['an impossible date', JSON.stringify({ startDate: '2026-02-30', endDate: '2026-03-01' })],
    ['a range the server would refuse', JSON.stringify({ startDate: '2026-10-31', endDate: '2026-10-01' })],
    ['a range too long', JSON.stringify({ startDate: '2020-01-01', endDate: '2026-10-01' })],
  ])('ignores what it cannot use: %s', (_, raw) => {
    items.set(RANGE_STORAGE_KEY, raw);
    expect(readStoredRange()).toBeUndefined();
  });

  it('gives back only the range, whatever else was stored with it', () => {
    items.set(RANGE_STORAGE_KEY, JSON.stringify({ startDate: '2026-10-01', endDate: '2026-10-31', extra: { a: 1 } }));
    expect(readStoredRange()).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });

  it('works without storage at all', () => {
    vi.unstubAllGlobals();
    expect(readStoredRange()).toBeUndefined();
    expect(() => storeRange({ startDate: '2026-10-01', endDate: '2026-10-31' })).not.toThrow();
  });
});
