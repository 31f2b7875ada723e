import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser } from './support/browser.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe.skipIf(!chromiumAvailable)('signing up and in, in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('registers, logs out, logs in and sees the name', async () => {
    const email = `browser.${Date.now()}@example.com`;
    await page.goto(`${app.url}/register`);
    await page.getByLabel('Name').fill('Browser Person');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('user-name').textContent()).toContain('Browser Person');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL(/\/login\?redirect=/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a good long password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('user-name').textContent()).toContain('Browser Person');

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
