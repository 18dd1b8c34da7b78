import { expect, tenantTest } from './support/fixtures';
import { createBundle, createMeteredCustomer } from './support/tenant';
import { runBillingJob } from './support/session';

interface InvoiceRow {
  id: number;
  number: string;
  total: string;
  status: string;
  payments: { method: string; amount: string }[];
}

/** Cents of an exact decimal text ("12.50"), no floats. */
const cents = (value: string) => {
  const [whole = '', fraction = ''] = value.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
};
const fromCents = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
const day = (date: Date) => date.toISOString().slice(0, 10);
/** The first and last day of the month `offset` months from now (UTC, the journeys' clients' zone). */
function month(offset: number) {
  const now = new Date();
  return {
    start: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))),
    end: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0))),
  };
}

tenantTest.use({ signedInAs: 'accountant' });

tenantTest(
  'an accountant takes one payment covering three invoices plus credit, prints the statement in Arabic, and the next billing run applies the credit',
  async ({ page, tenant }) => {
    const ELECTRICITY = tenant.electricity;
    const admin = await tenant.api('admin');
    const accountant = await tenant.api('accountant');
    const bundle = await createBundle(admin, ELECTRICITY, { name: '10 A', price: '20', unit_price: '0.35', amperage: '10' });
    const customer = await createMeteredCustomer(admin, ELECTRICITY, { full_name: 'Samir Haddad', bundle: bundle.id });
    // Three months left unpaid (invoices from lines, so no meter reading is needed).
    const invoices: InvoiceRow[] = [];
    for (const offset of [-3, -2, -1]) {
      const period = month(offset);
      invoices.push(
        await admin.post<InvoiceRow>(`services/${ELECTRICITY}/invoices/`, {
          customer: customer.id,
          period_start: period.start,
          period_end: period.end,
          lines: [{ description: 'Monthly fee', quantity: '1', unit_price: '30' }],
        }),
      );
    }
    const owed = invoices.reduce((sum, invoice) => sum + cents(invoice.total), 0n);
    const paying = fromCents(owed + 1500n);

    // The customer page opens on the account: three invoices in the ledger.
    await page.goto(`/customers/${customer.id}`);
    await expect(page.getByRole('tab', { name: 'Account', selected: true })).toBeVisible();
    const ledger = page.getByRole('table', { name: 'Ledger' });
    for (const invoice of invoices) await expect(ledger.getByRole('link', { name: invoice.number })).toBeVisible();

    // One payment: the three invoices, oldest first, and 15.00 as credit.
    await page.getByRole('button', { name: 'Pay account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment on the account' });
    await dialog.getByLabel('Amount in USD').fill(paying);
    await dialog.getByLabel('Reference').fill('R-1001');
    const allocation = dialog.getByTestId('pay-account-allocation').getByRole('listitem');
    await expect(allocation).toHaveCount(4);
    for (const [index, invoice] of invoices.entries()) await expect(allocation.nth(index)).toContainText(invoice.number);
    await expect(allocation.nth(3)).toContainText(/Becomes credit\s*\$15\.00/);
    await dialog.getByRole('button', { name: /^Take / }).click();
    await expect(page.getByText(/Payment of .* recorded; \$15\.00 added to the credit\./)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Balance' })).toContainText(/Credit held: \W*\$15\.00/);
    await expect(ledger.getByRole('row').last()).toContainText(/Closing balance\s*\$15\.00 credit/);
    for (const invoice of invoices)
      expect((await accountant.get<InvoiceRow>(`services/${ELECTRICITY}/invoices/${invoice.id}/`)).status).toBe('paid');

    // The statement, printed in Arabic, opens in a tab of its own.
    await page.getByRole('button', { name: 'Print statement' }).click();
    const statement = page.getByRole('dialog', { name: 'Statement of account' });
    await statement.getByRole('combobox', { name: 'Language of the statement' }).click();
    await page.getByRole('option', { name: 'العربية' }).click();
    const answer = page.waitForResponse((response) => response.url().includes(`/customers/${customer.id}/statement/`));
    const popup = page.waitForEvent('popup');
    await statement.getByRole('button', { name: 'Print' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get('lang')).toBe('ar');
    expect(response.headers()['content-language']).toBe('ar');
    await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);
    await expect(statement).toBeHidden();

    // The next billing run takes the credit first: a "credit applied" payment on the new invoice.
    const current = month(0);
    // The journey's client has this one customer: the run bills them alone.
    const run = await runBillingJob<{ created: number; invoices: number[] }>(accountant, ELECTRICITY, {
      period_start: current.start,
      period_end: current.end,
    });
    expect(run.invoices, JSON.stringify(run)).toHaveLength(1);
    const next = await accountant.get<InvoiceRow>(`services/${ELECTRICITY}/invoices/${run.invoices[0]}/`);
    const applied = next.payments.find((payment) => payment.method === 'credit');
    expect(applied).toBeTruthy();
    const expectedApplied = cents(next.total) < 1500n ? cents(next.total) : 1500n;
    expect(cents(applied!.amount)).toBe(expectedApplied);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Ledger' }).getByRole('row', { name: /Credit applied/ })).toBeVisible();
    const after = await accountant.get<{ credit: string }>(`services/${ELECTRICITY}/customers/${customer.id}/`);
    expect(cents(after.credit)).toBe(1500n - expectedApplied);
  },
);
