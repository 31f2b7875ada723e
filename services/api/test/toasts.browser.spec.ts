import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, closeBrowserRun, openBrowserRun, signInWithToken } from './support/browser.ts';
import { screenshot, type Theme } from './support/screenshots.ts';
import type { TestApp } from './support/test-app.ts';

// Issue 19, finding 8: toasts covered Profile and Log out in the header and Import, Export and New on
// the page. On a 375 px phone and at 1280, a toast with Undo shows after a completion, and no control
// of the header, the page's header or its toolbar is under it; it is announced (a polite live region),
// reached by keyboard, and its Undo undoes.

const DAY_MS = 86_400_000;

/** The controls a toast must leave free: the app header's, the page header's and the page toolbar's. */
const CONTROLS = ['.app-header', '#main-content .page-header', '#main-content .act-toolbar']
  .flatMap((part) => ['a[href]', 'button', 'input', 'select', 'summary'].map((control) => `${part} ${control}`))
  .join(', ');

interface Covered {
  control: string;
  toast: string;
}

/**
 * Each visible control whose box meets a toast's box as the next frame paints it: after the toasts'
 * entrance animation, and inside an animation frame, so after the region's own per-frame placement (a
 * menu opened by the last key moves the controls in a task; the region follows before that frame paints).
 */
const coveredControls = (page: Page): Promise<Covered[]> =>
  page.evaluate(`(async () => {
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    await new Promise((painted) => requestAnimationFrame(painted));
    const toasts = [...document.querySelectorAll('[data-testid^="toast-"]')].map((toast) => [toast.textContent, toast.getBoundingClientRect()]);
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const covered = [];
    for (const control of document.querySelectorAll(${JSON.stringify(CONTROLS)})) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !control.checkVisibility({ visibilityProperty: true })) continue;
      for (const [text, toastBox] of toasts)
        if (meets(box, toastBox)) covered.push({ control: (control.getAttribute('aria-label') || control.labels?.[0]?.textContent || control.textContent || control.tagName).trim(), toast: text });
    }
    return covered;
  })()`);

/** Whether a toast's box meets an item's, once the toasts' entrance has ended and the region is placed. */
const meet = async (toast: Locator, item: Locator): Promise<boolean> => {
  await toast.page().evaluate(`(async () => {
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    await new Promise((painted) => requestAnimationFrame(painted));
  })()`);
  const [a, b] = [await toast.boundingBox(), await item.boundingBox()];
  if (!a || !b) throw new Error('the toast or the item is not on the page');
  return a.y < b.y + b.height && b.y < a.y + a.height && a.x < b.x + b.width && b.x < a.x + a.width;
};

