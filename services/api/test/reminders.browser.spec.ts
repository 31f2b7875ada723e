import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { chromiumAvailable, launchBrowser, signInWithToken } from './support/browser.ts';
import { screenshot, type Theme } from './support/screenshots.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Reminders in the browser (issue 19): the settings section (notifications asked for only after a
// click, reminder mail turned on), and a reminder shown as a notification at 09:00 in the user's
// zone under a driven clock (playwright's page.clock), not at 08:59 — and not for an item completed
// meanwhile. axe in light and dark; screenshots at 375 and 1280 px.

/** Records what the page asks of notifications: permission requests and every notification shown. */
const RECORDER = `(() => {
  window.__asked = 0;
  window.__shown = [];
  if ('Notification' in window) {
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => { window.__asked += 1; return ask(...args); };
    const Original = window.Notification;
    const Recorded = function (title, options) { window.__shown.push({ title, path: options && options.data && options.data.path, via: 'page' }); return new Original(title, options); };
    Object.defineProperty(Recorded, 'permission', { get: () => Original.permission });
    Recorded.requestPermission = Notification.requestPermission;
    window.Notification = Recorded;
  }
  if ('ServiceWorkerRegistration' in window) {
    const showNotification = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      window.__shown.push({ title, path: options && options.data && options.data.path, via: 'worker' });
      return showNotification.call(this, title, options).catch(() => undefined);
    };
  }
})();`;

/** A fixed-offset zone (Etc/GMT-N is UTC+N) where it is now between 06:00 and 07:00, so 09:00 is 2–3 hours ahead. */
const morningZone = (): { zone: string; offsetHours: number } => {
  const offsetHours = ((6 - new Date().getUTCHours() + 36) % 24) - 12;
  return { zone: offsetHours === 0 ? 'Etc/GMT' : `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`, offsetHours };
};

describe.skipIf(!chromiumAvailable)('reminders in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const { zone, offsetHours } = morningZone();
  /** 09:00 today in `zone`, as an instant. */
  const nine = (() => {
    const local = new Date(Date.now() + offsetHours * 3_600_000);
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 9) - offsetHours * 3_600_000;
  })();

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  const open = async (options: { notifications: boolean }): Promise<Page> => {
    const context = await browser.newContext({ locale: 'en-US', timezoneId: zone });
    contexts.push(context);
    if (options.notifications) await context.grantPermissions(['notifications'], { origin: app.url });
    await context.addInitScript(RECORDER);
    return context.newPage();
  };
  const shown = (page: Page) => page.evaluate('window.__shown') as Promise<Array<{ title: string; path: string; via: string }>>;

  it('asks for notifications only when "Turn on notifications" is pressed, and turns reminder mail on; axe clean in light and dark', async () => {
    const { token } = await app.registerUser('Rémi', zone);
    const page = await open({ notifications: false });
    await signInWithToken(page, app.url, token);
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${app.url}/settings`);
    const section = page.getByRole('region', { name: 'Reminders' });
    await section.waitFor();
    // Nothing asked on load, on the dashboard or on the settings screen.
    expect(await page.evaluate('window.__asked')).toBe(0);

    const mail = section.getByRole('checkbox', { name: 'Email me reminders' });
    expect(await mail.isChecked()).toBe(false);
    await mail.check();
    await expect.poll(async () => (await app.json('GET', '/api/settings', { token })).body.settings.emailReminders).toBe(true);
    await expect.poll(() => mail.isChecked()).toBe(true);

    for (const theme of ['light', 'dark'] as Theme[]) {
      await app.json('PATCH', '/api/settings', { token, body: { theme } });
      await page.evaluate(`localStorage.setItem('theme', '${theme}')`);
      await page.reload();
      await expect.poll(() => page.evaluate('document.documentElement.dataset.theme ?? ""')).toBe(theme);
      await section.waitFor();
      const problems = await seriousViolations(page);
      expect(problems, describeViolations(`settings, reminders (${theme})`, problems)).toEqual([]);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
        await expect.poll(() => page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await screenshot(page, 'settings-reminders', width, theme, { fullPage: false });
      }
    }
    expect(await page.evaluate('window.__asked')).toBe(0);

    await section.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect.poll(() => page.evaluate('window.__asked')).toBe(1);
    // Headless Chromium answers at once; whatever it said, the section now says where things stand.
    await expect.poll(() => section.getByTestId('reminders-notify-state').isVisible()).toBe(true);
    const after = await seriousViolations(page);
    expect(after, describeViolations('settings, reminders after the permission answer (dark)', after)).toEqual([]);
  });

  it('shows a reminder due at 09:00 in the user’s zone at 09:00 and not at 08:59, through the service worker; not one completed meanwhile', async () => {
    const { token } = await app.registerUser('Nina', zone);
    const deadline = new Date(nine + 9 * 3_600_000).toISOString(); // 18:00 there, today
    const create = async (title: string) =>
      (await app.json('POST', '/api/actionables', { token, body: { title, deadline, reminderTime: '09:00' } })).body.actionable as { id: string };
    await create('Call the dentist');
    const done = await create('Water the plants');

    const page = await open({ notifications: true });
    await page.clock.install({ time: Date.now() });
    await signInWithToken(page, app.url, token);
    // The first load registers the service worker; the second is one it controls.
    await page.goto(`${app.url}/dashboard`);
    await page.evaluate('navigator.serviceWorker.ready');
    const scheduled = page.waitForResponse((response) => response.url().endsWith('/api/reminders/today'));
    await page.reload();
    await scheduled;
    expect(await page.evaluate('Notification.permission')).toBe('granted');

    // 08:59 there: nothing yet.
    const fakeNow = (await page.evaluate('Date.now()')) as number;
    await page.clock.fastForward(nine - 60_000 - fakeNow);
    await page.waitForTimeout(500);
    expect(await shown(page)).toEqual([]);

    // Completed before its time (on another device, say): it is asked for again at 09:00 and not shown.
    expect((await app.json('PATCH', `/api/actionables/${done.id}/complete`, { token })).status).toBe(200);
    await page.clock.fastForward(60_000);
    await expect.poll(() => shown(page)).toEqual([{ title: 'Call the dentist', path: '/actionables', via: 'worker' }]);
    await page.waitForTimeout(500);
    expect(await shown(page)).toHaveLength(1);
    expect(await page.evaluate('window.__asked')).toBe(0);
  });
});
