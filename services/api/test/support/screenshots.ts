import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** test-output/screenshots/ at the repository's root (ignored by git), made on first use. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../../test-output/screenshots/', import.meta.url));

export type Theme = 'light' | 'dark';

/**
 * A screenshot of the page as it is, named `<screen>-<width>-<theme>.png`: the whole page, or only the
 * viewport for what overlays it (a modal dialog, an open menu: a full-page capture stitches them
 * oddly). The viewport's width is set first and the page given a moment to lay out again; its height
 * is left alone. Animations are stopped so spinners and transitions do not blur.
 */
export const screenshot = async (page: Page, screen: string, width: number, theme: Theme, { fullPage = true } = {}): Promise<string> => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const height = page.viewportSize()?.height ?? 900;
  if (page.viewportSize()?.width !== width) {
    await page.setViewportSize({ width, height });
    // Two frames: the resize's layout, then whatever it re-rendered.
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  }
  const file = `${SCREENSHOT_DIR}${screen}-${width}-${theme}.png`;
  await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide' });
  return file;
};
