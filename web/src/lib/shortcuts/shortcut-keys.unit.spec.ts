import { describe, expect, it } from 'vitest';
import { SEQUENCE_MS, shortcutReader, type KeyPress, type Shortcut } from './shortcut-keys.ts';

const shortcuts: Shortcut<string>[] = [
  { keys: 'q', label: 'Quick add', command: 'quick-add' },
  { keys: '?', label: 'Shortcuts', command: 'sheet' },
  { keys: 'g d', label: 'Dashboard', command: '/dashboard' },
  { keys: 'g g', label: 'Goals', command: '/goals' },
];

const field = new EventTarget();
const press = (key: string, timeStamp: number, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  timeStamp,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: null,
  ...more,
});
const reader = () => shortcutReader(shortcuts, (target) => target === field);

describe('keyboard shortcuts', () => {
  it('a single key runs its command; ? with Shift too', () => {
    const read = reader();
    expect(read(press('q', 0))).toBe('quick-add');
    expect(read(press('?', 10))).toBe('sheet');
  });

  it('g then a key within the time goes; after it, the second key alone does nothing', () => {
    const read = reader();
    expect(read(press('g', 0))).toBeUndefined();
    expect(read(press('d', SEQUENCE_MS))).toBe('/dashboard');
    expect(read(press('g', 5_000))).toBeUndefined();
    expect(read(press('g', 5_100))).toBe('/goals');
    expect(read(press('g', 9_000))).toBeUndefined();
    expect(read(press('d', 9_000 + SEQUENCE_MS + 1))).toBeUndefined();
  });

  it('never while typing in a field, nor with Ctrl, Alt or ⌘; either ends a pending g', () => {
    const read = reader();
    expect(read(press('q', 0, { target: field }))).toBeUndefined();
    expect(read(press('q', 0, { ctrlKey: true }))).toBeUndefined();
    expect(read(press('q', 0, { metaKey: true }))).toBeUndefined();
    expect(read(press('q', 0, { altKey: true }))).toBeUndefined();
    expect(read(press('g', 10))).toBeUndefined();
    expect(read(press('d', 20, { target: field }))).toBeUndefined();
    expect(read(press('d', 30))).toBeUndefined();
  });

  it('an unknown key ends a pending g', () => {
    const read = reader();
    read(press('g', 0));
    expect(read(press('x', 10))).toBeUndefined();
    expect(read(press('d', 20))).toBeUndefined();
  });
});
