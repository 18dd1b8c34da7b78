import type { Page } from '@playwright/test';
import { apiAs, toCents } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, tenantTest, test } from './support/fixtures';
import { apiClientFor, checkedCalls, runBillingJob, signedInContext } from './support/session';
import { createBundle, createMeteredCustomer, createPaidInvoice, createStation } from './support/tenant';
import { first, defined } from './support/invariant';
import { inEitherDigits, typeDate } from './support/pages';

interface Paginated<T> {
  count: number;
  results: T[];
}
interface CustomerRow {
  id: number;
  code: string;
  full_name: string;
  subscription: { id: number; counter: string } | null;
}
interface CounterRow {
  id: number;
  counter: string;
  consumption: string;
}
interface InvoiceRow {
  id: number;
  number: string;
  total: string;
  consumption: string | null;
  status: string;
}

/** The demo tenant's electricity service (journeys only read it). */
const DEMO_ELECTRICITY = 1;
const THOUSANDTHS = 1000n;

/** A reading or quantity ("1234.5") in thousandths, exactly. */
function toThousandths(value: string): bigint {
  const [whole = '', fraction = ''] = value.split('.');
  return BigInt(whole) * THOUSANDTHS + BigInt((fraction + '000').slice(0, 3));
}
const fromThousandths = (value: bigint) => `${value / THOUSANDTHS}.${String(value % THOUSANDTHS).padStart(3, '0')}`;

