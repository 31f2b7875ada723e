/**
 * Renders the app's icons (web/public/icons/*.png, committed) from the favicon's drawing in Chromium,
 * at the sizes the manifest and iOS ask for. Run again only when public/favicon.svg changes:
 *   node --import tsx web/scripts/render-icons.ts
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const publicDir = new URL('../public/', import.meta.url);
const favicon = readFileSync(new URL('favicon.svg', publicDir), 'utf8');
// A maskable icon is cut to a circle or a squircle by the launcher: full-bleed colour, the check inside the 80% safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#4f46e5"/><g transform="translate(16 16) scale(0.62) translate(-16 -16)"><path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;
// iOS rounds the corners itself and shows transparency as black: a square, full-bleed.
const square = favicon.replace(' rx="8"', '');

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: square },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const { file, size, svg } of icons) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: new URL(`icons/${file}`, publicDir).pathname, omitBackground: true });
}
await browser.close();
