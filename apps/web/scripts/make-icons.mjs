// The app's PNG icons (web app manifest, apple-touch-icon), drawn from the favicon's bolt by the
// machine's Chromium (playwright-core, no download): node apps/web/scripts/make-icons.mjs
// Writes apps/web/public/icons/*.png; the files are committed, so a build needs no browser.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(OUT, { recursive: true });

const BOLT = 'M18 4 8 18h7l-2 10 10-14h-7z';
/** `any`: the rounded tile of the favicon; `maskable`: full bleed, the bolt inside the 80 % safe zone. */
const svgOf = (kind) =>
  kind === 'maskable'
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1e5eff"/><g transform="translate(6.4 6.4) scale(0.6)"><path d="${BOLT}" fill="#fff"/></g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1e5eff"/><path d="${BOLT}" fill="#fff"/></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'maskable-512.png', size: 512, kind: 'maskable' },
  { file: 'apple-touch-icon-180.png', size: 180, kind: 'maskable' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, kind } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svgOf(kind).replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(OUT, file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`icons written to ${OUT}`);
