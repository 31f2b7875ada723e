import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeEach, type TestContext } from 'vitest';

/**
 * What a failed browser test leaves behind, so a failure seen once in CI can be understood from its log:
 * for every open page its address, the toasts, alerts and status messages on screen, the last API
 * answers that were not 2xx, the page's errors and console errors, and a screenshot under
 * test-output/failures/. A browser test runs on a shared, busy machine; without this a timeout says only
 * that something did not appear.
 */

const MAX_NOTES = 40;

interface PageNotes {
  notes: string[];
}

const browsers = new Set<Browser>();
const notesOf = new WeakMap<Page, PageNotes>();

const note = (page: Page, line: string) => {
  const kept = notesOf.get(page);
  if (!kept) return;
  kept.notes.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (kept.notes.length > MAX_NOTES) kept.notes.shift();
};

const watchPage = (page: Page) => {
  if (notesOf.has(page)) return;
  notesOf.set(page, { notes: [] });
  page.on('pageerror', (error) => note(page, `page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(page, `console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => note(page, `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`));
  page.on('response', (response) => {
    if (response.status() >= 300 && response.url().includes('/api/'))
      note(page, `answer ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
};

/** Keeps watch over the pages of every context the browser opens, from their first request on. */
export const watchBrowser = (browser: Browser): Browser => {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', watchPage);
    // vitest runs afterEach hooks before onTestFailed: a spec that closes its context there would
    // otherwise leave nothing of the failing page to report.
    const close = context.close.bind(context);
    context.close = async (...closeArgs) => {
      await reportIfFailing();
      return close(...closeArgs);
    };
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watchPage(page);
    return page;
  };
  return browser;
};

const onScreen = (page: Page): Promise<string[]> =>
  page.evaluate(`[...document.querySelectorAll('[data-testid^="toast-"], [role="alert"], [role="status"]')]
    .map((element) => (element.getAttribute('data-testid') ?? element.getAttribute('role')) + ': ' + (element.textContent ?? '').trim().slice(0, 200))
    .filter((line) => !line.endsWith(': '))`) as Promise<string[]>;

const fileNameOf = (name: string) => name.replace(/[^\w.-]+/g, '-').slice(0, 80);

export const reportFailure = async (testName: string): Promise<void> => {
  const pages = [...browsers].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  const dir = path.resolve('test-output/failures');
  await mkdir(dir, { recursive: true });
  const lines: string[] = [];
  for (const [index, page] of pages.entries()) {
    if (page.isClosed()) continue;
    const file = path.join(dir, `${fileNameOf(testName)}-${index}.png`);
    const [screen, shot] = await Promise.allSettled([onScreen(page), page.screenshot({ path: file, fullPage: true, timeout: 5_000 })]);
    lines.push(
      `page ${index}: ${page.url()}`,
      ...(screen.status === 'fulfilled' ? screen.value.map((line) => `  on screen: ${line}`) : [`  on screen: unreadable (${String(screen.reason)})`]),
      ...(notesOf.get(page)?.notes.map((line) => `  ${line}`) ?? []),
      shot.status === 'fulfilled' ? `  screenshot: ${path.relative(process.cwd(), file)}` : `  screenshot failed: ${String(shot.reason)}`,
    );
  }
  if (lines.length > 0) console.error(`What the browser showed when "${testName}" failed:\n${lines.join('\n')}`);
};

/** The running test, and whether its failure was reported already (by a context closing before onTestFailed). */
let running: { task: TestContext['task']; reported: boolean } | undefined;

const reportIfFailing = async (): Promise<void> => {
  if (!running || running.reported || running.task.result?.state !== 'fail') return;
  running.reported = true;
  await reportFailure(running.task.name);
};

beforeEach(({ task, onTestFailed }) => {
  running = { task, reported: false };
  onTestFailed(() => reportIfFailing());
});
