import { expectNoSeriousA11yViolations } from './support/axe';
import { sideMenuLinks } from './support/pages';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, LANDING_PATHS, MENU_ENTRIES, ROLES } from './support/roles';

for (const role of ROLES) {
  test.describe(`${role}`, () => {
    test.use({ signedInAs: role });

    test(`lands on ${LANDING_PATHS[role]} with exactly the allowed menu entries`, async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(LANDING_PATHS[role]);
      await expect(sideMenuLinks(page)).toHaveText(MENU_ENTRIES[role]);
      await expect(page.getByText('v1.0.0')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('is sent from /login to the landing path', async ({ page }) => {
      await page.goto('/login');
      await expect(page).toHaveURL(LANDING_PATHS[role]);
    });
  });
}

test.describe('signing in through the form', () => {
  test('admin signs in and lands on the dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/dashboard');
    expect(await page.evaluate(() => Boolean(localStorage.getItem('serviceToken') && localStorage.getItem('refreshToken')))).toBe(true);
  });

  test('wrong credentials are explained in words', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The username or password is not correct.');
    await expect(page).toHaveURL('/login');
  });

  test('logout clears both tokens and returns to login', async ({ page }) => {
    // Through the form: the journey is the sign-in and the logout.
    await page.goto('/login');
    await page.getByLabel('Username').fill('accountant');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText('Welcome back,')).toBeVisible();
    await expect(page.getByText('Accountant', { exact: true })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => [localStorage.getItem('serviceToken'), localStorage.getItem('refreshToken')])).toEqual([null, null]);
  });

  test('"Forgot password?" leads to the email reset form', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email address').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account uses this address');
    await expectNoSeriousA11yViolations(page, 'forgot password');
  });
});