/** The "Collected this month" card of the dashboard, in cents. */
async function collectedThisMonth(page: Page): Promise<bigint> {
  const value = page.getByText('Collected this month', { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(value).toHaveText(/\d/);
  return toCents(await value.innerText());
}

tenantTest(
  'support bills a meter reading; an accountant marks it paid, finds the payment, and the dashboard grows by exactly that amount',
  async ({ browser, baseURL, tenant }) => {
    // A client of its own: no other journey pays there, so its dashboard moves only by this payment.
    // A neighbour's invoice for this month, already paid, gives the searches below a row to leave out.
    const ELECTRICITY = tenant.electricity;
    const setUp = await tenant.api('admin');
    const bundle = await createBundle(setUp, ELECTRICITY, { name: '10 A', price: '20', unit_price: '0.35', amperage: '10' });
    const sassine = await createStation(setUp, ELECTRICITY, 'Sassine generator');
    await createMeteredCustomer(setUp, ELECTRICITY, { full_name: 'Rania Khoury', bundle: bundle.id, station: sassine.id });
    const neighbour = await createMeteredCustomer(setUp, ELECTRICITY, { full_name: 'Omar Saleh', bundle: bundle.id });
    await createPaidInvoice(setUp, await tenant.api('accountant'), ELECTRICITY, neighbour.subscription.id);
    const admin = await apiClientFor(baseURL!, tenant.users.admin);
    const collector = await apiClientFor(baseURL!, tenant.users.collector);
    // A metered customer of the Sassine station.
    const stations = (await (await admin.get(`/api/services/${ELECTRICITY}/stations/?search=Sassine`)).json()) as Paginated<{ id: number }>;
    const customers = (await (
      await admin.get(`/api/services/${ELECTRICITY}/customers/?station=${first(stations.results).id}&ordering=code&page_size=50`)
    ).json()) as Paginated<CustomerRow>;
    const customer = customers.results.find((row) => row.subscription)!;
    const meter = customer.subscription!;

    // The collector's reading: 123.4 kWh more than the meter showed.
    const before = first(
      (
        (await (
          await admin.get(`/api/services/${ELECTRICITY}/subscriptions/counters/?search=${customer.code}`)
        ).json()) as Paginated<CounterRow>
      ).results,
    );
    const reading = fromThousandths(toThousandths(before.counter) + 123_400n);
    // 123.4 kWh may be more than a 5 A meter can draw since its last demo reading: the collector confirms it (the plausibility check, docs/billing.md).
    expect(
      (
        await collector.put(`/api/services/${ELECTRICITY}/subscriptions/${meter.id}/update-counter/`, {
          data: { counter: reading, confirm_unusual: true },
        })
      ).status(),
    ).toBe(200);
    const expectedConsumption = toThousandths(before.consumption) + 123_400n;

    // Support creates the invoice from the meter, picking the customer by code.
    const supportContext = await signedInContext(browser, baseURL!, tenant.users.support);
    const support = await supportContext.newPage();
    await support.goto('/invoices');
    await support.getByRole('link', { name: 'New invoice' }).click();
    await expect(support.getByRole('heading', { name: 'New invoice' })).toBeVisible();
    await expectNoSeriousA11yViolations(support, 'invoice create (support)');
    await support.getByRole('combobox', { name: 'Customer' }).fill(customer.code);
    await support.getByRole('option', { name: new RegExp(customer.code) }).click();
    await expect(support.getByText(/current reading/)).toBeVisible();
    await support.getByRole('button', { name: 'Create invoice' }).click();
    await expect(support).toHaveURL(/\/invoices\/\d+$/);
    const invoiceId = Number(support.url().split('/').pop());
    const invoice = (await (await admin.get(`/api/services/${ELECTRICITY}/invoices/${invoiceId}/`)).json()) as InvoiceRow;
    expect(toThousandths(invoice.consumption!)).toBe(expectedConsumption);
    expect(invoice.status).toBe('unpaid');
    const consumptionText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(
      fromThousandths(expectedConsumption) as unknown as number,
    );
    await expect(support.getByText(`${consumptionText} kWh`).first()).toBeVisible();
    await expect(support.getByRole('heading', { name: invoice.number })).toBeVisible();
    // Support takes no payments and cancels nothing.
    await expect(support.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
    await expect(support.getByRole('button', { name: 'Cancel invoice' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(support, 'invoice details (support)');
    await supportContext.close();

    // The accountant: dashboard first, then the invoice, paid in full.
    const accountantContext = await signedInContext(browser, baseURL!, tenant.users.accountant);
    const page = await accountantContext.newPage();
    await page.goto('/dashboard');
    const collectedBefore = await collectedThisMonth(page);

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Invoices' }).click();
    await page.getByLabel('Search').fill(invoice.number);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('gridcell', { name: invoice.number, exact: true }).click();
    await expect(page.getByRole('heading', { name: invoice.number })).toBeVisible();
    await page.getByRole('button', { name: 'Mark as paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as paid' });
    const totalText = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(invoice.total as unknown as number);
    await expect(dialog).toContainText(`Record a payment of ${totalText} for invoice`);
    await expect(dialog).toContainText(invoice.number);
    await expectNoSeriousA11yViolations(page, 'mark as paid dialog');
    // A double click sends one Idempotency-Key: one payment.
    await dialog.getByRole('button', { name: `Record ${totalText}` }).dblclick();
    await expect(page.getByText(`Payment of ${totalText} recorded on ${invoice.number}.`)).toBeVisible();
    await expect(page.getByText(`Payment of ${totalText} recorded on ${invoice.number}.`)).toHaveCount(1);
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
    const payments = (await (await admin.get(`/api/services/${ELECTRICITY}/payments/?invoice=${invoiceId}`)).json()) as Paginated<{
      amount: string;
    }>;
    expect(payments.results.map((payment) => payment.amount)).toEqual([invoice.total]);

    // Under Payments, found by the invoice number.
    await menu.getByRole('link', { name: 'Payments' }).click();
    await page.getByLabel('Search').fill(invoice.number);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText(totalText);
    await expectNoSeriousA11yViolations(page, 'payments');

    // Back on the dashboard (in-app, so only invalidation can refresh it): exactly that much more.
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => collectedThisMonth(page)).toBe(collectedBefore + toCents(invoice.total));
    await accountantContext.close();
    await admin.dispose();
    await collector.dispose();
  },
);

tenantTest.describe('billing run', () => {
  tenantTest.use({ signedInAs: 'admin' });

  tenantTest("creates a month's invoices once: a second run creates none", async ({ page, baseURL, tenant }) => {
    // This month: a month that has not begun cannot be billed, and its customers, made today, are
    // billed from today (a period may not start before the subscription; docs/billing.md). The client is new, so nothing else bills it.
    const billedMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const MONTH = billedMonth.toISOString().slice(0, 7);
    const MONTH_NAME = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(billedMonth);
    const MONTH_END = new Date(Date.UTC(billedMonth.getUTCFullYear(), billedMonth.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    // A client of its own with three meters on the Hamra station: the run bills them and nothing another journey reads.
    const ELECTRICITY = tenant.electricity;
    const setUp = await tenant.api('admin');
    const bundle = await createBundle(setUp, ELECTRICITY, { name: '5 A', price: '15', unit_price: '0.3', amperage: '5' });
    const hamra = await createStation(setUp, ELECTRICITY, 'Hamra generator');
    for (const name of ['Lina Nasser', 'Karim Aoun', 'Maya Fares'])
      await createMeteredCustomer(setUp, ELECTRICITY, { full_name: name, bundle: bundle.id, station: hamra.id });
    const admin = await apiClientFor(baseURL!, tenant.users.admin);
    await page.goto('/invoices');
    await page.getByRole('button', { name: 'Billing run' }).click();
    const dialog = page.getByRole('dialog', { name: 'Billing run' });
    await typeDate(dialog.getByRole('group', { name: 'Month to bill' }), MONTH);
    await dialog.getByRole('combobox', { name: 'Station' }).click();
    await page.getByRole('option', { name: 'Hamra generator' }).click();
    const preview = dialog.getByTestId('billing-run-preview');
    await expect(preview).toContainText(`Meters to bill for ${MONTH_NAME}:`);
    // Counts are isolated left to right (U+2066 … U+2069) inside the sentence.
    const toBill = Number(new RegExp(`${MONTH_NAME}: \\D*(\\d+)`).exec(await preview.innerText())![1]);
    expect(toBill).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, 'billing run dialog');
    await dialog.getByRole('button', { name: new RegExp(`^Bill\\W*${toBill}\\W*meters$`) }).click();
    await expect(dialog).toContainText(new RegExp(`Invoices created for ${MONTH_NAME}: \\W*${toBill}\\W*\\.`));
    await expect(dialog).toContainText(/Skipped, already billed for this month: \W*0\W*\./);
    await dialog.getByRole('button', { name: "Show the month's invoices" }).click();
    await expect(page).toHaveURL(new RegExp(`period_start=${MONTH}-01`));
    await expect(page.getByText(new RegExp(`of\\W*${toBill}\\W*$`))).toBeVisible();

    // Again: nothing left to bill, and the API agrees (created 0, all skipped).
    await page.getByRole('button', { name: 'Billing run' }).click();
    await typeDate(dialog.getByRole('group', { name: 'Month to bill' }), MONTH);
    await dialog.getByRole('combobox', { name: 'Station' }).click();
    await page.getByRole('option', { name: 'Hamra generator' }).click();
    await expect(preview).toContainText(`Every meter is already billed for ${MONTH_NAME}`);
    await expect(dialog.getByRole('button', { name: /^Bill\W*0\W*meters$/ })).toBeDisabled();
    const station = first(
      ((await (await admin.get(`/api/services/${ELECTRICITY}/stations/?search=Hamra`)).json()) as Paginated<{ id: number }>).results,
    );
    const again = await runBillingJob(checkedCalls(admin), ELECTRICITY, {
      period_start: `${MONTH}-01`,
      period_end: MONTH_END,
      station: station.id,
    });
    expect(again).toMatchObject({ created: 0, skipped: toBill });
    const billed = (await (
      await admin.get(`/api/services/${ELECTRICITY}/invoices/?period_start=${MONTH}-01&period_end=${MONTH_END}`)
    ).json()) as Paginated<InvoiceRow>;
    expect(billed.count).toBe(toBill);
    await admin.dispose();
  });
});

test.describe('in Arabic', () => {
  // The demo tenant's invoices, read only.
  test.use({ signedInAs: 'admin' });

  test('the receipt prints right to left with Arabic labels and the amounts intact', async ({ page, baseURL }) => {
    const admin = await apiAs(baseURL!, 'admin');
    const invoice = first(
      (
        (await (await admin.get(`/api/services/${DEMO_ELECTRICITY}/invoices/?status=partially_paid&page_size=1`)).json()) as Paginated<
          InvoiceRow & { amount_paid: string; balance_due: string }
        >
      ).results,
    );
    await page.addInitScript(() => localStorage.setItem('meterline-settings', JSON.stringify({ language: 'ar' })));
    await page.goto(`/invoices/${invoice.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The invoice number in the user's digits (Arabic-Indic by the tenant's default).
    await expect(page.getByRole('heading', { name: inEitherDigits(invoice.number) })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'invoice details (Arabic)');

    // "Print receipt" opens the API's 80 mm document in Arabic in a new tab.
    const [popup, printed] = await Promise.all([
      page.waitForEvent('popup'),
      page.waitForResponse((response) => response.url().includes(`/invoices/${invoice.id}/pdf/`)),
      page.getByRole('button', { name: 'طباعة الإيصال' }).click(),
    ]);
    expect(new URL(printed.url()).searchParams.get('format')).toBe('receipt');
    expect(new URL(printed.url()).searchParams.get('lang')).toBe('ar');
    expect(printed.headers()['content-language']).toBe('ar');
    const pdf = await admin.get(new URL(printed.url()).pathname + new URL(printed.url()).search);
    if (defined(pdf.headers()['content-type'], 'a content-type header').includes('pdf'))
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    await popup.close();

    // The printed page itself: right to left, Arabic labels, every amount exactly as the invoice has it.
    const html = await (
      await admin.get(`/api/services/${DEMO_ELECTRICITY}/invoices/${invoice.id}/pdf/?format=receipt&lang=ar&output=html`)
    ).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    for (const label of ['إيصال', 'الإجمالي', 'المبلغ المدفوع', 'الرصيد المستحق', 'قراءات العداد']) expect(html).toContain(label);
    // As on screen: Intl's text without its bidi marks, in a left-to-right isolate (docs/web.md, "Digits").
    const arabicMoney = (amount: string) =>
      new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
        .format(amount as unknown as number)
        .replace(/[\u061c\u200e\u200f]/g, '');
    for (const amount of [invoice.total, invoice.amount_paid, invoice.balance_due])
      expect(html).toContain(`<bdi dir="ltr">${arabicMoney(amount)}</bdi>`);
    expect(html).toContain(`<bdi dir="ltr">${invoice.number}</bdi>`);
    await admin.dispose();
  });

  test('the invoice list runs right to left on a phone without overflowing', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('meterline-settings', JSON.stringify({ language: 'ar' })));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/invoices');
    await expect(page.getByRole('heading', { name: 'الفواتير' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'الفواتير' }).getByRole('listitem').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'invoice list (Arabic phone)');
  });
});

tenantTest.describe('accountant of a new client', () => {
  tenantTest.use({ signedInAs: 'accountant' });

  tenantTest('records a handover from a collector and sees it with the invoice status summary', async ({ page, tenant }) => {
    // An earlier handover of another amount: the search below has a row to leave out.
    await (
      await tenant.api('accountant')
    ).post('transaction/transactions/', {
      kind: 'handover',
      amount: '12.00',
      from_user: tenant.users.collector.id,
      description: 'Earlier handover',
    });
    await page.goto('/transactions');
    await expect(page.getByRole('heading', { name: 'Invoices by status' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'transactions');
    await page.getByRole('link', { name: 'New transaction' }).click();
    await page.getByLabel('Amount').fill('٥٠٫٢٥');
    await page.getByRole('combobox', { name: 'From' }).click();
    await page
      .getByRole('option', { name: /Collector/ })
      .first()
      .click();
    await page.getByLabel('Description').fill('E2E handover');
    await expectNoSeriousA11yViolations(page, 'transaction create');
    await page.getByRole('button', { name: 'Record transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record this transaction?' });
    await expect(dialog).toContainText('A Handover of $50.25 from');
    await dialog.getByRole('button', { name: 'Record $50.25' }).click();
    await expect(page).toHaveURL('/transactions');
    await page.getByLabel('Search').fill('E2E handover');
    await expect(page.getByRole('row').nth(1)).toContainText('$50.25');
  });
});

test.describe('accountant', () => {
  test.use({ signedInAs: 'accountant' });

  test('every money screen passes axe', async ({ page }) => {
    for (const path of ['/invoices', '/invoices/create', '/payments', '/transactions/create']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page, path);
    }
  });
});
