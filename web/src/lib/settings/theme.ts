import { DEFAULT_THEME } from '@tracker/contracts/constants';
import type { Theme } from '@tracker/contracts/settings/http';
import { themes } from '@tracker/contracts/values';

/**
 * The theme is the server's setting; this device keeps a copy (under `theme`) so the right palette
 * is on screen from the start, before the settings answer. styles.css reads `data-theme` on <html>:
 * light or dark force that palette, system follows prefers-color-scheme.
 */
export const THEME_STORAGE_KEY = 'theme';

const isTheme = (value: unknown): value is Theme => typeof value === 'string' && (themes as readonly string[]).includes(value);

export const readStoredTheme = (): Theme => {
  try {
    const stored = typeof window === 'undefined' ? null : window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
};

/** Puts the theme on <html> for this page only. */
export const showTheme = (theme: Theme): void => {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
};

/** Puts the theme on <html> and keeps it on this device. */
export const applyTheme = (theme: Theme): void => {
  if (typeof document === 'undefined') return;
  showTheme(theme);
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be full or disabled: the theme still applies to this page.
  }
};

const STAMP_STORAGE_KEY = 'theme-updated-at';

const readStamp = (): string | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(STAMP_STORAGE_KEY);
  } catch {
    return null;
  }
};

/**
 * A theme from the server's settings, applied unless this device already shows one from the same
 * user's later settings: a read answered by a read model that has not caught up with the user's
 * last change (an older `updatedAt`) must not put the old theme back.
 */
export const applyServerTheme = (theme: Theme, { userId, updatedAt }: { userId: string; updatedAt: string | null }): void => {
  const [shownUser, shownAt] = (readStamp() ?? '').split('|');
  if (shownUser === userId && shownAt && (updatedAt === null || updatedAt < shownAt)) return;
  applyTheme(theme);
  try {
    window.localStorage.setItem(STAMP_STORAGE_KEY, `${userId}|${updatedAt ?? ''}`);
  } catch {
    // As in applyTheme.
  }
};

/** The kept theme, applied when the app's modules load (before React renders anything). */
export const restoreTheme = (): void => {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = readStoredTheme();
};