describe.skipIf(!chromiumAvailable)('toasts never cover the controls of the header, the page header or its toolbar', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let readId: string;

  beforeAll(async () => {
    ({ app, browser, context, page } = await openBrowserRun({ timezoneId: 'UTC', locale: 'en-US', viewport: { width: 375, height: 800 } }));
    ({ token } = await app.registerUser('Toast Tess', 'UTC'));
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    // Overdue since yesterday, so they are in the default view whatever the hour.
    for (const title of ['Pay rent', 'Buy milk']) await call('POST', '/actionables', { title, deadline: `${yesterday}T12:00:00.000Z` });
    readId = (await call<{ habit: { id: string } }>('POST', '/actionables/habits', { title: 'Read' })).habit.id;
    await signInWithToken(page, app.url, token);
  });
  afterAll(() => closeBrowserRun({ app, browser, context }));

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await app.json<T>(method, `/api${path}`, { token, body });
    expect(answer.status, `${method} ${path}`).toBeLessThan(300);
    return answer.body;
  }
  const readStreak = async () =>
    (await call<{ habits: { id: string; streak: number }[] }>('GET', '/actionables/habits')).habits.find((habit) => habit.id === readId)?.streak;

  for (const [width, todo] of [
    [375, 'Pay rent'],
    [1280, 'Buy milk'],
  ] as const) {
    it(`at ${width} px: a toast leaves the header's, Actionables' and Habits' controls free, is announced, reached by keyboard, and its Undo undoes`, async () => {
      await page.setViewportSize({ width, height: 800 });
      // Actionables: Import, Export and New in its header, the views and the status filter in its toolbar.
      await page.goto(`${app.url}/actionables`);
      const rowId = await page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: `Complete actionable ${todo}` }) })
        .getAttribute('data-testid');
      const row = page.getByTestId(rowId!);
      await page.getByRole('button', { name: `Complete actionable ${todo}` }).click();
      const completed = page.getByTestId('toast-success').filter({ hasText: 'completed' });
      await completed.waitFor();
      expect(await coveredControls(page)).toEqual([]);
      expect(await meet(completed, row)).toBe(false);
      await completed.hover();
      await screenshot(page, 'toast-actionables', width, 'light', { fullPage: false });
      // The header's controls were among those looked at.
      expect(await page.locator('.app-header').getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
      if (width === 375) {
        // The phone's menu opened by keyboard while the pointer holds the toast: its links are not under it either.
        await completed.hover();
        await page.getByRole('button', { name: 'Menu' }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Habits', exact: true }).waitFor();
        expect(await coveredControls(page)).toEqual([]);
        expect(await completed.count()).toBe(1);
        await screenshot(page, 'toast-menu', width, 'light', { fullPage: false });
        await page.keyboard.press('Enter');
      }
      await completed.getByRole('button', { name: 'Close notification' }).click();
      await completed.waitFor({ state: 'detached' });

      // Habits: the completion's toast carries Undo.
      await page.goto(`${app.url}/habits`);
      await page.getByRole('button', { name: 'Complete habit Read today' }).click();
      const toast = page.getByTestId('toast-success').filter({ has: page.getByRole('button', { name: 'Undo' }) });
      await toast.waitFor();
      expect(await readStreak()).toBe(1);
      expect(await coveredControls(page)).toEqual([]);
      // Nor the card it tells of: its title and streak stay in view (the card is taller than the space left).
      expect(await meet(toast, page.getByTestId(`habit-${readId}`).getByRole('heading', { name: 'Read' }))).toBe(false);
      expect(await meet(toast, page.getByTestId(`habit-streak-${readId}`))).toBe(false);
      // Announced: inside the polite live region that was in the page before it came.
      expect(await page.locator('[aria-live="polite"]').filter({ has: toast }).count()).toBe(1);

      // Held by the pointer while it is checked and photographed as it came, in both themes.
      await toast.hover();
      for (const theme of ['light', 'dark'] as Theme[]) {
        await page.emulateMedia({ colorScheme: theme });
        const problems = await seriousViolations(page);
        expect(problems, describeViolations(`a toast at ${width} px, ${theme}`, problems)).toEqual([]);
        await screenshot(page, 'toast-habits', width, theme, { fullPage: false });
      }
      await page.emulateMedia({ colorScheme: 'light' });

      // By keyboard: Tab from the page's last control reaches its Undo (the focus then holds the toast).
      await page.evaluate(`[...document.querySelectorAll('#main-content a[href], #main-content button:not([disabled]), #main-content input:not([disabled]), #main-content select')]
        .filter((element) => element.checkVisibility()).at(-1).focus()`);
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement?.closest("[data-testid^=toast-]") ? document.activeElement.textContent.trim() : null')).toBe('Undo');

      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Complete habit Read today' }).waitFor();
      await expect.poll(readStreak).toBe(0);
    }, 120_000);
  }

  it('a toast that appears under the resting pointer (where the button just pressed was) still leaves in its time', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    await call('POST', '/actionables', { title: 'Water the plants', deadline: `${yesterday}T12:00:00.000Z` });
    await page.goto(`${app.url}/actionables`);
    // By keyboard, so the pointer stays where it is put.
    await page.getByRole('button', { name: 'Complete actionable Water the plants' }).focus();
    await page.keyboard.press('Enter');
    const first = page.getByTestId('toast-success').filter({ hasText: 'completed' });
    await first.waitFor();
    const box = (await first.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await first.getByRole('button', { name: 'Close notification' }).focus();
    await page.keyboard.press('Enter');
    await first.waitFor({ state: 'detached' });

    // The next toast comes up under the pointer, which has not moved: it is not held, and goes.
    await page.getByRole('button', { name: 'Revert actionable Water the plants to pending' }).focus();
    await page.keyboard.press('Enter');
    const next = page.getByTestId('toast-info').filter({ hasText: 'reverted to pending' });
    await next.waitFor();
    expect(await page.evaluate(`document.querySelector('[data-testid="toast-info"]').matches(':hover')`)).toBe(true);
    await next.waitFor({ state: 'detached', timeout: 20_000 });
  }, 60_000);
});
