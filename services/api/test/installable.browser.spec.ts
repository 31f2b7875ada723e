import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../src/process/runtime.ts';
import { chromiumAvailable, closeBrowserRun, openBrowserRun, signInWithToken } from './support/browser.ts';
import type { TestApp } from './support/test-app.ts';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** The width and height a PNG's IHDR says. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

// What a browser checks before it offers to install: a manifest with a name, a standalone display, a
// start URL and 192 and 512 px icons, and a service worker that controls the page.
describe.skipIf(!chromiumAvailable)('the app installs: manifest and service worker', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, context, page } = await openBrowserRun());
  });
  afterAll(() => closeBrowserRun({ app, browser, context }));

  it('serves a manifest with name, start URL, standalone display, theme colours and PNG icons of the sizes browsers need', async () => {
    const answer = await fetch(`${app.url}/manifest.webmanifest`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Points Tracker', short_name: 'Points', start_url: '/dashboard', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of [...pngs, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
      const image = await fetch(`${app.url}${icon.src}`);
      expect(image.headers.get('content-type')).toBe('image/png');
      const [width] = icon.sizes.split('x').map(Number);
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({ width, height: width });
    }

    // The page names it, the icon for iOS and the bars' colour in both schemes; the CSP allows the manifest and the worker.
    const page = await fetch(`${app.url}/login`);
    const html = await page.text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
    expect(html).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: light\)"/);
    expect(html).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: dark\)"/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
  });

  it('serves /sw.js revalidated on every visit, listing this build’s shell: index.html, every hashed file, the public files', async () => {
    const answer = await fetch(`${app.url}/sw.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/javascript/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const source = await answer.text();
    const shell = JSON.parse(/^const SHELL = (.*);$/m.exec(source)![1]!) as string[];
    expect(source).toMatch(/^const BUILD = "[0-9a-f]{16}";$/m);
    const report = JSON.parse(readFileSync(path.join(WEB_DIST_DIR, '.vite/bundle-report.json'), 'utf8')) as { chunks: { fileName: string }[] };
    expect(shell).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/theme-boot.js', '/icons/icon-192.png']));
    expect(report.chunks.map((chunk) => `/${chunk.fileName}`).filter((file) => !shell.includes(file))).toEqual([]);
    expect(shell.filter((file) => file.startsWith('/api') || file === '/sw.js' || file.startsWith('/.vite'))).toEqual([]);
  });

  it('registers the worker after the first load; from the next load on it controls the page', async () => {
    const { token } = await app.registerUser('Installer');
    await signInWithToken(page, app.url, token);
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const scope = await page.evaluate(`navigator.serviceWorker.ready.then((registration) => registration.scope)`);
    expect(scope).toBe(`${app.url}/`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.evaluate('navigator.serviceWorker.controller?.scriptURL')).toBe(`${app.url}/sw.js`);
    const caches = (await page.evaluate('caches.keys()')) as string[];
    expect(caches).toHaveLength(1);
    expect(caches[0]).toMatch(/^tracker-shell-[0-9a-f]{16}$/);
    // Nothing of /api is ever in it: every request it holds is the shell's.
    const held = (await page.evaluate(
      `caches.open(${JSON.stringify(caches[0])}).then((cache) => cache.keys()).then((requests) => requests.map((request) => new URL(request.url).pathname))`,
    )) as string[];
    expect(held.filter((file) => file.startsWith('/api'))).toEqual([]);
    expect(held).toContain('/index.html');
  });
});
