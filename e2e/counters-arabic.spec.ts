import { expectNoSeriousA11yViolations } from './support/axe';
import { uniqueName } from './support/api';
import { expect, tenantTest as test } from './support/fixtures';
import { createBundle, createMeteredCustomer } from './support/tenant';

test.describe('collector in Arabic on a phone', () => {
  test.use({ signedInAs: 'collector', viewport: { width: 390, height: 844 } });

  test('records a reading in Arabic-Indic digits; a lower one is refused in Arabic', async ({ page, tenant }) => {
    // Test data through the API: the meter, not its set-up, is the point here.
    const admin = await tenant.api('admin');
    const bundle = await createBundle(admin, tenant.electricity, { name: uniqueName('E2E AR 5 A'), price: '15', unit_price: '0.2' });
    const customerName = uniqueName('سامر حداد');
    await createMeteredCustomer(admin, tenant.electricity, { full_name: customerName, bundle: bundle.id, floor: '1', apartment: '1A' });
    // A neighbour's meter: the search has a card to leave out.
    await createMeteredCustomer(admin, tenant.electricity, { full_name: 'نادية عازار', bundle: bundle.id, floor: '2', apartment: '2A' });

    await page.addInitScript(() => localStorage.setItem('meterline-settings', JSON.stringify({ language: 'ar' })));
    await page.goto('/counters');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'العدادات', level: 1 })).toBeVisible();
    await page.getByLabel('بحث').fill(customerName);
    const card = page.getByRole('list', { name: 'العدادات' }).getByRole('link').filter({ hasText: customerName });
    await expect(card).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'counters in Arabic');

    await card.click();
    const sheet = page.getByRole('dialog', { name: customerName });
    const input = sheet.getByLabel('القراءة الجديدة');
    await input.fill('٢٥٠٫٥');
    // A numeric input shows the value in the reader's digits (docs/web.md, "Digits"); the API gets 250.5.
    await expect(input).toHaveValue(/^(250\.5|٢٥٠٫٥)$/);
    await expectNoSeriousA11yViolations(page, 'reading sheet in Arabic');
    await sheet.getByRole('button', { name: 'حفظ القراءة' }).click();
    await expect(page.getByText(/حُفظت القراءة/)).toBeVisible();
    await expect(sheet).toBeHidden();

    await card.click();
    await sheet.getByLabel('القراءة الجديدة').fill('٢٠٠');
    await sheet.getByRole('button', { name: 'حفظ القراءة' }).click();
    await expect(sheet.getByLabel('القراءة الجديدة')).toHaveAccessibleDescription(
      /القراءة الجديدة \((200|٢٠٠)\) أقل من آخر قراءة \((250\.5|٢٥٠٫٥)\)/,
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
