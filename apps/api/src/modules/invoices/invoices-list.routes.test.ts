import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBillingDemo } from '../../seed/billing-demo';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';
import { selectRows } from '../../scope/codes';

let context: TestContext;
let fixture: Fixture;
let admin: Client;

const NOW = new Date('2026-11-21T10:00:00Z');
const TODAY = '2026-11-21';

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(NOW);
  fixture = await createFixture(context);
  const users = fixture.tenantA.users;
  await seedBillingDemo(context.db, {
    tenantId: fixture.tenantA.id,
    customersPerService: { Electricity: 12, Water: 2 },
    staff: { adminId: users.admin, officeIds: [users.admin], collectorId: users.collector },
    now: NOW,
  });
  admin = await fixture.as('a.admin');
});
afterAll(async () => context?.close());

const listPath = (query: string) => servicePath(fixture.tenantA, `invoices/?${query}`);

/** Every id of the list, page after page (the later pages are read from the end of the ordering). */
async function allIds(query: string, pageSize: number): Promise<{ ids: number[]; count: number }> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const response = await admin.get(listPath(`${query}&page_size=${pageSize}&page=${page}`));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    ids.push(...body.results.map((row: { id: number }) => row.id));
    if (!body.next) return { ids, count: body.count };
  }
}

async function idsInSql(condition: ReturnType<typeof sql>, orderBy: ReturnType<typeof sql>): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    context.db,
    sql`select i.id from invoices i join customers c on c.id = i.customer_id
        where i.tenant_id = ${fixture.tenantA.id} and i.service_id = ${fixture.tenantA.electricityId} and ${condition} order by ${orderBy}`,
  );
  return rows.map((row) => Number(row.id));
}

describe('invoice list at scale', () => {
  // The id that ends every ordering goes the way of the last field.
  const orderings: [string, ReturnType<typeof sql>][] = [
    ['', sql`i.issued_on desc, i.id desc`],
    ['total', sql`i.total, i.id`],
    ['-balance_due', sql`(case when i.status = 'cancelled' then 0 else i.total - i.amount_paid end) desc, i.id desc`],
    ['customer_name,-due_on', sql`c.full_name, i.due_on desc, i.id desc`],
    ['-status', sql`i.status desc, i.id desc`],
  ];

  it.each(orderings)('pages through every invoice in order %s, the last pages read from the end', async (ordering, orderBy) => {
    const expected = await idsInSql(sql`true`, orderBy);
    expect(expected.length).toBeGreaterThan(100);
    const { ids, count } = await allIds(`ordering=${ordering}`, 25);
    expect(count).toBe(expected.length);
    expect(ids).toEqual(expected);
  });

  it('counts each status and overdue exactly, and pages them in order', async () => {
    const filters: [string, ReturnType<typeof sql>][] = [
      ['paid', sql`i.status = 'paid'`],
      ['unpaid', sql`i.status = 'unpaid'`],
      ['partially_paid', sql`i.status = 'partially_paid'`],
      ['cancelled', sql`i.status = 'cancelled'`],
      ['overdue', sql`i.status in ('unpaid', 'partially_paid') and i.due_on < ${TODAY}`],
    ];
    for (const [status, condition] of filters) {
      const expected = await idsInSql(condition, sql`i.issued_on desc, i.id desc`);
      const { ids, count } = await allIds(`status=${status}`, 10);
      expect({ status, count, ids }).toEqual({ status, count: expected.length, ids: expected });
    }
  });

  it('takes the unfiltered and per-status counts from the counters the writes keep', async () => {
    const scope = sql`tenant_id = ${fixture.tenantA.id} and service_id = ${fixture.tenantA.electricityId}`;
    const before = (await admin.get(listPath('status=paid'))).json().count;
    await context.db.execute(sql`update invoice_counts set invoices = invoices + 1000 where ${scope} and status = 'paid' and slot = 0`);
    try {
      expect((await admin.get(listPath('status=paid'))).json().count).toBe(before + 1000);
      // A filter the counters do not cover counts the rows.
      expect((await admin.get(listPath(`status=paid&date_to=${TODAY}`))).json().count).toBe(before);
    } finally {
      await context.db.execute(sql`update invoice_counts set invoices = invoices - 1000 where ${scope} and status = 'paid' and slot = 0`);
    }
  });

  it('answers a page past the end with 404 and an empty search with no rows', async () => {
    const { count } = (await admin.get(listPath(''))).json();
    expect((await admin.get(listPath(`page_size=25&page=${Math.ceil(count / 25) + 1}`))).statusCode).toBe(404);
    const empty = (await admin.get(listPath('search=no-such-invoice'))).json();
    expect(empty).toMatchObject({ count: 0, count_capped: false, results: [] });
  });
});
