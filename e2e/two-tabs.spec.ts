import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/roles';
import { first, nth } from './support/invariant';

/**
 * Two tabs of one user whose access token has expired refresh at the same moment: refresh tokens
 * are single-use, yet neither tab is signed out (docs/security.md). With Web Locks the tabs take
 * turns and the second reuses the first one's pair; without them the server's grace window
 * answers the repeated refresh with the same pair.
 */

/** The stored access token with its expiry moved into the past (the server refuses it: bad signature and expired). */
function expire(token: string): string {
  const [header, payload = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  claims.exp = Math.floor(Date.now() / 1000) - 60;
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.expired`;
}

async function twoSignedInTabs(browser: Browser, baseURL: string, options: { withoutWebLocks: boolean }) {
  const context = await browser.newContext({ baseURL });
  if (options.withoutWebLocks) await context.addInitScript(() => Object.defineProperty(navigator, 'locks', { value: undefined }));
  const signIn = await context.request.post('/api/auth/jwt/create/', { data: { username: 'accountant', password: DEMO_PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const pair = (await signIn.json()) as { access: string; refresh: string };
  const violations: string[] = [];
  const pages: Page[] = [];
  for (let index = 0; index < 2; index += 1) {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    pages.push(page);
  }
  await first(pages).goto('/login');
  await first(pages).evaluate(({ access, refresh }) => {
    localStorage.setItem('serviceToken', access);
    localStorage.setItem('refreshToken', refresh);
  }, pair);
  for (const page of pages) {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  }
  return { context, pages, pair, violations };
}

for (const withoutWebLocks of [false, true]) {
  test(`two tabs refreshing at once both stay signed in (${withoutWebLocks ? 'no Web Locks: server grace window' : 'Web Locks'})`, async ({
    browser,
    baseURL,
  }) => {
    const { context, pages, pair, violations } = await twoSignedInTabs(browser, baseURL!, { withoutWebLocks });
    // Both tabs leave the app for a same-origin page that runs none of its code (an API URL: the
    // service worker serves no app shell there), so no refresh the app schedules before the
    // token's expiry can store a fresh pair over the expired token written next (with 1-minute
    // tokens one did, and the tabs then had nothing to refresh).
    for (const page of pages) await page.goto('/api/auth/users/me/');
    await first(pages).evaluate((expired) => localStorage.setItem('serviceToken', expired), expire(pair.access));

    const refreshes: number[] = [];
    context.on('response', (response) => {
      if (response.url().endsWith('/api/auth/jwt/refresh/')) refreshes.push(response.status());
    });
    // A slow refresh, so that both tabs ask before either has stored the answer.
    await context.route('**/api/auth/jwt/refresh/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // Both tabs load at once with the expired token: each gets a 401 and refreshes.
    await Promise.all(pages.map((page) => page.goto('/dashboard')));
    for (const page of pages) {
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await expect(page).toHaveURL('/dashboard');
    }
    console.log(
      `two-tabs${withoutWebLocks ? '-no-locks' : ''}: refreshes=${refreshes.length} ok=${refreshes.filter((status) => status === 200).length} signed-in=2/2`,
    );
    // With Web Locks the second tab waits and usually reuses the first one's pair; but Chromium
    // syncs localStorage between tabs asynchronously, so the second tab may still read the old
    // token when it gets the lock and ask too. Without locks both ask. Either way the server's
    // grace window answers the repeat with the same pair: every refresh succeeds and the tabs end
    // on one pair (one rotation of the session, nobody signed out).
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(refreshes.length).toBeLessThanOrEqual(2);
    if (withoutWebLocks) expect(refreshes).toHaveLength(2);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    const refreshTokens = await Promise.all(pages.map((page) => page.evaluate(() => localStorage.getItem('refreshToken'))));
    expect(refreshTokens[0]).toBe(refreshTokens[1]);
    expect(refreshTokens[0]).not.toBe(pair.refresh);

    // The tokens both tabs now share are good with the server.
    const stored = await nth(pages, 1).evaluate(() => localStorage.getItem('serviceToken'));
    expect(stored).not.toBe(pair.access);
    const me = await context.request.get('/api/auth/users/me/', { headers: { Authorization: `Bearer ${stored}` } });
    expect(me.status()).toBe(200);
    // The app runs under its Content-Security-Policy without a single violation.
    expect(violations).toEqual([]);
    await context.close();
  });
}
