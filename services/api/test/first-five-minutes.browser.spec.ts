import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, closeBrowserRun, openBrowserRun } from './support/browser.ts';
import { screenshot, SCREENSHOT_DIR, type Theme } from './support/screenshots.ts';
import type { TestApp } from './support/test-app.ts';

// eslint-disable-next-line no-console -- a line for people reading the run: the count, each screen's axe verdict
const report = (line: string) => console.log(line);

const settled = (page: Page) =>
  expect.poll(() => page.evaluate(`document.querySelector('[aria-busy="true"], .spinner') === null`), { timeout: 10_000 }).toBe(true);

/** The user's steps, counted as issue 19 counts them: clicks, typed fields and key presses that submit. */
class Steps {
  count = 0;
  readonly log: string[] = [];
  async click(target: Locator, what: string) {
    await target.click();
    this.note(`click ${what}`);
  }
  async type(field: Locator, text: string, what: string) {
    await field.fill(text);
    this.note(`type ${what}`);
  }
  async submitWithEnter(field: Locator, what: string) {
    await field.press('Enter');
    this.note(`Enter in ${what}`);
  }
  private note(step: string) {
    this.count += 1;
    this.log.push(`${this.count}. ${step}`);
  }
}

const focusedHeading = (page: Page) =>
  page.evaluate(`(() => { const e = document.activeElement; return e && /^H[1-6]$/.test(e.tagName) ? e.textContent : null; })()`);

