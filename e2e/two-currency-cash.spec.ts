import { uniqueName } from './support/api';
import { expect, tenantTest as test } from './support/fixtures';
import { apiClientFor } from './support/session';
import { inEitherDigits } from './support/pages';

/**
 * docs/money-and-numbering.md: in Arabic, an accountant takes a split USD + LBP cash payment on an invoice of
 * a client billing in LBP with USD as its second currency (the rate quoted 1 USD = 89,500 LBP),
 * sees the change due in both currencies, and prints the receipt, which shows both.
 */
test.describe('two currencies: a split cash payment in Arabic', () => {
  test.use({ signedInAs: 'accountant', viewport: { width: 1440, height: 900 } });

  test('takes 20 USD + 1,000,000 LBP on a 2,700,000 LBP invoice, shows the change in both, prints the receipt with both', async ({
    page,
    tenant,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    // Set-up through the API: the client bills in LBP with USD second, this month's rate per dollar, one invoice.
    const admin = await tenant.api('admin');
    const config = await admin.get<{ id: number }>('config/');
    await admin.put(`config/${config.id}/`, { currency: 'LBP', second_currency: 'USD', cash_rounding: { LBP: '1000', USD: '0.05' } });
    const path = (rest: string) => `services/${tenant.electricity}/${rest}`;
    const month = new Date().toISOString().slice(0, 7);
    await admin.post(path('exchange-rates/'), { month, rate: '89500', base_currency: 'USD' });
    const customer = await admin.post<{ id: number }>(path('customers/'), { full_name: uniqueName('رامي الخوري') });
    const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const invoice = await admin.post<{ id: number; number: string; total_second: string }>(path('invoices/'), {
      customer: customer.id,
      period_start: `${month}-01`,
      period_end: lastDay,
      lines: [{ description: 'اشتراك 5 أمبير', quantity: '1', unit_price: '2700000' }],
    });
    // 2,700,000 / 89,500 = 30.1676 -> 30.17 USD.
    expect(invoice.total_second).toBe('30.17');

    await page.addInitScript(() => localStorage.setItem('meterline-settings', JSON.stringify({ language: 'ar' })));
    await page.goto(`/invoices/${invoice.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: inEitherDigits(invoice.number) })).toBeVisible();
    // The rate as quoted: per one dollar.
    await expect(page.getByText(/(1|١) USD = (89,500|٨٩٬٥٠٠) LBP/).first()).toBeVisible();

    await page.getByRole('button', { name: 'تسجيل كمدفوعة' }).click();
    const dialog = page.getByRole('dialog', { name: 'تسجيل كمدفوعة' });
    await dialog.getByRole('textbox', { name: 'المبلغ بـ USD' }).fill('٢٠');
    await dialog.getByRole('textbox', { name: 'المبلغ بـ LBP' }).fill('1000000');
    // 20 USD = 1,790,000 LBP; with 1,000,000 LBP: 2,790,000, so 90,000 LBP (or 1.00 USD) back.
    await expect(dialog.getByTestId('change-due')).toContainText(/(90,000|٩٠٬٠٠٠)/);
    await expect(dialog.getByTestId('change-due')).toContainText(/(1\.00|١٫٠٠)/);
    const paid = page.waitForResponse(
      (response) => response.url().includes(`/invoices/${invoice.id}/create_payment/`) && response.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: /^تسجيل\s/ }).click();
    const payment = await (await paid).json();
    expect(payment).toMatchObject({
      amount: '2700000',
      received: '2790000',
      // The billing currency's field comes first.
      tendered: [
        { currency: 'LBP', amount: '1000000' },
        { currency: 'USD', amount: '20.00' },
      ],
      change_due: [
        { currency: 'LBP', amount: '90000' },
        { currency: 'USD', amount: '1.00' },
      ],
      exchange_rate_base: 'USD',
    });
    await expect(dialog).toBeHidden();
    await expect(page.getByText('مدفوعة', { exact: true }).first()).toBeVisible();

    // The receipt prints in Arabic: the app asks for the receipt of the invoice in Arabic.
    const receiptAnswer = page.waitForResponse((response) => /\/invoices\/\d+\/pdf\/\?format=receipt&lang=ar/.test(response.url()));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'طباعة الإيصال' }).first().click();
    expect((await receiptAnswer).status()).toBe(200);
    await (await popup).close();

    // What it prints (its HTML, as the PDF is rendered from it) shows both currencies.
    const accountant = await apiClientFor(baseURL!, tenant.users.accountant);
    try {
      const html = await (await accountant.get(`/api/${path(`invoices/${invoice.id}/pdf/`)}?output=html&lang=ar&format=receipt`)).text();
      expect(html).toMatch(/(1 USD = 89,500|١ USD = ٨٩٬٥٠٠) LBP/);
      expect(html).toContain('الإجمالي بـ USD');
      expect(html).toContain('المبلغ المسلَّم');
      expect(html).toMatch(/١٬٠٠٠٬٠٠٠/);
      expect(html).toMatch(/٢٠٫٠٠/);
    } finally {
      await accountant.dispose();
    }
  });
});
