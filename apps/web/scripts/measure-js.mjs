// Gzip size of the JavaScript a page loads (recorded in docs/web.md):
//   node apps/web/scripts/measure-js.mjs [baseURL]   (default http://localhost:3999, the mock API)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BASE = process.argv[2] ?? 'http://localhost:3999';
const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

async function measure(path, username) {
  const context = await browser.newContext();
  if (username) {
    const response = await fetch(`${BASE}/api/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: 'demo1234' }),
    });
    const pair = await response.json();
    await context.addInitScript((tokens) => {
      localStorage.setItem('serviceToken', tokens.access);
      localStorage.setItem('refreshToken', tokens.refresh);
    }, pair);
  }
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(BASE + path);
  await page.waitForLoadState('networkidle');
  await context.close();
  let raw = 0;
  let gzip = 0;
  for (const script of scripts) {
    const content = readFileSync(DIST + script);
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  console.log(
    `${path}${username ? ` (${username})` : ''}: ${scripts.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`,
  );
}

await measure('/login');
await measure('/dashboard', 'admin');
await measure('/customers', 'collector');
await browser.close();
