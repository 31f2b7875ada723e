import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../src/process/runtime.ts';
import { chromiumAvailable, closeBrowserRun, openBrowserRun } from './support/browser.ts';
import type { TestApp } from './support/test-app.ts';

/** What web/scripts/bundle-budget.ts wrote for this build: each first screen's chunks, each chunk's packages. */
interface BundleReport {
  screens: Record<string, { js: string[]; gzip: number }>;
  chunks: { fileName: string; gzip: number; imports: string[]; packages: string[]; facade: string | null }[];
}

interface ColdLoad {
  /** Every script fetched before the main heading appeared, as `assets/<file>`. */
  js: string[];
  title: string;
  headingMs: number;
  domContentLoadedMs: number;
  loadMs: number;
  /** Bytes of JavaScript over the wire (brotli, as the server sends it to Chromium). */
  jsTransferred: number;
}

// Runs before any page script (as text: this workspace compiles without the DOM's types): the moment
// the page's <h1> enters the DOM, on the navigation's clock.
const recordHeading = `
  new MutationObserver((_, observer) => {
    if (!document.querySelector('h1')) return;
    window.headingAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
`;

const readTimings = `(() => {
  const [navigation] = performance.getEntriesByType('navigation');
  const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js'));
  return {
    headingMs: window.headingAt,
    domContentLoadedMs: navigation.domContentLoadedEventEnd,
    loadMs: navigation.loadEventEnd,
    jsTransferred: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
  };
})()`;

/**
 * Loads `path` in `context` (fresh: empty HTTP cache) and measures it; a figure to watch, not to assert
 * on, since these machines are shared and noisy.
 */
const coldLoad = async (context: BrowserContext, url: string, heading: string): Promise<ColdLoad> => {
  const page = await context.newPage();
  await page.addInitScript(recordHeading);
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js') && pathname.startsWith('/assets/')) requested.push(pathname.slice(1));
  });
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  const js = [...requested];
  const title = await page.title();
  await page.waitForLoadState('load');
  const timing = await page.evaluate<Omit<ColdLoad, 'js' | 'title'>>(readTimings);
  await page.close();
  return { js: js.sort(), title, ...timing };
};

// The dashboard's cards below the fold on a 1280×800 screen, loaded right after its first screen
// (features/dashboard/routes/dashboard.tsx); the daily points card then loads its bars with recharts.
const belowTheFold = [
  // Not a card: the signed-in user's answers kept on the device (lib/offline), loaded beside the first screen.
  'src/lib/offline/answers-on-device.ts',
  // Not a card either: the empty cards' words (a new account's dashboard shows them), loaded when a card is empty.
  'src/features/dashboard/components/next-step.tsx',
  'src/features/dashboard/components/daily-points-chart.tsx',
  'src/features/dashboard/components/daily-points-plot.tsx',
  'src/features/dashboard/components/top-achievements-card.tsx',
  'src/features/dashboard/components/recent-activity-card.tsx',
  'src/features/dashboard/components/heatmap-card.tsx',
];

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

