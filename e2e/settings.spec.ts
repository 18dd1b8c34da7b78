import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, tenantTest as test } from './support/fixtures';
import { createAddress, createBundle, createMeteredCustomer } from './support/tenant';

/** A 1×1 PNG: the server checks the logo by its content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

// The admin of a client of its own: its logo and addresses are nobody else's.
test.use({ signedInAs: 'admin' });

test('the admin uploads a logo (multipart), sees it, and removes it after a confirmation', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('textbox', { name: 'Company name' })).not.toHaveValue('');
  await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('logo.png will be uploaded when you save.')).toBeVisible();
  const request = page.waitForRequest((sent) => sent.method() === 'PUT' && sent.url().includes('/api/config/'));
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await request).headers()['content-type']).toContain('multipart/form-data');
  await expect(page.getByText('Settings saved.')).toBeVisible();
  // Media is private (docs/security.md): the saved logo is fetched with the token into an object URL.
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => page.getByRole('img', { name: 'Logo preview' }).evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(1);

  await page.getByRole('button', { name: 'Remove logo' }).click();
  await page.getByRole('dialog', { name: 'Remove the logo?' }).getByRole('button', { name: 'Remove logo' }).click();
  await expect(page.getByText('Logo removed.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveCount(0);
});

test('the admin adds, renames and removes an address; one in use is kept with a clear message', async ({ page, tenant }) => {
  const name = `Journey Region ${Date.now().toString(36)}`;
  // The client's only region, with a customer living in it.
  const admin = await tenant.api('admin');
  const address = await createAddress(admin, { region: 'Achrafieh', street: 'Sassine Street', building: 'Building A' });
  const bundle = await createBundle(admin, tenant.electricity, { name: '10 A', price: '20', unit_price: '0.3' });
  await createMeteredCustomer(admin, tenant.electricity, {
    full_name: 'Rania Khoury',
    bundle: bundle.id,
    region: address.region.id,
    street: address.street.id,
    building: address.building.id,
  });
  await page.goto('/settings');
  const regions = page.getByRole('region', { name: 'Regions' });
  await expect(regions.getByRole('listitem').first()).toBeVisible();

  // A region customers live in cannot go.
  const usedRegion = (await regions.getByRole('listitem').first().innerText()).trim();
  await regions.getByRole('button', { name: `Remove ${usedRegion}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${usedRegion}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
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
  await page
    .getByRole('dialog', { name: `Remove ${name} North?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(regions.getByText(`${name} North`)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'settings addresses');
});
