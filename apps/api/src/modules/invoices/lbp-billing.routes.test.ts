import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectMoneyInvariants, servicePath } from '../../../test/billing';

/**
 * A tenant billing in LBP with USD as its second currency quotes its rate the way the
 * market does (1 USD = 89,500 LBP, `base_currency: "USD"`), so every conversion is exact; before
 * migration 0014 the rate had to be USD per LBP (0.0000111731...), which 6 decimals cannot hold.
 */
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let accountant: Client;
let invoiceId: number;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-12-10T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  accountant = await fixture.as('a.accountant');
  const settingsId = (await admin.get('/api/config/')).json().id;
  const configured = await admin.put(`/api/config/${settingsId}/`, {
    currency: 'LBP',
    second_currency: 'USD',
    cash_rounding: { LBP: '1000', USD: '0.05' },
  });
  expect(configured.statusCode).toBe(200);
});
afterAll(async () => context?.close());

describe('an LBP tenant with USD as its second currency', () => {
  it('quotes the month rate per one dollar, and says so in the list', async () => {
    const response = await accountant.post(path('exchange-rates/'), { month: '2026-12', rate: '89500', base_currency: 'usd' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ currency: 'LBP', rate: '89500.000000', base_currency: 'USD' });
    expect((await admin.get(path('exchange-rates/'))).json().results).toEqual([
      expect.objectContaining({ month: '2026-12', base_currency: 'USD' }),
    ]);
  });

  it('without a base, a rate is per one unit of the billing currency (the meaning before the base could be chosen)', async () => {
    const response = await accountant.post(path('exchange-rates/'), { month: '2026-11', rate: '0.000011' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ base_currency: 'LBP', rate: '0.000011' });
  });

  it('refuses a base that is neither currency, on its field', async () => {
    const response = await accountant.post(path('exchange-rates/'), { month: '2026-12', rate: '89500', base_currency: 'EUR' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ base_currency: [expect.any(String)] });
    expect((await admin.get(path('exchange-rates/?ordering=-month'))).json().results[0]).toMatchObject({
      rate: '89500.000000',
      base_currency: 'USD',
    });
  });

  it('issues an invoice with its total in dollars, exact at 1 USD = 89,500 LBP', async () => {
    const customer = (await admin.post(path('customers/'), { full_name: 'زبون الليرة' })).json();
    const response = await admin.post(path('invoices/'), {
      customer: customer.id,
      period_start: '2026-12-01',
      period_end: '2026-12-31',
      lines: [{ description: 'Subscription', quantity: '1', unit_price: '2700000' }],
    });
    expect(response.statusCode).toBe(201);
    invoiceId = response.json().id;
    // 2,700,000 / 89,500 = 30.1676 -> 30.17 USD; asked for in cash rounded up to 0.05: 30.20.
    expect(response.json()).toMatchObject({
      currency: 'LBP',
      total: '2700000',
      second_currency: 'USD',
      exchange_rate: '89500.000000',
      exchange_rate_base: 'USD',
      total_second: '30.17',
      balance_due_second: '30.20',
    });
    const listed = (await admin.get(path('invoices/?search=زبون'))).json().results[0];
    expect(listed).toMatchObject({ total_second: '30.17', exchange_rate_base: 'USD' });
    const receipt = (await admin.get(path(`invoices/${invoiceId}/pdf/?output=html&lang=en&format=receipt`))).body;
    expect(receipt).toContain('1 USD = 89,500 LBP');
    expect(receipt).toContain('Total in USD');
  });

  it('takes 20.00 USD + 1,000,000 LBP: 2,790,000 LBP received, 90,000 LBP or 1.00 USD change', async () => {
    const response = await accountant.put(path(`invoices/${invoiceId}/create_payment/`), {
      amounts: [
        { currency: 'USD', amount: '20.00' },
        { currency: 'LBP', amount: '1000000' },
      ],
      method: 'cash',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      amount: '2700000',
      received: '2790000',
      change_due: [
        { currency: 'LBP', amount: '90000' },
        { currency: 'USD', amount: '1.00' },
      ],
      exchange_rate: '89500.000000',
      exchange_rate_base: 'USD',
    });
    expect((await admin.get(path(`invoices/${invoiceId}/`))).json()).toMatchObject({
      status: 'paid',
      balance_due: '0',
      balance_due_second: '0.00',
    });
    await expectMoneyInvariants(context.db);
  });

  it('shows the dashboard money figures in dollars too, at the rate of the month', async () => {
    const stats = (await admin.get('/api/statistics/stats1/')).json();
    expect(stats).toMatchObject({
      currency: 'LBP',
      invoiced_this_month: '2700000',
      collected_this_month: '2700000',
      second_currency: 'USD',
      exchange_rate: '89500.000000',
      exchange_rate_base: 'USD',
      exchange_rate_month: '2026-12',
      invoiced_this_month_second: '30.17',
      collected_this_month_second: '30.17',
      outstanding_balance_second: '0.00',
    });
    // A window ending in November takes November's rate (quoted per one LBP there).
    const november = (await admin.get('/api/statistics/stats1/?date_from=2026-11-01&date_to=2026-11-30')).json();
    expect(november).toMatchObject({
      exchange_rate: '0.000011',
      exchange_rate_base: 'LBP',
      exchange_rate_month: '2026-11',
      invoiced_this_month_second: '0.00',
    });
  });
});

describe('a tenant without a second currency', () => {
  it('answers the dashboard with no second-currency figures', async () => {
    const other = await fixture.as('b.admin');
    expect((await other.get('/api/statistics/stats1/')).json()).toMatchObject({
      second_currency: null,
      exchange_rate: null,
      invoiced_this_month_second: null,
      outstanding_balance_second: null,
    });
  });
});