describe.skipIf(!chromiumAvailable)('the first screen, cold, over loopback', () => {
  let app: TestApp;
  let browser: Browser;
  let report: BundleReport;

  const logLoad = (screen: string, load: ColdLoad) => {
    const gzip = load.js.reduce((sum, file) => sum + (report.chunks.find((chunk) => chunk.fileName === file)?.gzip ?? 0), 0);
    // The figure CI prints for people to watch (no-console guards source code, not this report).
    // eslint-disable-next-line no-console
    console.log(
      `cold load ${screen}: ${Math.round(load.headingMs)} ms to the heading, DOMContentLoaded ${Math.round(load.domContentLoadedMs)} ms, ` +
        `load ${Math.round(load.loadMs)} ms (JS ${kB(gzip)} gz in ${load.js.length} chunks, ${kB(load.jsTransferred)} br over the wire)`,
    );
  };

  const chunksWith = (packageName: string) => report.chunks.filter((chunk) => chunk.packages.includes(packageName)).map((chunk) => chunk.fileName);

  /** The chunks of these lazily loaded modules with every chunk they import statically. */
  const laterChunks = (modules: readonly string[]): string[] => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of report.chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) visit(next);
    };
    for (const module of modules) {
      const chunk = report.chunks.find((candidate) => candidate.facade === module);
      if (chunk) visit(chunk.fileName);
    }
    return [...seen];
  };

  beforeAll(async () => {
    report = JSON.parse(readFileSync(path.join(WEB_DIST_DIR, '.vite/bundle-report.json'), 'utf8')) as BundleReport;
    ({ app, browser } = await openBrowserRun());
  });
  afterAll(() => closeBrowserRun({ app, browser }));

  it('/login loads the chunks the build counted as its first screen, and no chart code', async () => {
    const context = await browser.newContext();
    const load = await coldLoad(context, `${app.url}/login`, 'Welcome back');
    await context.close();
    logLoad('/login', load);
    expect(load.title).toBe('Log in · Points Tracker');
    expect(load.js).toEqual(report.screens['/login']!.js);
    expect(chunksWith('recharts').length).toBeGreaterThan(0);
    expect(load.js.filter((file) => chunksWith('recharts').includes(file))).toEqual([]);
  });

  it('/, the public page, loads the chunks the build counted as its first screen (within the budget), and no chart code', async () => {
    const context = await browser.newContext();
    const load = await coldLoad(context, `${app.url}/`, 'Track goals, habits and to-dos. Earn points for every step.');
    await context.close();
    logLoad('/', load);
    expect(load.title).toBe('Points Tracker · Goals, habits and to-dos that earn points');
    expect(load.js).toEqual(report.screens['/']!.js);
    expect(report.screens['/']!.gzip).toBeLessThanOrEqual(150_000);
    expect(load.js.filter((file) => chunksWith('recharts').includes(file))).toEqual([]);
  });

  it('/dashboard, signed in, loads the chunks the build counted as its first screen', async () => {
    // Sign in through the app once; the measured context gets only its storage, not its HTTP cache.
    const { email, password } = await app.registerUser('Cold Load');
    const signIn = await browser.newContext();
    const page = await signIn.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const storageState = await signIn.storageState();
    await signIn.close();

    const context = await browser.newContext({ storageState });
    const load = await coldLoad(context, `${app.url}/dashboard`, 'Dashboard');
    await context.close();
    logLoad('/dashboard', load);
    expect(load.title).toBe('Dashboard · Points Tracker');
    // Every chunk the build counted, and nothing else but the cards below the fold (the daily points
    // chart with recharts, top achievements, recent activity, the year's heatmap), which load after the
    // first screen: on a busy machine their requests can start before the heading is painted.
    const counted = report.screens['/dashboard']!.js;
    expect(counted.filter((file) => !load.js.includes(file))).toEqual([]);
    const later = new Set([...chunksWith('recharts'), ...laterChunks(belowTheFold)]);
    expect(load.js.filter((file) => !counted.includes(file) && !later.has(file))).toEqual([]);
    // Their own code is not counted in the first screen.
    const cards = belowTheFold.map((module) => report.chunks.find((chunk) => chunk.facade === module)?.fileName);
    expect(cards.filter((file) => file === undefined || counted.includes(file))).toEqual([]);
  });

  it("offers a reload when a page's code is gone (a deploy replaced the chunks), and the reload recovers", async () => {
    const register = report.chunks.find((chunk) => chunk.facade === 'src/features/auth/routes/register.tsx');
    expect(register).toBeDefined();
    const context = await browser.newContext();
    const page = await context.newPage();
    // As the server answers a file it no longer has: index.html, which the browser refuses as a module.
    await page.route(`**/${register!.fileName}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><div id="root"></div>' }),
    );
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('The app may have been updated since you opened it').waitFor();
    await page.unroute(`**/${register!.fileName}`);
    await alert.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    expect(await page.title()).toBe('Create account · Points Tracker');
    await context.close();
  });
});
