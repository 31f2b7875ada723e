import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, closeBrowserRun, openBrowserRun } from './support/browser.ts';
import type { TestApp } from './support/test-app.ts';

/** A redux-persist entry as the app writes it: each field JSON-encoded, then the whole object. */
const written = (slice: Record<string, unknown>, version = 1): string =>
  JSON.stringify(Object.fromEntries(Object.entries({ ...slice, _persist: { version, rehydrated: true } }).map(([key, value]) => [key, JSON.stringify(value)])));

describe.skipIf(!chromiumAvailable)('the app shell survives bad stored state and expired sessions, in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser } = await openBrowserRun());
  });
  afterEach(async () => {
    await context?.close();
  });
  afterAll(() => closeBrowserRun({ app, browser }));

  const signIn = async (email: string, password: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  };

  const signedInAt = async (path: string) => {
    const account = await app.registerUser('Resilient Person');
    context = await browser.newContext();
    page = await context.newPage();
    // A step that hangs says which one, well before the test's own limit.
    page.setDefaultTimeout(15_000);
    await page.goto(`${app.url}/login`);
    await signIn(account.email, account.password);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${app.url}${path}`);
    await page.getByTestId('user-name').waitFor();
    return account;
  };

  // Strings rather than functions: this package's types have no DOM.
  const stored = (key: string) => page.evaluate(`window.localStorage.getItem(${JSON.stringify(key)})`) as Promise<string | null>;
  /**
   * Writes the device's storage with the app closed (on a plain file of the same origin): a running
   * app could write its own state over these values a moment later (redux-persist writes after each
   * change), and the reload would then read what the app wrote, not what the test did.
   */
  const storeAndReopen = async (items: Record<string, string>) => {
    const path = `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
    await page.goto(`${app.url}/favicon.svg`);
    await page.evaluate(`for (const [key, value] of Object.entries(${JSON.stringify(items)})) window.localStorage.setItem(key, value)`);
    await page.goto(`${app.url}${path}`);
  };

  it('corrupt persisted state and reload: the app recovers, still signed in', async () => {
    await signedInAt('/goals');
    const corruptions: Record<string, string>[] = [
      { 'persist:auth': '{not json', 'persist:goals': 'null', 'dashboard-range': '{"startDate":' },
      {
        'persist:auth': written({ user: { name: { first: 'Ada' } }, isAdmin: true, error: 'stale' }),
        'persist:goals': written({ selectedTaskId: 42, expandedGoalIds: 'g1', statusFilter: [{}], priorityFilter: 'x'.repeat(100_000) }),
        'dashboard-range': JSON.stringify({ startDate: [], endDate: null }),
      },
      { 'persist:auth': written({ user: null }, 99), 'persist:goals': written({ expandedGoalIds: ['g1'] }, 99) },
    ];
    for (const corruption of corruptions) {
      await storeAndReopen(corruption);
      await page.getByTestId('user-name').waitFor();
      expect(await page.getByTestId('user-name').textContent()).toContain('Resilient Person');
      expect(new URL(page.url()).pathname).toBe('/goals');
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      await page.goto(`${app.url}/dashboard`);
      await page.getByTestId('user-name').waitFor();
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      await page.goto(`${app.url}/goals`);
      await page.getByTestId('user-name').waitFor();
    }
  }, 60_000);

  it('on a slow phone, a reload right after signing in keeps the session, and one right after signing out does not bring it back', async () => {
    const account = await app.registerUser('Resilient Person');
    context = await browser.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // A phone's CPU: redux-persist's timer-driven write then lags the sign-in by long enough for a reload to land before it.
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 10 });
    // Where a reload lands: the Goals page signed in, or the login form.
    const goalsOrLogin = () => page.getByRole('heading', { name: 'Goals', level: 1 }).or(page.getByRole('button', { name: 'Log in' }));
    for (let round = 1; round <= 2; round += 1) {
      await page.goto(`${app.url}/login`);
      await signIn(account.email, account.password);
      await page.waitForURL(/\/dashboard$/);
      await page.goto(`${app.url}/goals`);
      await goalsOrLogin().waitFor();
      expect(new URL(page.url()).pathname, `round ${round}: reloaded right after signing in`).toBe('/goals');

      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(/\/login/);
      await page.goto(`${app.url}/goals`);
      await goalsOrLogin().waitFor();
      expect(new URL(page.url()).pathname, `round ${round}: reloaded right after signing out`).toBe('/login');
    }
  }, 90_000);

  it('an expired or invalid token: the notice offers to sign in again, and signing in comes back to the page', async () => {
    const account = await signedInAt('/leaderboard?from=notice');
    await storeAndReopen({ token: 'expired.session.token', 'persist:auth': written({ token: 'expired.session.token', user: null }) });

    const notice = page.getByRole('alert').filter({ hasText: 'Your session has expired.' });
    await notice.waitFor();
    // spec.md §4: the 401 itself changes nothing; the page stays where it is.
    expect(new URL(page.url()).pathname).toBe('/leaderboard');
    for (const theme of ['light', 'dark']) {
      await page.evaluate(`document.documentElement.dataset.theme = '${theme}'`);
      const problems = await seriousViolations(page);
      expect(problems, describeViolations(`session-expired notice, ${theme}`, problems)).toEqual([]);
    }

    await notice.getByRole('link', { name: 'Sign in again' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/leaderboard?from=notice');
    expect(await stored('token')).toBeNull();

    await signIn(account.email, account.password);
    await page.waitForURL((url) => url.pathname === '/leaderboard' && url.search === '?from=notice');
    await page.getByTestId('user-name').waitFor();
    expect(await page.getByText('Your session has expired.').count()).toBe(0);
    expect(await stored('token')).not.toBe('expired.session.token');
  }, 60_000);
});
