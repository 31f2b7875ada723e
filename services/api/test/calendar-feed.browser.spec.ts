import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeed } from '../src/calendar/testing/feed-reader.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, closeBrowserRun, launchBrowser, signInWithToken, useSignedInBrowser } from './support/browser.ts';
import { SCREENSHOT_DIR, screenshot, type Theme } from './support/screenshots.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Issue 20's calendar feed on the settings screen: the address shown and copied is the feed a real
// parser reads; a new address (after a confirmation) replaces it and the old one stops working.
// The personal API tokens section beside it: a token created, copied while shown that once, used,
// revoked after a confirmation. axe in light and dark; screenshots at 375 and 1280 px.

const APP_URL = 'https://tracker.example';
const FEED_URL = new RegExp(`^${APP_URL}/api/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`);

/** No serious axe violation on the page as it stands. */
const axeCleanOn = async (page: Page, screen: string) => {
  const problems = await seriousViolations(page);
  expect(problems, describeViolations(screen, problems)).toEqual([]);
};

/** A settings section in view at both widths (a viewport capture: the whole settings page is long). */
const photographSection = async (page: Page, section: Locator, name: string, theme: Theme) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await expect.poll(() => page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    // Centred, not at the top, where the sticky header would cover its title.
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, name, width, theme, { fullPage: false });
  }
};

