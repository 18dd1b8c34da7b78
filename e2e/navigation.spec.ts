import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expiredToken, sideMenuLinks } from './support/pages';
import { expect, test } from './support/fixtures';

test.describe('collector', () => {
  test.use({ signedInAs: 'collector' });

  test('keeps the screen and Counters when switching to another metered service (issue 17)', async ({ page }) => {
    await page.goto('/customers?search=a');
    await expect(sideMenuLinks(page)).toHaveText(['Customers', 'Invoices', 'Overdue', 'Counters', 'Cash', 'Round']);
    await page.getByRole('combobox', { name: 'Service' }).click();
    await page.getByRole('option', { name: 'Water' }).click();
    // The same list with its search, now for Water; Water is metered, so Counters stays.
    await expect(page.getByRole('combobox', { name: 'Service' })).toHaveText('Water');
    await expect(page).toHaveURL(/\/customers\?search=a&service=\d+$/);
    await expect(sideMenuLinks(page)).toHaveText(['Customers', 'Invoices', 'Overdue', 'Counters', 'Cash', 'Round']);
    // The choice survives a reload.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Service' })).toHaveText('Water');
  });

  test('on a 390 px phone uses the bottom navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/customers');
    const bottom = page.getByRole('navigation', { name: 'Quick navigation' });
    await expect(bottom).toBeVisible();
    // Counters joins once the services list has arrived: a waiting assertion, not a one-time read.
    await expect(bottom.getByRole('link')).toHaveText(['Round', 'Invoices', 'Customers', 'Counters'], { useInnerText: true });
    await bottom.getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL('/invoices');
    // The side drawer is closed on phones until opened, and closes after a tap.
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' }).click();
    await expect(page).toHaveURL('/customers');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await expectNoSeriousA11yViolations(page, 'collector phone');
  });
});

test.describe('links', () => {
  test.use({ signedInAs: 'admin' });

  test("name their service: a Water invoice's link opens in Water for a colleague whose last service was Electricity", async ({ page }) => {
    const service = page.getByRole('combobox', { name: 'Service' });
    await page.goto('/invoices');
    const firstNumber = page.getByRole('grid').getByText(/^INV-/).first();
    const electricityFirst = (await firstNumber.textContent()) ?? '';
    await service.click();
    await page.getByRole('option', { name: 'Water' }).click();
    await expect(page).toHaveURL(/\/invoices\?service=\d+$/);
    // Water's rows, once Electricity's have gone.
    await expect(firstNumber).not.toHaveText(electricityFirst);
    const number = (await firstNumber.textContent()) ?? '';
    await page.getByRole('grid').getByText(number, { exact: true }).click();
    await expect(page).toHaveURL(/\/invoices\/\d+\?service=\d+$/);
    const link = page.url();

    // An address without the parameter is the first service's: this browser is back on Electricity.
    await page.goto('/customers');
    await expect(service).toHaveText('Electricity');
    await page.goto(link);
    await expect(service).toHaveText('Water');
    await expect(page.getByRole('heading', { name: number, level: 1 })).toBeVisible();
  });
});

test.describe('admin on a phone', () => {
  test.use({ signedInAs: 'admin' });

  test('has no bottom navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toHaveCount(0);
  });
});

test.describe('admin in Arabic', () => {
  test.use({ signedInAs: 'admin' });

  test('switches the whole app to right-to-left and translates the menu', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('menuitem', { name: /العربية/ }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    expect(await sideMenuEntriesArabic(page)).toContain('لوحة التحكم');
    await expect(page.getByRole('heading', { name: 'لوحة التحكم', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard in Arabic');
    // The choice is kept across reloads.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  async function sideMenuEntriesArabic(page: Page) {
    const links = page.getByRole('navigation', { name: 'القائمة الرئيسية' }).getByRole('link');
    await links.first().waitFor();
    return (await links.allInnerTexts()).map((text) => text.trim());
  }
});

test.describe('guards', () => {
  test.describe('support', () => {
    test.use({ signedInAs: 'support' });

    test('a forbidden route goes to /forbidden', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page).toHaveURL('/forbidden');
      await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'forbidden');
    });
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'not found');
  });

  test('a signed-out visitor of a protected page goes to login', async ({ page }) => {
    await page.goto('/invoices');
    await expect(page).toHaveURL('/login');
  });

  test('an expired session goes back to login', async ({ page }) => {
    await page.addInitScript((token) => {
      localStorage.setItem('serviceToken', token);
      localStorage.setItem('refreshToken', 'revoked-or-expired');
    }, expiredToken());
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  for (const path of ['/500', '/coming-soon', '/under-construction', '/error404']) {
    test(`public page ${path} passes axe`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, path);
    });
  }
});
