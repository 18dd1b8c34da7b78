import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { auditLog, invoiceExchangeRates, paymentTenders } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { backdateSubscriptions, expectMoneyInvariants, servicePath } from '../../../test/billing';
import { runBillingJob } from '../../../test/jobs';

/** Meter invoices priced month by month with tariffs, the rate of the month, payments in two currencies. */
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let accountant: Client;
let bundleId: number;
let otherBundleId: number;
let settingsId: number;

const path = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);
type Line = {
  description: string;
  quantity: string;
  unit_price: string;
  amount: string;
  pricing: { tariff: number | null; tariff_name: string | null; month: string; tier: number | null } | null;
};
const linesOf = (invoice: { lines: Line[] }) =>
  invoice.lines.map((line) => [line.description, line.quantity, line.unit_price, line.amount, line.pricing]);

async function customer(fullName: string, bundle = bundleId, service: 'electricity' | 'water' = 'electricity') {
  const response = await admin.post(path('customers/', service), { initial_reading: '0', full_name: fullName, bundle });
  expect(response.statusCode).toBe(201);
  // Billed for months before the day the test creates it (the period may not start before the subscription).
  await backdateSubscriptions(context.db, response.json().id);
  return response.json() as { id: number; subscription: { id: number } };
}
/** A reading taken at that instant (the clock moves there). */
async function readAt(subscription: number, at: string, counter: string, service: 'electricity' | 'water' = 'electricity') {
  context.clock.set(new Date(at));
  const response = await admin.put(path(`subscriptions/${subscription}/update-counter/`, service), { counter, confirm_unusual: true });
  expect(response.statusCode).toBe(200);
}
const bill = (subscription: number, periodStart: string, periodEnd: string, service: 'electricity' | 'water' = 'electricity') =>
  admin.post(path('invoices/', service), { subscription, period_start: periodStart, period_end: periodEnd });

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-10-01T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  accountant = await fixture.as('a.accountant');
  bundleId = (await admin.post(path('bundles/'), { name: '5 A', price: '10', unit_price: '0.25' })).json().id;
  otherBundleId = (await admin.post(path('bundles/'), { name: '10 A', price: '18', unit_price: '0.25' })).json().id;
  settingsId = (await admin.get('/api/config/')).json().id;
  // These tests price consumption over periods that are not calendar months; the fee stays whole
  // (proration by days has its own tests in proration.routes.test.ts).
  expect((await admin.put(`/api/config/${settingsId}/`, { prorate_partial_months: false })).statusCode).toBe(200);
});
afterAll(async () => context?.close());