describe.skipIf(!chromiumAvailable)('the calendar feed on the settings screen, in a real browser', () => {
  const run = useSignedInBrowser('Subscriber', {
    device: { locale: 'en-US', timezoneId: 'Asia/Kolkata' },
    timezone: 'Asia/Kolkata',
    app: { env: { APP_URL } },
    beforeRegistering: ({ app, context }) => context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url }),
  });
  beforeAll(async () => {
    const deadline = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect((await run.app.json('POST', '/api/actionables', { token: run.token, body: { title: 'Renew passport', deadline } })).status).toBe(201);
    expect(
      (await run.app.json('POST', '/api/actionables/habits', { token: run.token, body: { title: 'Read', recurrence: { frequency: 'daily' } } })).status,
    ).toBe(201);
  });

  const section = () => run.page.getByRole('region', { name: 'Calendar feed' });
  const address = () => section().getByLabel('Feed address');
  const shownUrl = async () => {
    await expect.poll(() => address().inputValue()).toMatch(FEED_URL);
    return address().inputValue();
  };
  /** The feed at a URL the screen showed (its path on the test server), with no token. */
  const fetchFeed = (url: string) => run.app.request('GET', new URL(url).pathname);
  const toast = (text: string) => run.page.getByTestId('toast-success').filter({ hasText: text }).first();
  const axeClean = (screen: string) => axeCleanOn(run.page, screen);
  const photograph = (name: string, theme: Theme) => photographSection(run.page, section(), name, theme);
  const useTheme = async (theme: Theme) => {
    await run.app.json('PATCH', '/api/settings', { token: run.token, body: { theme } });
    await run.page.evaluate(`localStorage.setItem('theme', '${theme}')`);
    await run.page.reload();
    await expect.poll(() => run.page.evaluate('document.documentElement.dataset.theme ?? ""')).toBe(theme);
  };

  it('shows the address of a feed that a calendar parser reads, copies it, and says how to subscribe', async () => {
    await run.page.goto(`${run.app.url}/settings`);
    const url = await shownUrl();
    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(
      readFeed(await res.text())
        .events.map((event) => event.summary)
        .sort(),
    ).toEqual(['Read', 'Renew passport']);
    await expect.poll(() => section().textContent()).toContain('Google Calendar');
    expect(await section().textContent()).toContain('Apple Calendar');

    await section().getByRole('button', { name: 'Copy' }).click();
    await toast('Feed address copied').waitFor();
    expect(await run.page.evaluate('navigator.clipboard.readText()')).toBe(url);

    for (const theme of ['light', 'dark'] as const) {
      await useTheme(theme);
      await shownUrl();
      await axeClean(`settings, calendar feed (${theme})`);
      await photograph('settings-calendar-feed', theme);
    }
    await useTheme('light');
  }, 120_000);

  it('makes a new address only after a confirmation; the old one then answers 404', async () => {
    await run.page.goto(`${run.app.url}/settings`);
    const old = await shownUrl();

    // Cancel leaves everything as it was.
    await section().getByRole('button', { name: 'Make a new address' }).click();
    const dialog = run.page.getByRole('dialog', { name: 'Make a new feed address?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await address().inputValue()).toBe(old);
    expect((await fetchFeed(old)).status).toBe(200);

    await section().getByRole('button', { name: 'Make a new address' }).click();
    await dialog.waitFor();
    await axeClean('settings, new calendar feed address?');
    for (const width of [375, 1280]) {
      await run.page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      await screenshot(run.page, 'settings-calendar-feed-rotate', width, 'light', { fullPage: false });
    }
    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await toast('New feed address').waitFor();
    await expect.poll(() => address().inputValue()).not.toBe(old);
    const fresh = await shownUrl();
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
    // The server agrees on the address after a reload.
    await run.page.reload();
    expect(await shownUrl()).toBe(fresh);
  }, 120_000);

  it('creates a personal API token shown once, copies it, lists its last use and revokes it after a confirmation', async () => {
    const tokens = () => run.page.getByRole('region', { name: 'Personal API tokens' });
    await run.page.goto(`${run.app.url}/settings`);
    await tokens().getByText('No API tokens yet.').waitFor();

    await tokens().getByRole('button', { name: 'Create token' }).click();
    await tokens().getByRole('alert').filter({ hasText: 'Enter a name' }).waitFor();
    await tokens().getByLabel('Name').fill('Home dashboard');
    await tokens()
      .getByRole('radio', { name: /Read and write/ })
      .check();
    await tokens().getByRole('button', { name: 'Create token' }).click();
    const shown = tokens().getByRole('textbox', { name: 'API token', exact: true });
    await expect.poll(() => shown.inputValue()).toMatch(/^pt_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    const secret = await shown.inputValue();
    await tokens().getByRole('button', { name: 'Copy' }).click();
    await toast('API token copied').waitFor();
    expect(await run.page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    const item = tokens().getByRole('listitem').filter({ hasText: 'Home dashboard' });
    await item.getByText('Read and write').waitFor();
    expect(await item.textContent()).toContain('Last used never');

    for (const theme of ['light', 'dark'] as const) {
      await run.page.emulateMedia({ colorScheme: theme });
      await run.page.evaluate(`document.documentElement.dataset.theme = '${theme}'`);
      await axeClean(`settings, API run.token shown once (${theme})`);
      for (const width of [375, 1280]) {
        await run.page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
        await expect.poll(() => run.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        await tokens().screenshot({ path: `${SCREENSHOT_DIR}settings-api-tokens-created-${width}-${theme}.png`, animations: 'disabled', caret: 'hide' });
      }
    }

    // Shown once: gone after Done, and not there after a reload either; the token works as a bearer token.
    await tokens().getByRole('button', { name: 'Done' }).click();
    expect(await shown.count()).toBe(0);
    const used = await run.app.json('POST', '/api/goals/goals', { token: secret, body: { title: 'From my script' } });
    expect(used.status).toBe(201);
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(theme);
      await item.waitFor();
      expect(await shown.count()).toBe(0);
      expect(await item.textContent()).not.toContain('Last used never');
      expect(await tokens().textContent()).not.toContain(secret.slice(-43));
      await axeClean(`settings, API tokens listed (${theme})`);
      for (const width of [375, 1280]) {
        await run.page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
        await expect.poll(() => run.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        await tokens().screenshot({ path: `${SCREENSHOT_DIR}settings-api-tokens-${width}-${theme}.png`, animations: 'disabled', caret: 'hide' });
      }
    }
    await useTheme('light');

    await item.getByRole('button', { name: 'Revoke Home dashboard' }).click();
    const dialog = run.page.getByRole('dialog', { name: 'Revoke this token?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await run.app.json('GET', '/api/goals/goals', { token: secret })).status).toBe(200);
    await item.getByRole('button', { name: 'Revoke Home dashboard' }).click();
    await axeClean('settings, revoke API token?');
    await screenshot(run.page, 'settings-api-tokens-revoke', 375, 'light', { fullPage: false });
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await toast('Token revoked').waitFor();
    await tokens().getByText('No API tokens yet.').waitFor();
    expect((await run.app.json('GET', '/api/goals/goals', { token: secret })).status).toBe(401);
  }, 120_000);
});

// Issue 20's account archive on the same screen: downloaded as a file; a chosen archive previewed
// (what it holds) before it is restored; an edited one refused with the server's reason, a newer one
// at once; a genuine one restored into the empty account. axe in light and dark; 375 and 1280 px.
describe.skipIf(!chromiumAvailable)('the account archive on the settings screen, in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let archive: { manifest: { version: number; counts: Record<string, number> }; events: Array<{ type: string; data: { title?: string } }> };

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Paris', acceptDownloads: true });
    page = await context.newPage();
    const source = await app.registerUser('Moving out', 'Europe/Paris');
    const goal = await app.json('POST', '/api/goals/goals', { token: source.token, body: { title: 'Learn Dutch', priority: 2 } });
    await app.json('PATCH', `/api/goals/goals/${goal.body.goal.id}`, { token: source.token, body: { status: 'completed' } });
    const habit = await app.json('POST', '/api/actionables/habits', { token: source.token, body: { title: 'Read', recurrence: { frequency: 'daily' } } });
    await app.json('PATCH', `/api/actionables/habits/${habit.body.habit.id}/complete`, { token: source.token, body: {} });
    // The download waits for the read models that list the account's items to reach its last write.
    archive = (await app.json('GET', '/api/account/archive', { token: source.token })).body;
    if (archive.manifest.counts.goals !== 1) throw new Error(`the archive holds ${JSON.stringify(archive.manifest.counts)}`);
    ({ token } = await app.registerUser('Moving in', 'Europe/Paris'));
    await signInWithToken(page, app.url, token);
  });
  afterAll(() => closeBrowserRun({ app, browser, context }));

  const section = () => page.getByRole('region', { name: 'Account archive' });
  const choose = (name: string, content: unknown) =>
    section()
      .getByLabel('Restore from archive')
      .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(content)) });
  const axeClean = (screen: string) => axeCleanOn(page, screen);
  const photograph = (name: string, theme: Theme) => photographSection(page, section(), name, theme);

  it('downloads the archive as a file named by the server', async () => {
    await page.goto(`${app.url}/settings`);
    const [download] = await Promise.all([page.waitForEvent('download'), section().getByRole('button', { name: 'Download archive' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^tracker-archive-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(saved.manifest).toMatchObject({ format: 'tracker-account-archive', version: 1, counts: { goals: 0, events: 0 } });
    await expect.poll(() => page.getByTestId('toast-success').filter({ hasText: 'Archive saved' }).count()).toBeGreaterThan(0);
  });

  it('refuses a newer archive at once and an edited one with the server’s reason, restoring nothing', async () => {
    await choose('newer.json', { ...archive, manifest: { ...archive.manifest, version: archive.manifest.version + 1 } });
    await expect.poll(() => section().getByRole('alert').textContent()).toContain('comes from a newer version of the tracker');
    expect(await section().getByRole('button', { name: 'Restore into this account' }).count()).toBe(0);

    const edited = JSON.parse(JSON.stringify(archive));
    const created = edited.events.find((event: { type: string }) => event.type === 'GoalCreated');
    created.data.title = 'Learn Danish';
    await choose('edited.json', edited);
    await section().getByRole('button', { name: 'Restore into this account' }).click();
    await expect.poll(() => section().getByRole('alert').textContent()).toMatch(/cannot be restored: .*edited or damaged.*Nothing was restored/);
    await axeClean('settings, archive refused');
    expect((await app.json('GET', '/api/goals/goals', { token })).body.goals).toEqual([]);
  });

  it('previews what a genuine archive holds, then restores it into the empty account', async () => {
    await choose('archive.json', archive);
    const preview = section().getByLabel('What the archive holds');
    await expect.poll(() => preview.textContent()).toContain('1 goal, 0 tasks, 0 subtasks');
    expect(await preview.textContent()).toContain('0 to-dos, 1 habit, 0 freezes');
    expect(await preview.textContent()).toContain(`${archive.manifest.counts.points} points from ${archive.manifest.counts.events} recorded changes`);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(`document.documentElement.dataset.theme = '${theme}'`);
      await axeClean(`settings, archive preview (${theme})`);
      await photograph('settings-account-archive', theme);
    }
    await section().getByRole('button', { name: 'Restore into this account' }).click();
    await expect.poll(() => page.getByTestId('toast-success').filter({ hasText: 'Archive restored' }).count()).toBeGreaterThan(0);
    const goals = (await app.json('GET', '/api/goals/goals', { token })).body.goals;
    expect(goals.map((goal: { title: string; status: string }) => [goal.title, goal.status])).toEqual([['Learn Dutch', 'completed']]);
    await expect.poll(async () => (await app.json('GET', '/api/points/stats', { token })).body.stats.total).toBe(archive.manifest.counts.points);
  });
});
