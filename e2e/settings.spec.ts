import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { storageStateFor } from './support/roles';

/** A 1×1 PNG: the server checks the logo by its content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.use({ storageState: storageStateFor('admin') });

test('the admin uploads a logo (multipart), sees it, and removes it after a confirmation', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('textbox', { name: 'Company name' })).not.toHaveValue('');
  await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('logo.png will be uploaded when you save.')).toBeVisible();
  const request = page.waitForRequest((sent) => sent.method() === 'PUT' && sent.url().includes('/api/config/'));
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await request).headers()['content-type']).toContain('multipart/form-data');
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', /^\/api\/media\//);

  await page.getByRole('button', { name: 'Remove logo' }).click();
  await page.getByRole('dialog', { name: 'Remove the logo?' }).getByRole('button', { name: 'Remove logo' }).click();
  await expect(page.getByText('Logo removed.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveCount(0);
});

test('the admin adds, renames and removes an address; one in use is kept with a clear message', async ({ page }) => {
  const name = `Journey Region ${Date.now().toString(36)}`;
  await page.goto('/settings');
  const regions = page.getByRole('region', { name: 'Regions' });
  await expect(regions.getByRole('listitem').first()).toBeVisible();

  // A region the demo customers live in cannot go.
  const usedRegion = (await regions.getByRole('listitem').first().innerText()).trim();
  await regions.getByRole('button', { name: `Remove ${usedRegion}` }).click();
  await page.getByRole('dialog', { name: `Remove ${usedRegion}?` }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('It is still in use, so it cannot be removed.')).toBeVisible();

  await regions.getByRole('button', { name: 'Add' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a region' });
  await addDialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await expectNoSeriousA11yViolations(page, 'add region');
  await addDialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('region', { name: `Streets of ${name}` })).toBeVisible();

  await regions.getByRole('button', { name: `Rename ${name}` }).click();
  const renameDialog = page.getByRole('dialog', { name: `Rename ${name}` });
  await renameDialog.getByRole('textbox', { name: 'Name' }).fill(`${name} North`);
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(regions.getByText(`${name} North`)).toBeVisible();

  await regions.getByRole('button', { name: `Remove ${name} North` }).click();
  await page.getByRole('dialog', { name: `Remove ${name} North?` }).getByRole('button', { name: 'Remove' }).click();
  await expect(regions.getByText(`${name} North`)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'settings addresses');
});
