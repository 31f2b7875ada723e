import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, closeBrowserRun, openBrowserRun } from './support/browser.ts';
import { registerLogoutLogin } from './support/journeys.ts';
import type { TestApp } from './support/test-app.ts';

describe.skipIf(!chromiumAvailable)('signing up and in, in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A device in Tokyo: registration sends its zone, so the account counts days there from the start.
    ({ app, browser, page } = await openBrowserRun({ timezoneId: 'Asia/Tokyo' }));
  });
  afterAll(() => closeBrowserRun({ app, browser }));

  it('registers, logs out, logs in and sees the name', async () => {
    await registerLogoutLogin(page, app.url, 'Browser Person');
    const token = (await page.evaluate('window.localStorage.getItem("token")')) as string;
    expect((await app.json('GET', '/api/auth/me', { token })).body.user.timezone).toBe('Asia/Tokyo');
    expect((await app.json('GET', '/api/settings', { token })).body.settings.timezone).toBe('Asia/Tokyo');
    await page.reload();
    await page.getByTestId('user-name').waitFor();
    expect(await page.getByTestId('user-name').textContent()).toContain('Browser Person');
  });

  it('shows the server message on a wrong password', async () => {
    // A fresh context: nobody signed in, nothing persisted.
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto(`${app.url}/login`);
    await fresh.getByLabel('Email').fill('nobody@example.com');
    await fresh.getByLabel('Password').fill('wrong password');
    await fresh.getByRole('button', { name: 'Log in' }).click();
    await fresh.getByText('Invalid email or password').first().waitFor();
    expect(fresh.url()).toContain('/login');
    expect(await fresh.evaluate('window.localStorage.getItem("token")')).toBeNull();
    await context.close();
  });
});
