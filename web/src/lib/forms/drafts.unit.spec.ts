import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllDrafts, clearDraft, hasDraft, readDraft, sameShape, writeDraft } from './drafts.ts';

const store = new Map<string, string>();
const sessionStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
  get length() {
    return store.size;
  },
};
// Object.keys(sessionStorage) lists the stored keys in a browser: the same here.
const storage = new Proxy(sessionStorage, {
  ownKeys: () => [...store.keys()],
  getOwnPropertyDescriptor: (target, key) =>
    typeof key === 'string' && store.has(key) ? { enumerable: true, configurable: true, value: store.get(key) } : Reflect.getOwnPropertyDescriptor(target, key),
});
Object.assign(globalThis, { window: { sessionStorage: storage } });

const form = { title: '', weight: '1', days: [] as number[], priority: 3 };

describe('a draft', () => {
  beforeEach(() => store.clear());

  it('given a half-typed form, when the page reloads, then the draft comes back as typed', () => {
    writeDraft('new-actionable', { title: 'Call mum', weight: '2', days: [1, 3], priority: 2 });
    expect(hasDraft('new-actionable')).toBe(true);
    expect(readDraft('new-actionable', form)).toEqual({ title: 'Call mum', weight: '2', days: [1, 3], priority: 2 });
  });

  it('given a draft of another shape (an older form, an edited store), then it is not used', () => {
    writeDraft('a', { title: 'x', weight: 2, days: [], priority: 3 });
    writeDraft('b', { title: 'x', weight: '1', days: [], priority: 3, extra: true });
    writeDraft('c', { title: 'x', weight: '1', days: [{}], priority: 3 });
    writeDraft('d', { title: 'x', weight: '1', days: [], priority: Number.NaN });
    store.set('draft:e', '{not json');
    for (const key of ['a', 'b', 'c', 'd', 'e', 'missing']) expect(readDraft(key, form)).toBeUndefined();
  });

  it('given drafts of several forms, when the user logs out, then none is left', () => {
    writeDraft('a', form);
    writeDraft('b', form);
    store.set('token-ish', 'kept');
    clearDraft('a');
    expect(hasDraft('a')).toBe(false);
    clearAllDrafts();
    expect([...store.keys()]).toEqual(['token-ish']);
  });

  it('compares shapes key by key, arrays of plain values only', () => {
    expect(sameShape({ a: '', b: [1] }, { a: 'x', b: [] })).toBe(true);
    expect(sameShape({ a: '' }, { a: '', b: '' })).toBe(false);
    expect(sameShape(null, { a: '' })).toBe(false);
    expect(sameShape('1', 1)).toBe(false);
  });
});
