import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, launchBrowser, signInWithToken } from './support/browser.ts';
import { SCREENSHOT_DIR, screenshot, type Theme } from './support/screenshots.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Settings → Webhooks (issue 20) as a user meets it: add a URL for some kinds of events, copy the
// secret shown once, see deliveries with their status codes, a webhook paused after failures with
// its notice, resume it, delete one. axe in light and dark; screenshots at 375 and 1280.

describe.skipIf(!chromiumAvailable)('webhooks in settings, in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let receiver: http.Server;
  let port: number;
  let failing = true;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(req.url === '/down' && failing ? 500 : 204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
    app = await startTestApp({
      env: {
        WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${port}`,
        WEBHOOK_RETRY_BASE_MS: '50',
        WEBHOOK_RETRY_MAX_MS: '200',
        WEBHOOK_PAUSE_AFTER: '3',
        WEBHOOK_POLL_MS: '50',
      },
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    page = await context.newPage();
    ({ token } = await app.registerUser('Hooked'));
    await signInWithToken(page, app.url, token);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
    receiver?.closeAllConnections();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  const section = () => page.getByRole('region', { name: 'Webhooks' });
  const axeClean = async (screen: string) => {
    const problems = await seriousViolations(page);
    expect(problems, describeViolations(screen, problems)).toEqual([]);
  };

  it('adds a webhook, shows its secret once, lists deliveries, pauses with a notice, resumes and deletes', { timeout: 120_000 }, async () => {
    await page.goto(`${app.url}/settings`);
    await section().waitFor();
    await section().getByLabel('Address (URL)').fill('http://10.0.0.1/hook');
    await section().getByRole('button', { name: 'Add webhook' }).click();
    await section()
      .getByRole('alert')
      .filter({ hasText: /private|loopback|link-local/ })
      .waitFor();

    await section().getByLabel('Address (URL)').fill(`http://127.0.0.1:${port}/ok`);
    await section().getByRole('checkbox', { name: 'Goals' }).check();
    await section().getByRole('button', { name: 'Add webhook' }).click();
    const secret = await section().getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await section().getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    await section().getByRole('button', { name: 'Done' }).click();
    expect(await section().getByLabel('Signing secret').count()).toBe(0);

    await section().getByLabel('Address (URL)').fill(`http://127.0.0.1:${port}/down`);
    await section().getByRole('button', { name: 'Add webhook' }).click();
    await section().getByRole('button', { name: 'Done' }).click();
    for (const title of ['Read more', 'Run a 10k']) expect((await app.json('POST', '/api/goals/goals', { token, body: { title } })).status).toBe(201);

    await page.reload();
    const paused = section().getByRole('listitem').filter({ hasText: '/down' });
    await paused.getByRole('alert').filter({ hasText: 'failed attempts in a row' }).waitFor({ timeout: 15_000 });
    const ok = section().getByRole('listitem').filter({ hasText: '/ok' });
    await ok.getByRole('button', { name: 'Deliveries' }).click();
    await ok.getByRole('cell', { name: '204' }).first().waitFor();
    await paused.getByRole('button', { name: 'Deliveries' }).click();
    await paused.getByRole('cell', { name: '500' }).first().waitFor();

    for (const theme of ['light', 'dark'] as Theme[]) {
      await page.emulateMedia({ colorScheme: theme });
      await axeClean(`settings webhooks (${theme})`);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await section().scrollIntoViewIfNeeded();
        await screenshot(page, 'settings-webhooks', width, theme);
        // The section alone, to look at closely (the page is long).
        await section().screenshot({ path: `${SCREENSHOT_DIR}settings-webhooks-section-${width}-${theme}.png`, animations: 'disabled', caret: 'hide' });
        // The deliveries table scrolls inside its own box on a phone; the page itself never sideways.
        expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'), `no sideways scroll at ${width}`).toBe(true);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });

    failing = false;
    await paused.getByRole('button', { name: 'Resume' }).click();
    await paused.getByText('Active').waitFor();
    await expect.poll(async () => paused.getByRole('cell', { name: '204' }).count(), { timeout: 10_000 }).toBe(2);

    await ok.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete webhook' }).click();
    await expect.poll(async () => section().getByRole('listitem').filter({ hasText: '/ok' }).count()).toBe(0);
    expect((await app.json('GET', '/api/webhooks', { token })).body.webhooks).toHaveLength(1);
  });
});
