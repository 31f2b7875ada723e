import { DEFAULT_THEME } from '@tracker/contracts/constants';
import { themes, type Theme } from '@tracker/contracts/settings/http';

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

/** Puts the theme on <html> and keeps it on this device. */
export const applyTheme = (theme: Theme): void => {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be full or disabled: the theme still applies to this page.
  }
};

/** The kept theme, applied when the app's modules load (before React renders anything). */
export const restoreTheme = (): void => {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = readStoredTheme();
};
