// Screenshots of the built app for a visual check (English/Arabic, light/dark, phone/desktop):
//   node apps/web/scripts/screenshots.mjs [baseURL] [outDir]   (default http://localhost:3999, /tmp/meterline-shots)
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const BASE = process.argv[2] ?? 'http://localhost:3999';
const OUT = process.argv[3] ?? '/tmp/meterline-shots';
const ONLY = process.env.ONLY ?? '';
mkdirSync(OUT, { recursive: true });

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

async function signIn(username) {
  const response = await fetch(`${BASE}/api/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  return response.json();
}

const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const shots = [
  { name: 'login', user: null, path: '/login' },
  { name: 'dashboard', user: 'admin', path: '/dashboard' },
  { name: 'customers', user: 'collector', path: '/customers' },
  { name: 'tenants', user: 'superadmin', path: '/tenants' },
  { name: 'forbidden', user: 'support', path: '/dashboard' },
  // Admin screens (clients, users, profile, settings).
  { name: 'tenant-create', user: 'superadmin', path: '/tenants/create' },
  { name: 'tenant-edit', user: 'superadmin', path: '/tenants/1' },
  { name: 'tenant-users', user: 'superadmin', path: '/tenants/1/users' },
  { name: 'tenant-user-edit', user: 'superadmin', path: '/tenants/1/users/2' },
  { name: 'users', user: 'admin', path: '/users' },
  { name: 'user-create', user: 'admin', path: '/users/create' },
  { name: 'user-read-only', user: 'accountant', path: '/users/4' },
  { name: 'profile', user: 'support', path: '/users/profile' },
  { name: 'settings', user: 'admin', path: '/settings' },
  { name: 'login-client-blocked', user: null, path: '/login?reason=tenant_blocked' },
  // The customer's account and tariffs.
  { name: 'overdue', user: 'accountant', path: '/overdue' },
  { name: 'overdue-collector', user: 'collector', path: '/overdue' },
  { name: 'tariffs', user: 'admin', path: '/tariffs' },
  { name: 'tariff-create', user: 'admin', path: '/tariffs/create' },
];

for (const [viewportName, viewport] of Object.entries(viewports)) {
  for (const language of ['en', 'ar']) {
    for (const mode of ['light', 'dark']) {
      for (const shot of shots) {
        const file = `${OUT}/${shot.name}-${viewportName}-${language}-${mode}.png`;
        if (ONLY && !file.includes(ONLY)) continue;
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
        const tokens = shot.user ? await signIn(shot.user) : null;
        await context.addInitScript(
          ([settings, pair]) => {
            localStorage.setItem('meterline-settings', settings);
            if (pair) {
              localStorage.setItem('serviceToken', pair.access);
              localStorage.setItem('refreshToken', pair.refresh);
            }
          },
          [JSON.stringify({ language, mode }), tokens],
        );
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`${file}: ${error.message}`));
        page.on('console', (message) => message.type() === 'error' && console.error(`${file}: console ${message.text()}`));
        await page.goto(BASE + shot.path);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(900);
        await page.screenshot({ path: file, fullPage: false });
        await context.close();
        console.log(file);
      }
    }
  }
}
await browser.close();