describe('meter invoices priced with the tariff of each month', () => {
  let october: number;
  let november: number;

  it('splits consumption by the readings’ dates, pro rata across the month boundary, with tiers and uplift', async () => {
    october = (
      await admin.post(path('tariffs/'), { name: 'October', effective_from: '2026-10', unit_price: '0.30', uplift_percent: '10' })
    ).json().id;
    november = (
      await admin.post(path('tariffs/'), {
        name: 'November',
        effective_from: '2026-11',
        tiers: [
          { up_to: '100', unit_price: '0.30' },
          { up_to: null, unit_price: '0.45' },
        ],
        bundles: [bundleId],
      })
    ).json().id;
    const { subscription } = await customer('Month By Month');
    // 100 kWh read on 21 October; 210 more by 11 November: 11 of those 21 days are October's.
    await readAt(subscription.id, '2026-10-21T00:00:00Z', '100');
    await readAt(subscription.id, '2026-11-11T00:00:00Z', '310');
    const response = await bill(subscription.id, '2026-11-01', '2026-11-10');
    expect(response.statusCode).toBe(201);
    const invoice = response.json();
    // October: 100 + 110 = 210 kWh x (0.30 + 10 %) = 69.30; November: 100 kWh in tier 1 x 0.30 = 30.00.
    expect(linesOf(invoice)).toEqual([
      ['5 A: monthly fee', '1.000', '10.000000', '10.00', null],
      [
        'Consumption: 210 kWh (2026-10, October)',
        '210.000',
        '0.330000',
        '69.30',
        { tariff: october, tariff_name: 'October', month: '2026-10', tier: null },
      ],
      [
        'Consumption: 100 kWh (2026-11, November, tier 1)',
        '100.000',
        '0.300000',
        '30.00',
        { tariff: november, tariff_name: 'November', month: '2026-11', tier: 1 },
      ],
    ]);
    expect(invoice).toMatchObject({ consumption: '310.000', subtotal: '109.30', total: '109.30' });
    expect((await admin.get(path(`tariffs/${october}/`))).json().is_in_use).toBe(true);

    // Later in November, a second invoice continues on November's tier scale: 50 kWh in tier 2.
    await readAt(subscription.id, '2026-11-18T00:00:00Z', '360');
    const second = (await bill(subscription.id, '2026-11-11', '2026-11-18')).json();
    // One monthly fee a month (docs/billing.md, "Proration"): November's fee was billed with the first invoice.
    expect(linesOf(second).filter(([description]) => String(description).includes('monthly fee'))).toEqual([]);
    expect(linesOf(second)).toEqual([
      [
        'Consumption: 50 kWh (2026-11, November, tier 2)',
        '50.000',
        '0.450000',
        '22.50',
        { tariff: november, tariff_name: 'November', month: '2026-11', tier: 2 },
      ],
    ]);
    await expectMoneyInvariants(context.db);
  });

  it('adding a later tariff changes no existing amount, and bills the next month with it', async () => {
    const before = (await admin.get(path('invoices/?search=Month By Month&ordering=id'))).json().results;
    const detailsBefore = await Promise.all(
      before.map((row: { id: number }) => admin.get(path(`invoices/${row.id}/`)).then((r) => r.json())),
    );
    const later = await admin.post(path('tariffs/'), { name: 'November, revised', effective_from: '2026-11', unit_price: '0.90' });
    expect(later.statusCode).toBe(201);
    const december = (await admin.post(path('tariffs/'), { name: 'December', effective_from: '2026-12', unit_price: '0.50' })).json().id;
    const after = await Promise.all(before.map((row: { id: number }) => admin.get(path(`invoices/${row.id}/`)).then((r) => r.json())));
    expect(after.map((invoice) => [invoice.total, linesOf(invoice)])).toEqual(
      detailsBefore.map((invoice) => [invoice.total, linesOf(invoice)]),
    );

    const { subscription } = await customer('December Reader');
    await readAt(subscription.id, '2026-12-02T00:00:00Z', '20');
    const december1 = (await bill(subscription.id, '2026-12-01', '2026-12-02')).json();
    expect(linesOf(december1)[1]).toEqual([
      'Consumption: 20 kWh (2026-12, December)',
      '20.000',
      '0.500000',
      '10.00',
      { tariff: december, tariff_name: 'December', month: '2026-12', tier: null },
    ]);
  });

  it('without a tariff the bundle’s unit price prices one line, as before', async () => {
    const water = (await admin.post(path('bundles/', 'water'), { name: 'Home', price: '5', unit_price: '1.25' })).json().id;
    const { subscription } = await customer('No Tariff', water, 'water');
    await readAt(subscription.id, '2026-12-03T00:00:00Z', '8', 'water');
    const invoice = (await bill(subscription.id, '2026-12-01', '2026-12-03', 'water')).json();
    expect(linesOf(invoice)).toEqual([
      ['Home: monthly fee', '1.000', '5.000000', '5.00', null],
      ['Consumption: 8 m³', '8.000', '1.250000', '10.00', { tariff: null, tariff_name: null, month: '2026-12', tier: null }],
    ]);
  });

  it('the billing run prices every meter the same way', async () => {
    const { subscription } = await customer('Run Priced', otherBundleId);
    await readAt(subscription.id, '2026-12-04T00:00:00Z', '10');
    const run = await runBillingJob(admin, path('invoices/generate/'), { period_start: '2026-12-01', period_end: '2026-12-04' });
    const created = await Promise.all(run.invoices.map((id: number) => admin.get(path(`invoices/${id}/`)).then((r) => r.json())));
    const mine = created.find((invoice) => invoice.subscription === subscription.id);
    // December's tariff (every bundle, 0.50) prices the 10 A bundle too.
    expect(linesOf(mine)[1]).toMatchObject(['Consumption: 10 kWh (2026-12, December)', '10.000', '0.500000', '5.00', { month: '2026-12' }]);
  });
});

