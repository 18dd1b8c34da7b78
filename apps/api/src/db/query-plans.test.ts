import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerListSpec } from '@meterline/contract/customers';
import { invoiceListSpec } from '@meterline/contract/invoices';
import { defined, first } from '@meterline/contract/invariant';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, isPostgres, type Client, type TestContext } from '../../test/harness';
import { servicePath } from '../../test/billing';
import { selectRows } from '../scope/codes';

/*
 * The plans of the lists at an operator's size, on PostgreSQL (PGlite plans alike but slowly at
 * this size): ~200,000 rows seeded by SQL, every ordering and filter the screens offer requested
 * through the app, each SELECT it sends explained. A sequential scan of a big table, or a sort
 * of more than 10,000 rows, fails.
 */

const CUSTOMERS_PER_TENANT = 10_000;
const INVOICES_PER_CUSTOMER = 9;
const BIG_TABLE_ROWS = 10_000;
/** Tables of more than BIG_TABLE_ROWS rows once seeded (a scan of an empty table is fine). */
let bigTables = new Set<string>();
const MAX_SORTED_ROWS = 10_000;

/**
 * Orderings by a name of another table sort the rows they join: left out (customers by building or
 * station), or checked on their first page only (invoices by customer name), as decided in
 * docs/performance.md ("Lists").
 */
const JOINED_ORDERINGS = { customers: ['building', 'station'], invoices: ['customer_name'] };

let context: TestContext;
let fixture: Fixture;
let admin: Client;
let recorded: { text: string; values: unknown[]; client: pg.Client }[] | null = null;
const originalQuery = pg.Client.prototype.query;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

function problemsOf(node: PlanNode): string[] {
  const own: string[] = [];
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && bigTables.has(node['Relation Name']))
    own.push(`Seq Scan on ${node['Relation Name']}`);
  if (node['Node Type'] === 'Sort' && node['Plan Rows'] > MAX_SORTED_ROWS) own.push(`Sort of ${node['Plan Rows']} rows`);
  return [...own, ...(node.Plans ?? []).flatMap(problemsOf)];
}

function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

