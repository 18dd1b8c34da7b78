import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';

// Rates that cannot be forgotten (docs/billing.md, "A month without a rate"; docs/money-and-numbering.md,
// "Months without a rate"): the dry run and the rate screen say which months lack one, and a rate
// always names two different currencies.
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let settingsId: number;

const path = (rest: string, tenant: 'A' | 'B' = 'A') =>
  servicePath(tenant === 'A' ? fixture.tenantA : fixture.tenantB, rest, 'electricity');
const october = { period_start: '2026-10-01', period_end: '2026-10-31' };

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-20T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  settingsId = (await admin.get('/api/config/')).json().id;
});
afterAll(async () => context?.close());

describe('a billing run for a month without a rate', () => {
  it('says nothing while the tenant has one currency', async () => {
    const dry = await admin.post(path('invoices/generate/?dry_run=true'), october);
    expect(dry.statusCode).toBe(200);
    expect(dry.json().missing_exchange_rate).toBeNull();
    expect((await admin.get(path('exchange-rates/missing/'))).json()).toMatchObject({ currency: null, months: [] });
  });

  it('warns in the dry run when a second currency is set and no month has a rate', async () => {
    expect((await admin.put(`/api/config/${settingsId}/`, { second_currency: 'LBP' })).statusCode).toBe(200);
    const dry = (await admin.post(path('invoices/generate/?dry_run=true'), october)).json();
    expect(dry.missing_exchange_rate).toEqual({ month: '2026-10', currency: 'LBP', fallback_month: null });
  });

  it('names the earlier month whose rate the invoices would take, and is silent once the month has its own', async () => {
    expect((await admin.post(path('exchange-rates/'), { month: '2026-08', rate: '89500' })).statusCode).toBe(201);
    expect((await admin.post(path('invoices/generate/?dry_run=true'), october)).json().missing_exchange_rate).toEqual({
      month: '2026-10',
      currency: 'LBP',
      fallback_month: '2026-08',
    });
    // Quoted per one LBP this time: still the month's rate, whichever way round.
    expect((await admin.post(path('exchange-rates/'), { month: '2026-10', rate: '0.000011', base_currency: 'LBP' })).statusCode).toBe(201);
    expect((await admin.post(path('invoices/generate/?dry_run=true'), october)).json().missing_exchange_rate).toBeNull();
  });
});

describe('the months without a rate', () => {
  it('lists the last 12 months and the next one, from the first invoice on (this month and the next without one)', async () => {
    const answer = (await admin.get(path('exchange-rates/missing/'))).json();
    expect(answer).toEqual({ currency: 'LBP', from: '2026-11', to: '2026-12', months: ['2026-11', '2026-12'] });
  });

  it('answers any range asked, and refuses a range backwards or half given', async () => {
    const answer = (await admin.get(path('exchange-rates/missing/?from=2026-07&to=2026-11'))).json();
    expect(answer).toMatchObject({ from: '2026-07', to: '2026-11', months: ['2026-07', '2026-09', '2026-11'] });
    const backwards = await admin.get(path('exchange-rates/missing/?from=2026-11&to=2026-07'));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ to: [expect.any(String)] });
    expect((await admin.get(path('exchange-rates/missing/?from=2026-11'))).statusCode).toBe(400);
    expect((await admin.get(path('exchange-rates/missing/?from=November&to=2026-12'))).statusCode).toBe(400);
  });

  it('never another tenant’s, and office staff only', async () => {
    const other = await fixture.as('b.admin');
    expect((await other.get(path('exchange-rates/missing/'))).statusCode).toBe(404);
    expect((await other.get(path('exchange-rates/missing/', 'B'))).json()).toMatchObject({ currency: null, months: [] });
    const collector = await fixture.as('a.collector');
    expect((await collector.get(path('exchange-rates/missing/'))).statusCode).toBe(403);
  });
});

describe('a rate names two different currencies', () => {
  it.each([
    [{ base_currency: 'LBP', currency: 'LBP' }, 'currency'],
    [{ base_currency: 'USD', currency: 'USD' }, 'currency'],
    [{ currency: 'USD' }, 'currency'],
  ])('refuses %j with a 400 exchange_rate_same_currency on its field', async (sides, field) => {
    const response = await admin.post(path('exchange-rates/'), { month: '2026-12', rate: '89500', ...sides });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'exchange_rate_same_currency', [field]: [expect.any(String)] });
  });

  it('in Arabic too', async () => {
    const response = await admin.post(
      path('exchange-rates/'),
      { month: '2026-12', rate: '1', currency: 'USD' },
      { 'accept-language': 'ar' },
    );
    expect(response.json().currency[0]).toMatch(/عملتين/);
  });

  it('stores the currency the rate is in and the base, never the same, and one rate per month whichever way round', async () => {
    const perDollar = await admin.post(path('exchange-rates/'), { month: '2026-10', rate: '89600', base_currency: 'USD', currency: 'LBP' });
    expect(perDollar.statusCode).toBe(200);
    expect(perDollar.json()).toMatchObject({ month: '2026-10', currency: 'LBP', base_currency: 'USD', rate: '89600.000000' });
    const perPound = (await admin.get(path('exchange-rates/?ordering=month'))).json().results;
    expect(
      perPound.map((row: { month: string; currency: string; base_currency: string }) => [row.month, row.currency, row.base_currency]),
    ).toEqual([
      ['2026-08', 'LBP', 'USD'],
      ['2026-10', 'LBP', 'USD'],
    ]);
    const equal = (await context.db.execute(
      sql`select count(*)::int as count from exchange_rates where currency = base_currency`,
    )) as unknown as {
      rows: { count: number }[];
    };
    expect(equal.rows).toEqual([{ count: 0 }]);
    await expect(
      context.db.execute(
        sql`insert into exchange_rates (tenant_id, currency, month, rate, base_currency) values (${fixture.tenantA.id}, 'USD', '2027-01-01', 1, 'USD')`,
      ),
    ).rejects.toThrow();
  });
});
