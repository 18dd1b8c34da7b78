import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { formatMoneyAmount, parseMoney } from '@meterline/contract/money';
import { seedBillingDemo } from '../../seed/billing-demo';
import { createFixture, type Fixture, type TenantFixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';
import { selectRows } from '../../scope/codes';

// `?totals=true` (docs/money-and-numbering.md) adds the sums of every filtered row (not only the page) to the lists that hold money.
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let decimals: number;

const NOW = new Date('2026-11-21T10:00:00Z');

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(NOW);
  fixture = await createFixture(context);
  // Both tenants have invoices, payments and balances: tenant B's must never count in tenant A's totals.
  for (const tenant of [fixture.tenantA, fixture.tenantB]) {
    await seedBillingDemo(context.db, {
      tenantId: tenant.id,
      customersPerService: { Electricity: 8, Water: 1 },
      staff: { adminId: tenant.users.admin, officeIds: [tenant.users.admin], collectorId: tenant.users.collector },
      now: NOW,
    });
  }
  admin = await fixture.as('a.admin');
  decimals = ((await admin.get('/api/config/')).json() as { currency_decimals: number }).currency_decimals;
});
afterAll(async () => context?.close());

type Body = { count: number; next: string | null; results: Record<string, unknown>[]; totals?: Record<string, string> };

/** Every row of the list, page after page, and the totals of each page's answer. */
async function readAll(
  path: (query: string) => string,
  query: string,
): Promise<{ rows: Record<string, unknown>[]; totals: Record<string, string>[] }> {
  const rows: Record<string, unknown>[] = [];
  const totals: Record<string, string>[] = [];
  for (let page = 1; ; page += 1) {
    const response = await admin.get(path(`${query}&totals=true&page_size=10&page=${page}`));
    expect(response.statusCode).toBe(200);
    const body = response.json() as Body;
    rows.push(...body.results);
    totals.push(body.totals!);
    if (!body.next) return { rows, totals };
  }
}

/** The sum of one money field over rows, in minor units, formatted like the API. */
function sumOf(rows: Record<string, unknown>[], field: string, keep: (row: Record<string, unknown>) => boolean = () => true): string {
  const minor = rows.filter(keep).reduce((sum, row) => sum + parseMoney(String(row[field]), decimals)!, 0n);
  return formatMoneyAmount(minor, decimals);
}

const invoicesOf = (tenant: TenantFixture) => (query: string) => servicePath(tenant, `invoices/?${query}`);
const paymentsOf = (tenant: TenantFixture) => (query: string) => servicePath(tenant, `payments/?${query}`);
const customersOf = (tenant: TenantFixture) => (query: string) => servicePath(tenant, `customers/?${query}`);

describe('list totals', () => {
  it('answers no totals unless asked, so other clients see the same list', async () => {
    const body = (await admin.get(invoicesOf(fixture.tenantA)('page_size=5'))).json() as Body;
    expect(body.totals).toBeUndefined();
  });

  it('refuses a totals value that is not a boolean with a 400 on the field', async () => {
    const response = await admin.get(invoicesOf(fixture.tenantA)('totals=maybe'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('totals');
  });

  it.each(['', 'status=paid', 'status=overdue', 'status=partially_paid', 'date_from=2026-09-01&date_to=2026-10-31', 'search=a'])(
    'sums every invoice of the filter %s across pages, cancelled ones as zero',
    async (query) => {
      const { rows, totals } = await readAll(invoicesOf(fixture.tenantA), query);
      expect(rows.length).toBeGreaterThan(0);
      const live = (row: Record<string, unknown>) => row.status !== 'cancelled';
      const expected = {
        total: sumOf(rows, 'total', live),
        amount_paid: sumOf(rows, 'amount_paid', live),
        balance_due: sumOf(rows, 'balance_due', live),
      };
      // The same on every page: the totals are the filter's, not the page's.
      for (const pageTotals of totals) expect(pageTotals).toEqual(expected);
    },
  );

  it("never counts another tenant's invoices", async () => {
    const { totals } = await readAll(invoicesOf(fixture.tenantA), '');
    const own = first(
      await selectRows<{ total: string }>(
        context.db,
        sql`select coalesce(sum(total) filter (where status <> 'cancelled'), 0)::text as total from invoices where tenant_id = ${fixture.tenantA.id} and service_id = ${fixture.tenantA.electricityId}`,
      ),
    );
    const everyone = first(
      await selectRows<{ total: string }>(
        context.db,
        sql`select coalesce(sum(total) filter (where status <> 'cancelled'), 0)::text as total from invoices`,
      ),
    );
    expect(first(totals).total).toBe(formatMoneyAmount(BigInt(own.total), decimals));
    expect(BigInt(everyone.total)).toBeGreaterThan(BigInt(own.total));
  });

  it.each(['', 'method=cash', 'date_from=2026-10-01&date_to=2026-11-21', 'search=a'])(
    'sums every payment of the filter %s across pages',
    async (query) => {
      const { rows, totals } = await readAll(paymentsOf(fixture.tenantA), query);
      expect(rows.length).toBeGreaterThan(0);
      for (const pageTotals of totals) expect(pageTotals).toEqual({ amount: sumOf(rows, 'amount') });
    },
  );

  it.each(['', 'balance_due=true', 'search=a'])('sums what the customers of the filter %s owe, across pages', async (query) => {
    const { rows, totals } = await readAll(customersOf(fixture.tenantA), query);
    expect(rows.length).toBeGreaterThan(0);
    const owing = (row: Record<string, unknown>) => parseMoney(String(row.balance), decimals)! > 0n;
    expect(sumOf(rows, 'balance', owing)).not.toBe(formatMoneyAmount(0n, decimals));
    for (const pageTotals of totals) expect(pageTotals).toEqual({ balance_due: sumOf(rows, 'balance', owing) });
  });

  it("never counts another tenant's payments or balances", async () => {
    const payments = await readAll(paymentsOf(fixture.tenantA), '');
    const customers = await readAll(customersOf(fixture.tenantA), '');
    const own = first(
      await selectRows<{ amount: string }>(
        context.db,
        sql`select coalesce(sum(amount), 0)::text as amount from payments where tenant_id = ${fixture.tenantA.id} and service_id = ${fixture.tenantA.electricityId}`,
      ),
    );
    const everyone = first(
      await selectRows<{ amount: string }>(context.db, sql`select coalesce(sum(amount), 0)::text as amount from payments`),
    );
    expect(first(payments.totals).amount).toBe(formatMoneyAmount(BigInt(own.amount), decimals));
    expect(BigInt(everyone.amount)).toBeGreaterThan(BigInt(own.amount));
    const owed = first(
      await selectRows<{ owed: string }>(
        context.db,
        sql`select coalesce(sum(balance) filter (where balance > 0), 0)::text as owed from customers where tenant_id = ${fixture.tenantA.id} and service_id = ${fixture.tenantA.electricityId}`,
      ),
    );
    expect(first(customers.totals).balance_due).toBe(formatMoneyAmount(BigInt(owed.owed), decimals));
  });
});
