import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerTheme, applyTheme, readStoredTheme, restoreTheme } from './theme.ts';
import { memoryStorage } from '../../testing/memory-storage.ts';

describe('the theme on <html>', () => {
  let items: Map<string, string>;
  let dataset: Record<string, string>;
  beforeEach(() => {
    dataset = {};
    vi.stubGlobal('document', { documentElement: { dataset } });
    ({ items } = memoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  const ada = { userId: 'a', updatedAt: '2026-11-23T10:00:00.000Z' };

  it('is kept on the device and put back when the app starts (system when nothing or junk is kept)', () => {
    restoreTheme();
    expect(dataset.theme).toBe('system');
    applyTheme('dark');
    expect(dataset.theme).toBe('dark');
    expect(readStoredTheme()).toBe('dark');
    dataset.theme = '';
    restoreTheme();
    expect(dataset.theme).toBe('dark');
    items.set('theme', 'purple');
    expect(readStoredTheme()).toBe('system');
  });

  it("follows the server's settings, but not an answer older than the ones already shown", () => {
    applyServerTheme('dark', ada);
    expect(dataset.theme).toBe('dark');
    // A read model that has not caught up answers the settings from before the change.
    applyServerTheme('system', { userId: 'a', updatedAt: '2026-11-23T09:00:00.000Z' });
    expect(dataset.theme).toBe('dark');
    applyServerTheme('light', { userId: 'a', updatedAt: '2026-11-23T11:00:00.000Z' });
    expect(dataset.theme).toBe('light');
  });

  it("takes another user's settings whatever their date", () => {
    applyServerTheme('dark', ada);
    applyServerTheme('light', { userId: 'b', updatedAt: '2025-01-01T00:00:00.000Z' });
    expect(dataset.theme).toBe('light');
  });
});
