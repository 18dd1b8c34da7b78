import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { apiCallsAs, uniqueName } from './support/api';
import { storageStateFor } from './support/roles';

interface Named {
  id: number;
  name: string;
}

test.describe('collector in Arabic on a phone', () => {
  test.use({ storageState: storageStateFor('collector'), viewport: { width: 390, height: 844 } });

  test('records a reading in Arabic-Indic digits; a lower one is refused in Arabic', async ({ page, request }) => {
    // Test data through the API: the meter, not its set-up, is the point here.
    const admin = apiCallsAs(request, 'admin');
    const [electricity] = await admin.get<Named[]>('services/');
    const bundle = await admin.post<Named>(`services/${electricity.id}/bundles/`, { name: uniqueName('E2E AR 5 A'), price: '15', unit_price: '0.2' });
    const customerName = uniqueName('سامر حداد');
    await admin.post(`services/${electricity.id}/customers/`, { full_name: customerName, bundle: bundle.id, floor: '1', apartment: '1A' });

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
    await expect(input).toHaveValue('250.5');
    await expectNoSeriousA11yViolations(page, 'reading sheet in Arabic');
    await sheet.getByRole('button', { name: 'حفظ القراءة' }).click();
    await expect(page.getByText(/حُفظت القراءة/)).toBeVisible();
    await expect(sheet).toBeHidden();

    await card.click();
    await sheet.getByLabel('القراءة الجديدة').fill('٢٠٠');
    await sheet.getByRole('button', { name: 'حفظ القراءة' }).click();
    await expect(sheet.getByLabel('القراءة الجديدة')).toHaveAccessibleDescription(/القراءة الجديدة \(200\) أقل من آخر قراءة \(250\.5\)/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
