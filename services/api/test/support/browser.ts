import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { watchBrowser } from './failure-evidence.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM_PATH);

if (!chromiumAvailable) {
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium; CI installs it).`);
}

/** Debian's Chromium, headless, with no background traffic (this machine's network is closed). */
export const launchBrowser = async (): Promise<Browser> =>
  watchBrowser(
    await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    }),
  );

/** What a browser test drives: the app, and a browser with one context and page. */
export interface BrowserRun {
  app: TestApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * A fresh app and a browser with one context (`device`: its zone, downloads, viewport) and page. The
 * app's service worker (/sw.js) controls the page from its second load: `page.route` then no longer
 * sees the requests that pass through the worker, nor the files it answers from its cache. A test that
 * routes them uses `context.route`, or opens its context with `serviceWorkers: 'block'`.
 */
export const openBrowserRun = async (device: BrowserContextOptions = {}, appOptions?: Parameters<typeof startTestApp>[0]): Promise<BrowserRun> => {
  const app = await startTestApp(appOptions);
  const browser = await launchBrowser();
  const context = await browser.newContext(device);
  return { app, browser, context, page: await context.newPage() };
};

/** Closes what `openBrowserRun` opened, whatever of it was opened. */
export const closeBrowserRun = async (run: Partial<BrowserRun>): Promise<void> => {
  await run.context?.close();
  await run.browser?.close();
  await run.app?.stop();
};

/** Signed in the way the app keeps a session: the token in local storage, read when the app starts. */
export const signInWithToken = async (page: Page, appUrl: string, token: string): Promise<void> => {
  await page.goto(`${appUrl}/favicon.svg`);
  await page.evaluate(`window.localStorage.setItem('token', ${JSON.stringify(token)})`);
};

/** A browser run whose page is signed in as a fresh account. */
export interface SignedInRun extends BrowserRun {
  token: string;
  user: Awaited<ReturnType<TestApp['registerUser']>>;
}

export interface SignedInOptions {
  /** The browser context's options (zone, locale, viewport, permissions …). */
  device?: BrowserContextOptions;
  /** The account's zone at registration. */
  timezone?: string;
  app?: Parameters<typeof startTestApp>[0];
  /** What must happen before the account exists (moving the app's clock to the day it registers on). */
  beforeRegistering?: (run: BrowserRun) => Promise<void> | void;
}

/**
 * A spec file's browser run, signed in as a fresh account `name`: opened before its tests, closed
 * after them. The answer is filled in by then (read `run.page` inside tests and hooks, not at load).
 */
export const useSignedInBrowser = (name: string, options: SignedInOptions = {}): SignedInRun => {
  const run = {} as SignedInRun;
  beforeAll(async () => {
    Object.assign(run, await openBrowserRun(options.device, options.app));
    await options.beforeRegistering?.(run);
    run.user = await run.app.registerUser(name, options.timezone);
    run.token = run.user.token;
    await signInWithToken(run.page, run.app.url, run.token);
  });
  afterAll(() => closeBrowserRun(run));
  return run;
};