describe.skipIf(!chromiumAvailable)('the first five minutes: a stranger at / to a first habit done', () => {
  let app: TestApp;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    ({ app, browser } = await openBrowserRun());
  });
  afterAll(() => closeBrowserRun({ app, browser }));

  /** axe (no serious or critical violation), no sideways scroll at 375 px, and screenshots at 1280 and 375 px. */
  const look = async (page: Page, name: string, theme: Theme) => {
    await settled(page);
    await expect.poll(() => page.evaluate('document.documentElement.dataset.theme'), { message: `${name} in ${theme}` }).toBe(theme);
    for (const width of [1280, 375]) {
      await screenshot(page, name, width, theme);
      const found = await seriousViolations(page);
      const verdict = found.length
        ? describeViolations(`${name} (${theme}, ${width} px)`, found)
        : `${name} (${theme}, ${width} px): no serious or critical violation`;
      report(verdict);
      if (found.length) problems.push(verdict);
      const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      if (scrollWidth > width) problems.push(`${name} (${theme}): the page is ${scrollWidth} px wide at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  it('a stranger at / sees what the product is, signs up there, taps a first habit and completes it in fewer than 8 steps', async () => {
    const context = await browser.newContext({ timezoneId: 'Europe/Paris', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const creates: { path: string; key: string | undefined }[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'POST' && ['/api/actionables/habits', '/api/goals/goals'].includes(pathname)) {
        creates.push({ path: pathname, key: request.headers()['idempotency-key'] });
      }
    });
    const steps = new Steps();
    await page.goto(`${app.url}/favicon.svg`);
    await page.evaluate(`localStorage.setItem('theme', 'light')`);

    // The public page: what the product is (not the login's "Welcome back"), one picture of it, and the account form.
    await page.goto(`${app.url}/`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe('Track goals, habits and to-dos. Earn points for every step.');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.title()).toMatch(/Points Tracker/);
    expect(await page.getByRole('heading', { name: 'Welcome back' }).count()).toBe(0);
    const main = page.getByRole('main');
    for (const feature of ['Goals → tasks → subtasks', 'To-dos', 'Habits with streaks', 'Points', 'An audit that proves every point']) {
      await main.getByRole('heading', { level: 3, name: feature, exact: true }).waitFor();
    }
    const picture = main.getByRole('img', { name: /^The dashboard/ });
    expect(await picture.getAttribute('loading')).toBe('lazy');
    expect(await picture.getAttribute('src')).toMatch(/\/assets\/dashboard-[\w-]+\.webp$/);
    await picture.scrollIntoViewIfNeeded();
    // Lazy: fetched once it nears the viewport, and a real picture when it comes.
    await expect
      .poll(() => page.evaluate(`(() => { const img = document.querySelector('.welcome__shot img'); return img.complete ? img.naturalWidth : 0; })()`))
      .toBe(1200);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).waitFor();
    await page.evaluate('window.scrollTo(0, 0)');
    await look(page, 'welcome', 'light');

    // Sign up on the page itself: three fields and Enter.
    const signUp = page.getByRole('region', { name: 'Create your account' });
    await steps.type(signUp.getByLabel('Name'), 'First Timer', 'the name');
    await steps.type(signUp.getByLabel('Email'), `first.${Date.now()}@example.com`, 'the e-mail');
    await steps.type(signUp.getByLabel('Password'), 'a good long password', 'the password');
    await steps.submitWithEnter(signUp.getByLabel('Password'), 'the password');

    // The start: the focus on its heading, one-tap suggestions.
    await page.waitForURL(/\/start$/);
    await page.getByRole('heading', { level: 1, name: 'Start with a habit and a goal' }).waitFor();
    await expect.poll(() => focusedHeading(page)).toBe('Start with a habit and a goal');
    expect(await page.title()).toBe('Get started · Points Tracker');
    const habits = page.getByRole('group', { name: 'Suggested habits' });
    for (const suggestion of ['Drink water', 'Read 10 pages', 'Walk 20 minutes']) await habits.getByRole('button', { name: suggestion }).waitFor();
    await look(page, 'start', 'light');
    await steps.click(habits.getByRole('button', { name: 'Drink water' }), 'the suggestion Drink water');
    expect(await habits.getByRole('button', { name: 'Drink water' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('Your habit').inputValue()).toBe('Drink water');
    await steps.click(page.getByRole('button', { name: 'Add and start' }), 'Add and start');

    // The dashboard: the focus on its heading, the habit on today's list.
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect.poll(() => focusedHeading(page)).toBe('Dashboard');
    await steps.click(page.getByRole('button', { name: 'Complete habit Drink water' }), 'Complete on Drink water');
    await page.getByRole('button', { name: 'Undo the last completion of habit Drink water' }).waitFor();
    await page.getByTestId('stat-total').waitFor();
    expect(Number(await page.getByTestId('stat-total').textContent())).toBeGreaterThan(0);

    report(`First five minutes: ${steps.count} interactions from / to a first habit done:\n  ${steps.log.join('\n  ')}`);
    expect(steps.count).toBeLessThan(8);

    // Created once, through the app's routes, with an Idempotency-Key like every other create.
    expect(creates).toEqual([{ path: '/api/actionables/habits', key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    const token = (await page.evaluate(`localStorage.getItem('token')`)) as string;
    const { body } = await app.json<{ habits: { title: string; streak: number }[] }>('GET', '/api/actionables/habits', { token });
    expect(body.habits.map(({ title, streak }) => ({ title, streak }))).toEqual([{ title: 'Drink water', streak: 1 }]);

    // A signed-in visitor at / goes to the dashboard, as before.
    await page.goto(`${app.url}/`);
    await page.waitForURL(/\/dashboard$/);
    await context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);

  it('the first dashboard offers each empty state’s next action instead of a wall of zeros; / and the start pass axe in light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${app.url}/favicon.svg`);
      await page.evaluate(`localStorage.setItem('theme', '${theme}')`);
      if (theme === 'dark') {
        await page.goto(`${app.url}/`);
        await page.getByRole('heading', { level: 1, name: 'Track goals, habits and to-dos. Earn points for every step.' }).waitFor();
        await look(page, 'welcome', theme);
      }

      // A new account through /register: the start, then Skip.
      await page.goto(`${app.url}/register`);
      await page.getByLabel('Name').fill(`Skipper ${theme}`);
      await page.getByLabel('Email').fill(`skipper.${theme}.${Date.now()}@example.com`);
      await page.getByLabel('Password').fill('a good long password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/start$/);
      await page.getByRole('heading', { level: 1, name: 'Start with a habit and a goal' }).waitFor();
      // The account's theme, as Settings would save it (a new account's is 'system', which the dashboard applies).
      const token = (await page.evaluate(`localStorage.getItem('token')`)) as string;
      expect((await app.json('PATCH', '/api/settings', { token, body: { theme } })).status).toBe(200);
      if (theme === 'light') {
        // Nothing picked: the start says what it wants, at the first field, and Skip stays the way on.
        await page.getByRole('button', { name: 'Add and start' }).click();
        await page.getByText('Pick or type a habit or a goal, or skip for now.').waitFor();
        await expect.poll(() => page.evaluate(`document.activeElement?.getAttribute('name')`)).toBe('habit');
      }
      if (theme === 'dark') {
        // A picked suggestion and a typed goal: the pressed state reads in the dark too.
        await page.getByRole('group', { name: 'Suggested habits' }).getByRole('button', { name: 'Read 10 pages' }).click();
        await page.getByLabel('Your goal').fill('Learn Spanish');
        await look(page, 'start-picked', theme);
        await page.getByRole('group', { name: 'Suggested habits' }).getByRole('button', { name: 'Read 10 pages' }).click();
        await page.getByLabel('Your goal').fill('');
      }
      await page.getByRole('link', { name: 'Skip for now' }).click();
      await page.waitForURL(/\/dashboard$/);
      await expect.poll(() => focusedHeading(page)).toBe('Dashboard');

      // Each card with nothing to count says what fills it and offers the one step to it.
      const today = page.getByTestId('today-empty');
      await today.waitFor();
      expect(await today.getByRole('link', { name: 'Add your first habit' }).getAttribute('href')).toBe('/start');
      const points = page.getByTestId('points-empty');
      expect(await points.textContent()).toContain('No points yet');
      expect(await points.textContent()).toContain('a habit earns 10');
      // Today's list offers the first habit; the points card does not repeat it.
      expect(await points.getByRole('link').count()).toBe(0);
      const summary = page.getByTestId('summary-empty');
      expect(await summary.getByRole('link', { name: 'Set a goal' }).getAttribute('href')).toBe('/goals');
      await page.getByTestId('daily-points').getByText('Empty until you earn points').waitFor();
      // No empty axes: the bars come with the first points (the table for screen readers has every day).
      expect(await page.getByTestId('daily-points-chart').locator('tbody tr').count()).toBe(7);
      expect(await page.locator('.daily-chart__plot').count()).toBe(0);
      await page.getByTestId('heatmap').getByText('Every day you earn points fills its square').waitFor();
      // No row of zeros: the points and summary tiles come with the first points and items.
      expect(await page.getByTestId('stat-total').count()).toBe(0);
      expect(await page.getByTestId('summary-points').count()).toBe(0);
      expect(await page.getByText('Enjoy the quiet').count()).toBe(0);
      await look(page, 'dashboard-first', theme);

      // The next action leads somewhere that does it.
      await today.getByRole('link', { name: 'Add your first habit' }).click();
      await page.waitForURL(/\/start$/);
      await expect.poll(() => focusedHeading(page)).toBe('Start with a habit and a goal');
      await context.close();
    }
    report(`Screenshots: ${SCREENSHOT_DIR}`);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 150_000);
});
