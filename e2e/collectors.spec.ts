import { expectNoSeriousA11yViolations } from './support/axe';
import { uniqueName } from './support/api';
import { expect, tenantTest as test } from './support/fixtures';
import { signedInPage } from './support/session';

/**
 * Collectors (docs/collectors.md) on a 390 px phone in Arabic: a collector takes one full and one partial payment at the
 * door, prints a receipt, and the accountant counts the cash, 1,000 LBP short.
 */
test.describe('collectors: cash at the door and the count', () => {
  test.use({ signedInAs: 'collector', viewport: { width: 390, height: 844 } });

  test('collects one full and one partial payment, prints a receipt; the accountant counts a shortage of 1,000 LBP', async ({
    page,
    tenant,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    // Set-up through the API: a client billing in LBP, two customers with one invoice each.
    const admin = await tenant.api('admin');
    const config = await admin.get<{ id: number }>('config/');
    await admin.put(`config/${config.id}/`, { currency: 'LBP' });
    const path = (rest: string) => `services/${tenant.electricity}/${rest}`;
    const customerOf = async (fullName: string) => admin.post<{ id: number }>(path('customers/'), { full_name: fullName });
    const invoiceFor = async (customer: number, amount: string) =>
      admin.post<{ id: number; number: string }>(path('invoices/'), {
        customer,
        period_start: '2026-10-01',
        period_end: '2026-10-31',
        lines: [{ description: 'اشتراك', quantity: '1', unit_price: amount }],
      });
    const fullCustomer = await customerOf(uniqueName('سامر حداد'));
    await invoiceFor(fullCustomer.id, '150000');
    const partCustomer = await customerOf(uniqueName('نادية عازار'));
    await invoiceFor(partCustomer.id, '200000');

    await page.addInitScript(() => localStorage.setItem('meterline-settings', JSON.stringify({ language: 'ar' })));

    // 1. The whole amount at the first door.
    await page.goto(`/collect/${fullCustomer.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('collect-invoice')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'collect at the door in Arabic');
    await page.getByRole('button', { name: /استلام الكل/ }).click();
    const confirm = page.getByRole('dialog', { name: 'استلام نقد' });
    await confirm.getByRole('button', { name: /تم استلام/ }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('لا شيء مستحق.')).toBeVisible();
    await expect(page.getByTestId('collect-receipt')).toHaveCount(1);
    // The receipt prints: the app asks the API for the PDF of the payment's receipt in Arabic, 58 mm.
    // Labels in the user's digits (Arabic-Indic by the tenant's default).
    await page.getByRole('button', { name: /^(58|٥٨) مم$/ }).click();
    const receiptAnswer = page.waitForResponse((response) => /\/payments\/\d+\/receipt\/\?size=58&lang=ar/.test(response.url()));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'طباعة الإيصال' }).click();
    const receipt = await receiptAnswer;
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()['content-type']).toMatch(/application\/pdf|text\/html/);
    await (await popup).close();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // 2. Part of the amount at the second door.
    await page.goto(`/collect/${partCustomer.id}`);
    await expect(page.getByTestId('collect-invoice')).toHaveCount(1);
    await page.getByLabel('المبلغ بـ LBP').fill('٨٠٠٠٠');
    await page.getByRole('button', { name: 'استلام هذا المبلغ' }).click();
    await page
      .getByRole('dialog', { name: 'استلام نقد' })
      .getByRole('button', { name: /تم استلام/ })
      .click();
    await expect(page.getByTestId('collect-receipt')).toHaveCount(1);
    await expect(page.getByTestId('collect-invoice')).toHaveCount(1);
    await expect(page.getByTestId('collect-invoice')).toContainText('مدفوعة جزئياً');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // 3. The collector sees the cash they hold: 230,000 LBP.
    const collector = await tenant.api('collector');
    const held = await collector.get<{ held: string }[]>(path('cash/'));
    expect(held.map((row) => row.held)).toEqual(['230000']);

    // 4. The accountant counts 229,000: a shortage of 1,000 LBP, recorded with its reason.
    const office = await signedInPage(browser, baseURL!, tenant.users.accountant, { viewport: { width: 390, height: 844 } });
    try {
      await office.addInitScript(() => localStorage.setItem('meterline-settings', JSON.stringify({ language: 'ar' })));
      await office.goto('/cash');
      await expect(office.getByRole('heading', { name: 'النقد المحتجز', level: 1 })).toBeVisible();
      await expect(office.getByTestId('cash-collector')).toHaveCount(1);
      await expectNoSeriousA11yViolations(office, 'cash held in Arabic');
      await office.getByRole('button', { name: 'عدّ النقد' }).click();
      const count = office.getByRole('dialog', { name: /عدّ نقد/ });
      await expect(count.getByRole('checkbox')).toHaveCount(2);
      await count.getByLabel('المعدود').fill('٢٢٩٠٠٠');
      await expect(count.getByTestId('count-difference')).toContainText('عجز');
      await count.getByLabel('سبب الفرق').fill('ورقة ألف ناقصة');
      await count.getByRole('button', { name: 'تسجيل العدّ' }).click();
      await expect(count).toBeHidden();
      await expect(office.getByTestId('cash-difference')).toHaveCount(1);
      await expect(office.getByTestId('cash-difference')).toContainText('ورقة ألف ناقصة');
      expect(await office.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await office.context().close();
    }
    const accountant = await tenant.api('accountant');
    const handovers = await accountant.get<{ kind: string; difference: string; expected_amount: string; counted_amount: string }[]>(
      path('cash/handovers/'),
    );
    expect(handovers).toEqual([
      expect.objectContaining({ kind: 'shortage', difference: '-1000', expected_amount: '230000', counted_amount: '229000' }),
    ]);
    expect((await collector.get<{ held: string }[]>(path('cash/'))).map((row) => row.held)).toEqual(['0']);
  });
});
