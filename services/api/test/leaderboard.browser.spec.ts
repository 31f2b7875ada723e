import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, closeBrowserRun, openBrowserRun, signInWithToken } from './support/browser.ts';
import type { TestApp } from './support/test-app.ts';

/**
 * Issue 19, finding 10: the leaderboard showed every user's full name with no way out. Who the others
 * see is said on the leaderboard itself, with the way to change it; the name chosen is what they see,
 * and someone who hides is seen by no one.
 */
describe.skipIf(!chromiumAvailable)('being on the leaderboard, by choice and under a chosen name', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    ({ app, browser } = await openBrowserRun());
  });
  afterAll(() => closeBrowserRun({ app, browser }));

  const signedIn = async (token: string, width = 375) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInWithToken(page, app.url, token);
    return { context, page };
  };
  const earn = async (token: string, title: string) => {
    const created = await app.json<{ actionable: { id: string } }>('POST', '/api/actionables', { token, body: { title, weight: 2 } });
    expect((await app.json('PATCH', `/api/actionables/${created.body.actionable.id}/complete`, { token })).status).toBe(200);
  };
  const namesOn = async (page: Awaited<ReturnType<typeof signedIn>>['page']) => {
    await page.goto(`${app.url}/leaderboard`);
    await page.getByTestId('leaderboard-you').waitFor();
    return page.locator('.leaderboard__name').allTextContents();
  };

  it('says on the leaderboard who the others see, leads to the setting, shows the chosen name to others, and hides on request', async () => {
    const ada = await app.registerUser('Ada Lovelace');
    const grace = await app.registerUser('Grace Hopper');
    await earn(ada.token, 'Write the notes');
    await earn(grace.token, 'Find the moth');
    const mine = await signedIn(ada.token);
    const theirs = await signedIn(grace.token, 1280);

    expect((await namesOn(theirs.page)).join('|')).toContain('Ada Lovelace');
    await mine.page.goto(`${app.url}/leaderboard`);
    const presence = mine.page.getByTestId('leaderboard-presence');
    await presence.filter({ hasText: 'Others see you as “Ada Lovelace”.' }).waitFor();
    for (const theme of ['light', 'dark']) {
      await mine.page.evaluate(`document.documentElement.dataset.theme = '${theme}'`);
      const problems = await seriousViolations(mine.page);
      expect(problems, describeViolations(`leaderboard with presence line, ${theme}, 375 px`, problems)).toEqual([]);
    }

    // The link goes to the setting itself, scrolled to and focused, not to the top of a long page.
    await presence.getByRole('link', { name: 'Change or hide' }).click();
    await mine.page.waitForURL(/\/settings#leaderboard-presence-title$/);
    await expect.poll(() => mine.page.evaluate(`document.activeElement?.id`)).toBe('leaderboard-presence-title');
    const box = await mine.page.getByRole('heading', { name: 'Leaderboard', level: 2 }).boundingBox();
    expect(box && box.y >= 0 && box.y < 800).toBe(true);

    await mine.page.getByLabel('Name shown there').fill('Countess A.');
    await mine.page.getByRole('button', { name: 'Save name' }).click();
    await mine.page.getByTestId('toast-success').filter({ hasText: 'Shown as “Countess A.”.' }).waitFor();
    const shown = await namesOn(theirs.page);
    expect(shown.join('|')).toContain('Countess A.');
    expect(shown.join('|')).not.toContain('Ada Lovelace');

    await mine.page.goto(`${app.url}/settings#leaderboard-presence-title`);
    await mine.page.getByRole('checkbox', { name: 'Show me on the leaderboard' }).uncheck();
    await expect
      .poll(
        async () =>
          (await app.json<{ settings: { leaderboardVisible: boolean } }>('GET', '/api/settings', { token: ada.token })).body.settings.leaderboardVisible,
      )
      .toBe(false);
    expect((await namesOn(theirs.page)).join('|')).not.toContain('Countess A.');
    await mine.page.goto(`${app.url}/leaderboard`);
    await mine.page.getByTestId('leaderboard-you').filter({ hasText: 'You are not shown here: others do not see you.' }).waitFor();
    expect(await mine.page.getByTestId('leaderboard-presence').count()).toBe(0);
    await mine.context.close();
    await theirs.context.close();
  }, 90_000);
});