/** Requests the URL and explains every SELECT on the tenant's tables the app sent for it. */
async function problemsOfRequest(url: string, options: { indexes?: string[] } = {}): Promise<string[]> {
  recorded = [];
  const response = await admin.get(url);
  const queries = recorded;
  recorded = null;
  // A page past the end of a small filter is a 404 (its queries are still explained).
  expect([200, 404], url).toContain(response.statusCode);
  const problems: string[] = [];
  for (const query of queries) {
    if (!/^\s*select/i.test(query.text) || !/"(invoices|customers|payments)"/.test(query.text)) continue;
    // On the connection that ran it (idle again once the answer is sent).
    const result = await (originalQuery as unknown as (this: pg.Client, text: string, values: unknown[]) => Promise<pg.QueryResult>).call(
      query.client,
      `explain (format json) ${query.text}`,
      query.values,
    );
    const plan = first((result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN']).Plan;
    problems.push(...problemsOf(plan).map((problem) => `${problem}: ${url}`));
    options.indexes?.push(...indexesOf(plan));
  }
  return problems;
}

const orderingsOf = (fields: readonly string[], skipped: string[] = []) =>
  fields.filter((field) => !skipped.includes(field)).flatMap((field) => [field, `-${field}`]);

describe.skipIf(!isPostgres)('query plans at 200,000 rows (PostgreSQL)', () => {
  beforeAll(async () => {
    context = await createTestContext();
    fixture = await createFixture(context);
    for (const tenant of [fixture.tenantA, fixture.tenantB]) {
      const scope = { tenantId: tenant.id, serviceId: tenant.electricityId };
      await context.db.execute(sql`
        insert into customers (tenant_id, service_id, code, full_name, phone, balance)
        select ${scope.tenantId}::int, ${scope.serviceId}::int, 'C' || lpad(g::text, 6, '0'), 'Customer ' || md5(g::text), '+961' || g, (g % 7) * 1000
        from generate_series(1, ${CUSTOMERS_PER_TENANT}::int) g`);
      await context.db.execute(sql`
        insert into invoices (tenant_id, service_id, number, customer_id, period_start, period_end, issued_on, due_on, subtotal, tax, total, amount_paid, status)
        select c.tenant_id, c.service_id, 'INV-' || c.id || '-' || m, c.id, d, (d + interval '1 month - 1 day')::date, (d + interval '1 month')::date, (d + interval '1 month 15 days')::date,
          1000 + c.id % 500, 0, 1000 + c.id % 500, case when m % 3 = 0 then 0 else 1000 + c.id % 500 end, case when m % 3 = 0 then 'unpaid' else 'paid' end
        from customers c, generate_series(1, ${INVOICES_PER_CUSTOMER}::int) m, lateral (select (date '2026-01-01' + (m - 1) * interval '1 month')::date as d) p
        where c.tenant_id = ${scope.tenantId} and c.service_id = ${scope.serviceId}`);
      await context.db.execute(sql`
        insert into payments (tenant_id, service_id, invoice_id, customer_id, amount, paid_at, received_by)
        select tenant_id, service_id, id, customer_id, total, issued_on + interval '3 days', ${tenant.users.collector}::int
        from invoices where tenant_id = ${scope.tenantId} and status = 'paid' and customer_id % 3 = 0`);
    }
    // The other services' payments of a platform (recorded against tenant B's Water): the measured
    // service is a fraction of the table, as one of many operators' is, not half of it.
    await context.db.execute(sql`
      insert into payments (tenant_id, service_id, invoice_id, customer_id, amount, paid_at, received_by)
      select tenant_id, ${fixture.tenantB.waterId}::int, id, customer_id, 100, issued_on + interval '5 days', null
      from invoices where tenant_id = ${fixture.tenantB.id}`);
    await context.db.execute(sql`analyze`);
    const tables = await selectRows<{ relname: string }>(
      context.db,
      sql`select relname from pg_class where relkind = 'r' and reltuples > ${BIG_TABLE_ROWS}`,
    );
    bigTables = new Set(tables.map((table) => table.relname));
    admin = await fixture.as('a.admin');
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (recorded) {
        const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
        const text = typeof first === 'string' ? first : first.text;
        recorded.push({
          text,
          values: Array.isArray(second) ? second : typeof first === 'object' ? (first.values ?? []) : [],
          client: this,
        });
      }
      return (originalQuery as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  });

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await context?.close();
  });

  it('has the rows of an operator', async () => {
    const row = first(
      await selectRows<{ n: string }>(
        context.db,
        sql`select (select count(*) from invoices) + (select count(*) from customers) + (select count(*) from payments) as n`,
      ),
    );
    expect(Number(row.n)).toBeGreaterThan(190_000);
    expect(bigTables).toEqual(new Set(['customers', 'invoices', 'payments']));
  });

  it("estimates a service's rows as they are: the service determines the tenant (extended statistics, migration 0023)", async () => {
    // Multiplying the two columns' selectivities would expect a quarter of the rows here (two
    // tenants), a tenth with ten: deep pages then sorted a whole service instead of walking an index.
    const scope = { tenantId: fixture.tenantA.id, serviceId: fixture.tenantA.electricityId };
    for (const table of ['invoices', 'customers', 'payments'] as const) {
      const where = sql`tenant_id = ${scope.tenantId} and service_id = ${scope.serviceId}`;
      const [explained] = await selectRows<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        context.db,
        sql`explain (format json) select id from ${sql.identifier(table)} where ${where}`,
      );
      const estimated = first(defined(explained, 'a plan')['QUERY PLAN']).Plan['Plan Rows'];
      const [counted] = await selectRows<{ n: number }>(
        context.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
      );
      const actual = defined(counted, 'a count').n;
      expect(actual, table).toBeGreaterThan(BIG_TABLE_ROWS / 2);
      expect(estimated / actual, `${table}: ${estimated} estimated, ${actual} rows`).toBeGreaterThan(0.8);
      expect(estimated / actual, `${table}: ${estimated} estimated, ${actual} rows`).toBeLessThan(1.25);
    }
  });

  it('walks an index for every ordering of the invoice list, page 1 and deep pages', async () => {
    const path = (query: string) => servicePath(fixture.tenantA, `invoices/?${query}`);
    const problems: string[] = [];
    for (const ordering of ['', ...orderingsOf(invoiceListSpec.ordering)]) {
      const pages = JOINED_ORDERINGS.invoices.includes(ordering.replace('-', '')) ? [1] : [1, 1000, 1800];
      for (const page of pages) problems.push(...(await problemsOfRequest(path(`ordering=${ordering}&page=${page}&page_size=25`))));
    }
    expect(problems).toEqual([]);
  });

  it('walks an index for every status filter of the invoice list, overdue included', async () => {
    const path = (query: string) => servicePath(fixture.tenantA, `invoices/?${query}`);
    const problems: string[] = [];
    for (const status of ['unpaid', 'partially_paid', 'paid', 'cancelled', 'overdue']) {
      for (const page of [1, 100]) problems.push(...(await problemsOfRequest(path(`status=${status}&page=${page}`))));
    }
    expect(problems).toEqual([]);
  });

  it('walks an index for every ordering of the customer list', async () => {
    const path = (query: string) => servicePath(fixture.tenantA, `customers/?${query}`);
    const problems: string[] = [];
    for (const ordering of ['', ...orderingsOf(customerListSpec.ordering, JOINED_ORDERINGS.customers)]) {
      for (const page of [1, 200]) problems.push(...(await problemsOfRequest(path(`ordering=${ordering}&page=${page}`))));
    }
    expect(problems).toEqual([]);
  });

  it('finds a searched customer by the trigram index, not by matching every customer of the service', async () => {
    const path = (query: string) => servicePath(fixture.tenantA, `customers/?${query}`);
    for (const search of ['C000123', 'customer 9f3', '+9615123']) {
      const indexes: string[] = [];
      const problems = await problemsOfRequest(path(`search=${encodeURIComponent(search)}`), { indexes });
      expect(problems).toEqual([]);
      // The count and the totals read the few matches from the index (migration 0019).
      expect(indexes.filter((name) => name === 'customers_search_trgm_idx').length, search).toBeGreaterThanOrEqual(2);
    }
  });

  it('walks an index for the payment list in its default order', async () => {
    const problems: string[] = [];
    for (const page of [1, 300]) problems.push(...(await problemsOfRequest(servicePath(fixture.tenantA, `payments/?page=${page}`))));
    expect(problems).toEqual([]);
  });

  it('reads the statistics from the rollups', async () => {
    const problems: string[] = [];
    for (const stats of ['stats1', 'stats2', 'stats3', 'stats4']) problems.push(...(await problemsOfRequest(`/api/statistics/${stats}/`)));
    expect(problems).toEqual([]);
  });
});