describe('two currencies', () => {
  let invoiceId: number;

  it('an invoice keeps the rate of its month and shows its total in both currencies', async () => {
    context.clock.set(new Date('2026-12-10T09:00:00Z'));
    expect(
      (await admin.put(`/api/config/${settingsId}/`, { second_currency: 'LBP', cash_rounding: { LBP: '1000', USD: '0.05' } })).statusCode,
    ).toBe(200);
    expect((await accountant.post(path('exchange-rates/'), { month: '2026-12', rate: '89500' })).statusCode).toBe(201);
    const { id } = await customer('Two Currencies');
    const response = await admin.post(path('invoices/'), {
      customer: id,
      period_start: '2026-12-01',
      period_end: '2026-12-31',
      lines: [{ description: 'Subscription', quantity: '1', unit_price: '45.00' }],
    });
    expect(response.statusCode).toBe(201);
    invoiceId = response.json().id;
    expect(response.json()).toMatchObject({
      currency: 'USD',
      total: '45.00',
      second_currency: 'LBP',
      exchange_rate: '89500.000000',
      total_second: '4027500',
      balance_due_second: '4028000',
    });
    // A new rate for the month changes only what is issued afterwards.
    expect((await accountant.post(path('exchange-rates/'), { month: '2026-12', rate: '90000' })).statusCode).toBe(200);
    expect((await admin.get(path(`invoices/${invoiceId}/`))).json()).toMatchObject({
      exchange_rate: '89500.000000',
      total_second: '4027500',
    });
    const listed = (await admin.get(path('invoices/?search=Two Currencies'))).json().results[0];
    expect(listed).toMatchObject({ total: '45.00', total_second: '4027500', second_currency: 'LBP' });
    const [stored] = await context.db.select().from(invoiceExchangeRates).where(eq(invoiceExchangeRates.invoiceId, invoiceId));
    expect(stored).toMatchObject({ currency: 'LBP', month: '2026-12-01', rate: '89500.000000' });

    const html = await admin.get(path(`invoices/${invoiceId}/pdf/?output=html&lang=ar`));
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('الإجمالي بـ LBP');
    expect(html.body).toMatch(/٤٬٠٢٧٬٥٠٠<\/bdi>\s*ل\.ل\./);
    const english = (await admin.get(path(`invoices/${invoiceId}/pdf/?output=html&lang=en&format=receipt`))).body;
    expect(english).toContain('Total in LBP');
    expect(english).toMatch(/LBP\s4,027,500/);
    expect(english).toContain('1 USD = 89,500 LBP');
    // The reader's digits, as on their screens (docs/web.md, "Digits"): an admin who reads Western
    // digits gets them in the Arabic document too; the invoice's number is the same code either way.
    const number = (await admin.get(path(`invoices/${invoiceId}/`))).json().number as string;
    expect(html.body).toContain(`<bdi dir="ltr">${number}</bdi>`);
    const adminUrl = `/api/auth/users/${fixture.tenantA.users.admin}/`;
    expect((await admin.put(adminUrl, { digits: 'latn' })).statusCode).toBe(200);
    const western = (await admin.get(path(`invoices/${invoiceId}/pdf/?output=html&lang=ar`))).body;
    expect(western).toMatch(/4,027,500<\/bdi>\s*ل\.ل\./);
    expect(western).not.toMatch(/[\u0660-\u0669]/);
    expect(western).toContain(`<bdi dir="ltr">${number}</bdi>`);
    expect((await admin.put(adminUrl, { digits: null })).statusCode).toBe(200);
  });

  it('takes a split USD + LBP payment at the invoice’s rate, stored with what was tendered', async () => {
    const response = await accountant.put(path(`invoices/${invoiceId}/create_payment/`), {
      amounts: [
        { currency: 'USD', amount: '20.00' },
        { currency: 'LBP', amount: '900000' },
      ],
      method: 'cash',
    });
    expect(response.statusCode).toBe(201);
    // 900,000 / 89,500 = 10.0558... -> 10.06 USD.
    expect(response.json()).toMatchObject({
      amount: '30.06',
      received: '30.06',
      tendered: [
        { currency: 'USD', amount: '20.00' },
        { currency: 'LBP', amount: '900000' },
      ],
      change_due: [
        { currency: 'USD', amount: '0.00' },
        { currency: 'LBP', amount: '0' },
      ],
      exchange_rate: '89500.000000',
    });
    const invoice = (await admin.get(path(`invoices/${invoiceId}/`))).json();
    expect(invoice).toMatchObject({ amount_paid: '30.06', balance_due: '14.94', status: 'partially_paid' });
    // 14.94 x 89,500 = 1,337,130 LBP, asked for rounded up to the 1,000: 1,338,000.
    expect(invoice.balance_due_second).toBe('1338000');
    expect(invoice.cash_rounding).toEqual({ LBP: '1000', USD: '0.05' });
    expect(invoice.payments[0]).toMatchObject({ tendered: [{ currency: 'USD' }, { currency: 'LBP' }] });
    const audit = first(
      await context.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, String(response.json().id)))),
      'a row from auditLog',
    );
    expect(audit.after).toMatchObject({ tender: { received: '3006' } });
    const receipt = (await accountant.get(path(`invoices/${invoiceId}/pdf/?output=html&lang=ar&format=receipt`))).body;
    expect(receipt).toContain('المبلغ المسلَّم');
    expect(receipt).toMatch(/٩٠٠٬٠٠٠<\/bdi>\s*ل\.ل\./);
  });

  it('more than the balance in cash is change, in both currencies with the cash rounding; the payment is the balance', async () => {
    const key = 'change-due-once';
    const body = { amounts: [{ currency: 'LBP', amount: '1500000' }], method: 'cash' };
    const response = await accountant.request({
      method: 'PUT',
      url: path(`invoices/${invoiceId}/create_payment/`),
      payload: body,
      headers: { 'idempotency-key': key },
    });
    expect(response.statusCode).toBe(201);
    // 1,500,000 LBP = 16.76 USD; the balance 14.94 is paid; change 1.82 -> 1.80 USD (0.05 step), 162,890 -> 163,000 LBP.
    expect(response.json()).toMatchObject({
      amount: '14.94',
      received: '16.76',
      change_due: [
        { currency: 'USD', amount: '1.80' },
        { currency: 'LBP', amount: '163000' },
      ],
    });
    // The same key again: the first answer, still one payment.
    const again = await accountant.request({
      method: 'PUT',
      url: path(`invoices/${invoiceId}/create_payment/`),
      payload: body,
      headers: { 'idempotency-key': key },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(response.json());
    const invoice = (await admin.get(path(`invoices/${invoiceId}/`))).json();
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: '45.00', balance_due: '0.00' });
    expect(invoice.payments).toHaveLength(2);
    expect(await context.db.select().from(paymentTenders).where(eq(paymentTenders.tenantId, fixture.tenantA.id))).toHaveLength(2);
    await expectMoneyInvariants(context.db);
  });

  it('refuses a currency the invoice does not take, both amount and amounts, and change by card', async () => {
    const { id } = await customer('Refusals');
    const invoice = (
      await admin.post(path('invoices/'), {
        customer: id,
        period_start: '2026-12-01',
        period_end: '2026-12-31',
        lines: [{ description: 'x', quantity: '1', unit_price: '10' }],
      })
    ).json();
    const pay = (body: unknown) => accountant.put(path(`invoices/${invoice.id}/create_payment/`), body);
    const euro = await pay({ amounts: [{ currency: 'EUR', amount: '5' }] });
    expect(euro.statusCode).toBe(400);
    expect(euro.json()).toMatchObject({
      code: 'currency_not_accepted',
      params: { currencies: 'USD, LBP' },
      'amounts.0.currency': [expect.any(String)],
    });
    expect((await pay({ amount: '5', amounts: [{ currency: 'USD', amount: '5' }] })).json()).toMatchObject({ code: 'amounts_with_amount' });
    expect((await pay({ amounts: [{ currency: 'USD', amount: '12' }], method: 'card' })).json()).toMatchObject({ code: 'overpay' });
    expect((await pay({ amounts: [{ currency: 'LBP', amount: '-5' }] })).statusCode).toBe(400);
    // The old body keeps working.
    expect((await pay({ amount: '4.00' })).json()).toMatchObject({ amount: '4.00', tendered: null, change_due: null });
  });

  it('an invoice issued without a rate takes only the billing currency', async () => {
    const { id } = await customer('No Rate');
    // January has no rate, and no month before it either for this customer? December's rate is found: use a month before any rate.
    context.clock.set(new Date('2026-12-12T09:00:00Z'));
    const invoice = (
      await admin.post(path('invoices/'), {
        customer: id,
        period_start: '2026-09-01',
        period_end: '2026-09-30',
        lines: [{ description: 'x', quantity: '1', unit_price: '10' }],
      })
    ).json();
    expect(invoice).toMatchObject({ second_currency: null, exchange_rate: null, total_second: null });
    const refused = await accountant.put(path(`invoices/${invoice.id}/create_payment/`), {
      amounts: [{ currency: 'LBP', amount: '100000' }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'exchange_rate_missing' });
  });
});
