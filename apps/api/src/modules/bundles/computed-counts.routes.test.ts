import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let admin: Client;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

async function countOf(query: ReturnType<typeof sql>): Promise<Map<number, number>> {
  const result = (await context.db.execute(query)) as unknown as { rows: { id: number; count: number }[] };
  return new Map(result.rows.map((row) => [Number(row.id), Number(row.count)]));
}

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
});
afterAll(async () => context?.close());

describe('computed counts', () => {
  it('match the real number of rows: bundles, stations, tenants', async () => {
    const bundles = [];
    for (const name of ['5 A', '10 A', '15 A', 'Unused'])
      bundles.push((await admin.post(path('bundles/'), { name, price: '10' })).json().id as number);
    const stations = [];
    for (const name of ['North', 'South', 'Empty']) stations.push((await admin.post(path('stations/'), { name })).json().id as number);
    const plan = [
      [0, 0],
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 0],
      [2, null],
    ] as const;
    const customers = [];
    for (const [index, [bundle, station]] of plan.entries()) {
      const response = await admin.post(path('customers/'), {
        full_name: `Counted ${index}`,
        bundle: bundles[bundle],
        initial_reading: '0',
        station: station === null ? null : stations[station],
      });
      expect(response.statusCode).toBe(201);
      customers.push(response.json().id as number);
    }
    // A bundle change closes one subscription and opens another: only open ones count.
    expect((await admin.put(path(`customers/${customers[0]}/`), { bundle: bundles[2], initial_reading: '0' })).statusCode).toBe(200);

    const bundleRows = (await admin.get(path('bundles/?page_size=100'))).json().results as { id: number; subscriptions_count: number }[];
    const realBundles = await countOf(
      sql`select b.id, (select count(*) from subscriptions s where s.bundle_id = b.id and s.ended_on is null)::int as count from bundles b`,
    );
    expect(bundleRows.map((row) => [row.id, row.subscriptions_count])).toEqual(bundleRows.map((row) => [row.id, realBundles.get(row.id)]));
    expect(bundles.map((id) => bundleRows.find((row) => row.id === id)?.subscriptions_count)).toEqual([2, 2, 2, 0]);
    expect((await admin.get(path(`bundles/${bundles[0]}/`))).json().subscriptions_count).toBe(realBundles.get(first(bundles)));

    const stationRows = (await admin.get(path('stations/?page_size=100'))).json().results as { id: number; customers_count: number }[];
    const realStations = await countOf(
      sql`select st.id, (select count(*) from customers c where c.station_id = st.id)::int as count from stations st`,
    );
    expect(stationRows.map((row) => [row.id, row.customers_count])).toEqual(stationRows.map((row) => [row.id, realStations.get(row.id)]));
    expect(stationRows.map((row) => row.customers_count).sort()).toEqual([0, 2, 3]);
    const withCustomers = (await admin.get(path('stations/?has_customers=true'))).json();
    expect(withCustomers.count).toBe(2);

    const superadmin = await fixture.as('superadmin');
    await admin.post('/api/auth/users/', {
      username: 'a.extra',
      password: 'long-enough-pass-1',
      role: 'collector',
      first_name: 'Extra',
      last_name: 'A',
    });
    const tenantRows = (await superadmin.get('/api/tenants/?page_size=100')).json().results as { id: number; users_count: number }[];
    const realTenants = await countOf(
      sql`select t.id, (select count(*) from users u where u.tenant_id = t.id)::int as count from tenants t`,
    );
    expect(tenantRows.map((row) => [row.id, row.users_count])).toEqual(tenantRows.map((row) => [row.id, realTenants.get(row.id)]));
  });
});
