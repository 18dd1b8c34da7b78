import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, tenantTest as test } from './support/fixtures';
import { sideMenuLinks } from './support/pages';

// The admin of a client of its own: the services it adds are nobody else's (docs/tenants-and-settings.md).
test.use({ signedInAs: 'admin' });

test('the admin adds a flat service, finds it in the selector, leaves Counters for it, and disables it', async ({ page }) => {
  await page.goto('/services');
  const grid = page.getByRole('grid', { name: 'Services' });
  await expect(grid.getByText('Electricity')).toBeVisible();
  await expect(grid.getByText('Water')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'services list');

  await page.getByRole('link', { name: 'Add service' }).click();
  await page.getByRole('textbox', { name: 'Name (English)' }).fill('Internet');
  await page.getByRole('textbox', { name: 'Name (Arabic)' }).fill('الإنترنت');
  await page.getByRole('textbox', { name: 'Unit' }).fill('GB');
  await page.getByRole('radio', { name: 'Flat fee' }).check();
  await page.getByRole('button', { name: 'Add service' }).click();
  await expect(page.getByText('Service Internet added.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Internet', level: 1 })).toBeVisible();
  const servicePage = page.url();

  // Counters is there for Electricity; switching to the flat service leaves it for the dashboard.
  await page.goto('/counters');
  await expect(sideMenuLinks(page).filter({ hasText: /^Counters$/ })).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: 'Internet' }).click();
  await expect(page).toHaveURL(/\/dashboard\?service=\d+$/);
  await expect(sideMenuLinks(page).filter({ hasText: /^Counters$/ })).toHaveCount(0);

  // Disabled: it leaves the selector.
  await page.goto(servicePage);
  await page.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog', { name: 'Disable Internet?' }).getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Service Internet disabled.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Service' }).click();
  await expect(page.getByRole('option', { name: 'Electricity' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Internet' })).toHaveCount(0);
});
