import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { demoCredentials, signedInContext } from './support/session';

/** Unique per run: the client this journey makes is its own, its name and users must be too. */
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function signInThroughForm(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a superadmin creates a client and its admin, who adds a collector and changes settings; blocking the client signs the admin out', async ({
  browser,
  baseURL,
}) => {
  const clientName = `Cedar Grid ${suffix}`;
  const slug = `cedar-grid-${suffix}`;
  const adminUsername = `cedar-admin-${suffix}`;
  const adminPassword = 'cedar-pass-2026';

  // The superadmin, signed in through the API with a pair of its own.
  const superContext = await signedInContext(browser, baseURL!, demoCredentials('superadmin'));
  const superPage = await superContext.newPage();
  await superPage.goto('/tenants');
  await expect(superPage.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  await expect(superPage.getByRole('grid', { name: 'Clients' }).getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(superPage, 'client list');

  await superPage.getByRole('link', { name: 'New client' }).click();
  await expect(superPage).toHaveURL('/tenants/create');
  await superPage.getByRole('textbox', { name: /^Name/ }).fill(clientName);
  await expect(superPage.getByRole('textbox', { name: /^Slug/ })).toHaveValue(slug);
  await superPage.getByRole('combobox', { name: 'Currency', exact: true }).click();
  await superPage.getByRole('option', { name: 'JOD' }).click();
  await expectNoSeriousA11yViolations(superPage, 'create client');
  await superPage.getByRole('button', { name: 'Create client' }).click();

  // Straight on to the client's first user, an admin.
  await expect(superPage).toHaveURL(/\/tenants\/\d+\/users\/create$/);
  const clientPath = new URL(superPage.url()).pathname.replace(/\/users\/create$/, '');
  await expect(superPage.getByRole('combobox', { name: 'Role' })).toHaveText('Admin');
  await superPage.getByRole('textbox', { name: /^Username/ }).fill(adminUsername);
  await superPage.getByLabel(/^Password/).fill(adminPassword);
  await superPage.getByRole('textbox', { name: 'First name' }).fill('Rami');
  await superPage.getByRole('textbox', { name: 'Last name' }).fill('Haddad');
  await expectNoSeriousA11yViolations(superPage, 'create client user');
  await superPage.getByRole('button', { name: 'Create user' }).click();
  await expect(superPage).toHaveURL(`${clientPath}/users`);
  await expect(superPage.getByRole('link', { name: adminUsername })).toBeVisible();
  await expectNoSeriousA11yViolations(superPage, 'client users');

  // The new admin signs in and lands on the dashboard.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughForm(adminPage, adminUsername, adminPassword);
  await expect(adminPage).toHaveURL('/dashboard');

  // ...adds a collector...
  await adminPage.goto('/users/create');
  await adminPage.getByRole('textbox', { name: /^Username/ }).fill(`cedar-collector-${suffix}`);
  await adminPage.getByLabel(/^Password/).fill('collect-2026-x');
  await adminPage.getByRole('textbox', { name: 'First name' }).fill('Nadia');
  await adminPage.getByRole('combobox', { name: 'Role' }).click();
  await adminPage.getByRole('option', { name: 'Collector' }).click();
  await expectNoSeriousA11yViolations(adminPage, 'create user');
  await adminPage.getByRole('button', { name: 'Create user' }).click();
  await expect(adminPage).toHaveURL('/users');
  const collectorRow = adminPage.getByRole('row', { name: new RegExp(`cedar-collector-${suffix}`) });
  await expect(collectorRow).toContainText('Collector');
  await expectNoSeriousA11yViolations(adminPage, 'user list');

  // ...and changes the settings.
  await adminPage.goto('/settings');
  const companyName = adminPage.getByRole('textbox', { name: 'Company name' });
  await expect(companyName).toHaveValue(clientName);
  await companyName.fill(`${clientName} Ltd`);
  await adminPage.getByRole('textbox', { name: 'Days to pay' }).fill('٢١');
  await expectNoSeriousA11yViolations(adminPage, 'settings');
  await adminPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(adminPage.getByText('Settings saved.')).toBeVisible();
  await adminPage.reload();
  await expect(adminPage.getByRole('textbox', { name: 'Days to pay' })).toHaveValue('21');
  await expect(adminPage.getByRole('combobox', { name: 'Currency', exact: true })).toHaveText('JOD');

  // The superadmin blocks the client, after a confirmation.
  await superPage.goto(clientPath);
  await superPage.getByRole('button', { name: 'Block client' }).click();
  const dialog = superPage.getByRole('dialog', { name: `Block ${clientName}?` });
  await expect(dialog).toContainText('users are signed out at once');
  await expectNoSeriousA11yViolations(superPage, 'block confirmation');
  await dialog.getByRole('button', { name: 'Block client' }).click();
  await expect(superPage.getByText('This client is blocked: its users cannot sign in.')).toBeVisible();
  await expect(superPage.getByRole('button', { name: 'Unblock client' })).toBeVisible();

  // The admin's next call is refused: the login page says why. That call is the click, or the
  // app's own token refresh when it comes first (a short ACCESS_TOKEN_MINUTES): either way the
  // admin must land on the login page with the reason.
  const usersLink = adminPage.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' });
  await Promise.race([usersLink.click().catch(() => undefined), adminPage.waitForURL('/login?reason=tenant_blocked')]);
  await expect(adminPage).toHaveURL('/login?reason=tenant_blocked');
  await expect(adminPage.getByRole('status')).toContainText('This client is blocked');
  await expectNoSeriousA11yViolations(adminPage, 'login after block');

  // Unblocked, the admin can sign in again.
  await superPage.getByRole('button', { name: 'Unblock client' }).click();
  await superPage.getByRole('dialog').getByRole('button', { name: 'Unblock client' }).click();
  await expect(superPage.getByRole('button', { name: 'Block client' })).toBeVisible();
  await signInThroughForm(adminPage, adminUsername, adminPassword);
  await expect(adminPage).toHaveURL('/dashboard');

  await superContext.close();
  await adminContext.close();
});

test.describe('superadmin on a phone', () => {
  test.use({ signedInAs: 'superadmin', viewport: { width: 390, height: 844 } });

  test('clients become cards that open with a tap, and nothing overflows', async ({ page }) => {
    await page.goto('/tenants');
    const cards = page.getByRole('list', { name: 'Clients' });
    await expect(cards.getByRole('link').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await cards.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/tenants\/\d+$/);
    await expect(page.getByRole('button', { name: /Block client|Unblock client/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'client on a phone');
  });
});
