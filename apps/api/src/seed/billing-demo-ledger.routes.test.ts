import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../test/harness';
import { expectMoneyInvariants, servicePath } from '../../test/billing';
import { findUnpricedMonths } from '../modules/invoices/pricing.repository';
import { seedBillingDemo } from './billing-demo';

/**
 * The demo's history is one the engine itself would have made (docs/billing.md): its invoices
 * recorded the units they billed, so billing this month prices only what was read since, in the
 * months it was consumed (the end of October and November), never again a month already billed.
 */
const NOW = new Date('2026-11-20T10:00:00Z');
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let timeZone = 'UTC';

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await context.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(NOW);
  fixture = await createFixture(context);
  const users = fixture.tenantA.users;
  await seedBillingDemo(context.db, {
    tenantId: fixture.tenantA.id,
    customersPerService: { Electricity: 40, Water: 4 },
    staff: { adminId: users.admin, officeIds: [users.admin], collectorId: users.collector },
    now: NOW,
    withTariffs: true,
  });
  admin = await fixture.as('a.admin');
  timeZone = (await admin.get('/api/config/')).json().timezone;
});
afterAll(async () => context?.close());

describe('the demo history and the consumption ledger', () => {
  it('leaves open only what was read since the last invoices: the end of October and November', async () => {
    const electricity = fixture.tenantA.electricityId;
    const open = await findUnpricedMonths(context.db, fixture.tenantA.id, { serviceId: electricity }, timeZone);
    expect(open.length).toBeGreaterThan(0);
    expect(open.filter((row) => !(Number(row.delta) > 0))).toEqual([]);
    expect([...new Set(open.map((row) => row.month))].sort()).toEqual(['2026-10', '2026-11']);
    // Every demo meter invoice records the last reading it billed.
    const [missing] = await rows<{ count: number }>(
      sql`select count(*)::int as count from invoices where tenant_id = ${fixture.tenantA.id} and consumption is not null and last_reading_id is null`,
    );
    expect(missing?.count).toBe(0);
  });

  it('bills November for every meter in the months it was consumed, and then no month is open', async () => {
    const subscriptions = await rows<{ id: number }>(
      sql`select s.id from subscriptions s join customers c on c.id = s.customer_id
          where s.tenant_id = ${fixture.tenantA.id} and s.service_id = ${fixture.tenantA.electricityId} and s.ended_on is null
            and c.status = 'active' order by s.id`,
    );
    expect(subscriptions.length).toBeGreaterThan(30);
    const months = new Set<string>();
    for (const { id } of subscriptions) {
      const response = await admin.post(servicePath(fixture.tenantA, 'invoices/'), {
        subscription: id,
        period_start: '2026-11-01',
        period_end: '2026-11-20',
      });
      expect(response.statusCode, response.body).toBe(201);
      for (const line of response.json().lines as { pricing: { month: string } | null }[]) if (line.pricing) months.add(line.pricing.month);
    }
    // 13 months before the ledger (every reading since the meter was installed, priced again).
    expect([...months].sort()).toEqual(['2026-10', '2026-11']);
    const open = await findUnpricedMonths(context.db, fixture.tenantA.id, { serviceId: fixture.tenantA.electricityId }, timeZone);
    const billed = new Set(subscriptions.map((row) => Number(row.id)));
    expect(open.filter((row) => billed.has(row.subscriptionId))).toEqual([]);
    await expectMoneyInvariants(context.db, { audits: false });
  });
});
