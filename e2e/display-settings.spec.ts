import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe('display settings', () => {
  test.use({ signedInAs: 'admin' });

  test('the horizontal menu puts overflow entries under "More items"', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('meterline-settings', JSON.stringify({ menuOrientation: 'horizontal' })));
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await menu.getByRole('button', { name: 'More items' }).click();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await expect(page).toHaveURL('/payments');
  });

  test('the mini drawer is 72 px and opens to 260 px', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('meterline-settings', JSON.stringify({ miniDrawer: true })));
    await page.goto('/dashboard');
    const drawer = page.locator('.MuiDrawer-paper').first();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(72);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(260);
  });

  test('changes persist, follow other tabs and reset to defaults', async ({ page, context }) => {
    await page.goto('/dashboard');
    const otherTab = await context.newPage();
    await otherTab.goto('/dashboard');
    await page.getByRole('button', { name: 'Display settings' }).click();
    await page.getByRole('button', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('meterline-settings') ?? '{}').mode)).toBe('dark');
    // The other tab follows through the storage event.
    await expect.poll(() => otherTab.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 21, 34)');
    await expectNoSeriousA11yViolations(page, 'display settings panel');
    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect.poll(() => otherTab.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(243, 245, 250)');
  });
});

test('the public reset-password page checks both fields', async ({ page }) => {
  await page.goto('/reset-password/MQ/some-token');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('correct horse');
  await page.getByLabel('Repeat the new password').fill('something else');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'reset password');
});
