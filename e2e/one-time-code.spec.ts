import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD } from './support/roles';
import { hasOtpadminCode, otpadminCode } from './support/totp';

test('otpadmin signs in with the one-time code step', async ({ page }) => {
  test.skip(!hasOtpadminCode(), 'Set OTPADMIN_SECRET (see README) for this journey.');
  await page.goto('/login');
  await page.getByLabel('Username').fill('otpadmin');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Enter your one-time code' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'one-time code step');
  await page.getByLabel('One-time code').fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid');

  await page.getByLabel('One-time code').fill(otpadminCode());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
});
