import { expectNoSeriousA11yViolations } from './support/axe';
import { uniqueName } from './support/api';
import { expect, tenantTest as test } from './support/fixtures';
import { createAddress, createBundle, createMeteredCustomer } from './support/tenant';

test.describe('collector on the round, in Arabic on a phone', () => {
  test.use({ signedInAs: 'collector', viewport: { width: 390, height: 844 } });

  test('follows the round through one building: reads two meters, marks one customer absent, sees the progress', async ({
    page,
    tenant,
  }) => {
    // Set-up through the API: a region with two buildings, assigned to the collector; three customers in the first.
    const admin = await tenant.api('admin');
    const service = tenant.electricity;
    const place = await createAddress(admin, { region: uniqueName('الأشرفية'), street: 'شارع ساسين', building: 'بناية ١' });
    const next = await admin.post<{ id: number }>(`regions/${place.region.id}/streets/${place.street.id}/buildings/`, { name: 'بناية ١٠' });
    // No amperage: no plausibility limit on the first readings of new meters.
    const bundle = await createBundle(admin, service, { name: uniqueName('E2E round'), price: '10', unit_price: '0.2' });
    const at = { region: place.region.id, street: place.street.id, building: place.building.id };
    const first = await createMeteredCustomer(admin, service, {
      full_name: 'سامر حداد',
      bundle: bundle.id,
      floor: '1',
      apartment: '1',
      ...at,
    });
    const second = await createMeteredCustomer(admin, service, {
      full_name: 'نادية عازار',
      bundle: bundle.id,
      floor: '2',
      apartment: '1',
      ...at,
    });
    const third = await createMeteredCustomer(admin, service, {
      full_name: 'جورج خوري',
      bundle: bundle.id,
      floor: '3',
      apartment: '1',
      ...at,
    });
    await createMeteredCustomer(admin, service, {
      full_name: 'ليلى نصر',
      bundle: bundle.id,
      floor: '1',
      region: place.region.id,
      street: place.street.id,
      building: next.id,
    });
    await admin.post(`services/${service}/routes/assignments/`, { collector: tenant.users.collector.id, region: place.region.id });

    // The collector's home is today's round.
    await page.addInitScript(() => localStorage.setItem('meterline-settings', JSON.stringify({ language: 'ar' })));
    await page.goto('/login');
    await expect(page).toHaveURL('/round');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'جولة اليوم', level: 1 })).toBeVisible();
    const buildings = page.getByRole('list', { name: 'جولة اليوم' }).getByRole('link');
    await expect(buildings).toHaveCount(2);
    // Building 1 before building 10 (numbers compared as numbers, in Arabic-Indic digits too).
    await expect(buildings.first()).toContainText('بناية ١');
    await expect(buildings.last()).toContainText('بناية ١٠');
    await expect(buildings.first()).toContainText('أُنجز ٠ من ٣');
    await expectNoSeriousA11yViolations(page, 'round in Arabic');

    await buildings.first().click();
    await expect(page).toHaveURL(`/round/${place.building.id}`);
    await expect(page.getByRole('heading', { name: 'بناية ١', level: 1 })).toBeVisible();
    const progress = page.getByTestId('round-progress');
    // The header counts readings and collections apart.
    await expect(progress).toHaveText('قُرئ ٠ من ٣، ودفع ٠');
    const cards = page.getByRole('region');
    await expect(page.locator('[data-testid^="round-customer-"][aria-label]')).toHaveText([/سامر حداد/, /نادية عازار/, /جورج خوري/]);

    // Two meters read with the counters screen's form, in Arabic-Indic digits.
    for (const [customer, reading] of [
      [first, '١٢٣'],
      [second, '٤٥٫٥'],
    ] as const) {
      const card = cards.filter({ hasText: customer.full_name });
      await card.getByRole('button', { name: 'قراءة العداد' }).click();
      const sheet = page.getByRole('dialog', { name: customer.full_name });
      await sheet.getByLabel('القراءة الجديدة').fill(reading);
      await sheet.getByRole('button', { name: 'حفظ القراءة' }).click();
      await expect(sheet).toBeHidden();
      await expect(card.getByTestId('round-customer-status')).toContainText('قُرئ');
    }
    await expect(progress).toHaveText('قُرئ ٢ من ٣، ودفع ٠');

    // Nobody home at the third door.
    const absent = cards.filter({ hasText: third.full_name });
    await absent.getByRole('button', { name: 'غائب' }).click();
    await expect(absent.getByTestId('round-customer-status')).toContainText('غائب');
    await expect(page.getByText('غائب: ١')).toBeVisible();
    await expect(progress).toHaveText('قُرئ ٢ من ٣، ودفع ٠');
    const statuses = page.getByTestId('round-customer-status');
    await expect(statuses.first()).toContainText('قُرئ');
    await expectNoSeriousA11yViolations(page, 'round building in Arabic');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Back on the round, the building shows its progress.
    await page.getByRole('link', { name: 'رجوع' }).click();
    await expect(page).toHaveURL('/round');
    await expect(page.getByRole('list', { name: 'جولة اليوم' }).getByRole('link').first()).toContainText('أُنجز ٣ من ٣');
    await expect(page.getByRole('list', { name: 'جولة اليوم' }).getByRole('link').first()).toContainText('غائب: ١');
  });
});
