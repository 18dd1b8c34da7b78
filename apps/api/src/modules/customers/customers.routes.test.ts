import { eq, sql, type SQL } from 'drizzle-orm';
import { first } from '@meterline/contract/invariant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../scope/codes';
import { meterReadings, subscriptions } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, fieldsOf, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let bundleId: number;
let otherBundleId: number;
let stationId: number;

const path = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  const bundle = await admin.post(path('bundles/'), { name: '5 A', amperage: '5', price: '10', unit_price: '0.25' });
  bundleId = bundle.json().id;
  otherBundleId = (await admin.post(path('bundles/'), { name: '10 A', amperage: '10', price: '18.5', unit_price: '0.2' })).json().id;
  stationId = (await admin.post(path('stations/'), { name: 'North station', region: fixture.tenantA.regionId })).json().id;
});
afterAll(async () => context?.close());

describe('customers', () => {
  it('creates with only a name, generating a unique code and no subscription', async () => {
    const response = await admin.post(path('customers/'), { full_name: 'Rania Khoury' });
    expect(response.statusCode).toBe(201);
    const customer = response.json();
    expect(customer).toMatchObject({
      full_name: 'Rania Khoury',
      status: 'active',
      balance: '0.00',
      subscription: null,
      service: fixture.tenantA.electricityId,
    });
    expect(customer.code).toMatch(/^C-\d{6}$/);
  });

  it('opens the subscription at the opening reading 0 when a bundle is given, and fills the address parents', async () => {
    const response = await admin.post(path('customers/'), {
      full_name: 'محمد الأحمد',
      phone: '٠٣١٢٣٤٥٦',
      building: fixture.tenantA.buildingId,
      floor: '2',
      apartment: '2B',
      station: stationId,
      bundle: String(bundleId),
      initial_reading: '0',
    });
    expect(response.statusCode).toBe(201);
    const customer = response.json();
    expect(customer).toMatchObject({
      full_name: 'محمد الأحمد',
      region: fixture.tenantA.regionId,
      street: fixture.tenantA.streetId,
      building: fixture.tenantA.buildingId,
      building_name: 'Building a',
      station_name: 'North station',
      subscription: { bundle: bundleId, bundle_name: '5 A', counter: '0.000' },
    });
  });

  it('keeps codes unique per tenant (a 400 on code), but another tenant may reuse one', async () => {
    expect((await admin.post(path('customers/'), { full_name: 'One', code: 'X-1' })).statusCode).toBe(201);
    const duplicate = await admin.post(path('customers/'), { full_name: 'Two', code: 'X-1' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({
      code: 'customer_code_taken',
      errors: [{ field: 'code', message: 'A customer with this code already exists.' }],
    });
    const otherTenant = await (
      await fixture.as('b.admin')
    ).post(servicePath(fixture.tenantB, 'customers/'), { full_name: 'Other', code: 'X-1' });
    expect(otherTenant.statusCode).toBe(201);
  });

  it('validates fields DRF-style', async () => {
    const response = await admin.post(path('customers/'), { full_name: '', email: 'nope', status: 'gone' });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(['email', 'full_name', 'status']);
  });

  it('changing the bundle closes the subscription and opens one that carries the counter on', async () => {
    const created = (await admin.post(path('customers/'), { initial_reading: '0', full_name: 'Carry On', bundle: bundleId })).json();
    await context.db.update(subscriptions).set({ counter: '321.500' }).where(eq(subscriptions.id, created.subscription.id));
    const response = await admin.put(path(`customers/${created.id}/`), {
      bundle: otherBundleId,
      initial_reading: '321.5',
      notes: 'upgraded',
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated.subscription).toMatchObject({ bundle: otherBundleId, counter: '321.500' });
    expect(updated.subscription.id).not.toBe(created.subscription.id);
    expect(updated).toMatchObject({ notes: 'upgraded', full_name: 'Carry On' });
    const rows = await context.db.select().from(subscriptions).where(eq(subscriptions.customerId, created.id));
    expect(rows.filter((row) => row.endedOn === null)).toHaveLength(1);
    // null closes it; a bundle again opens a new one from the reading read when it is connected again.
    expect((await admin.put(path(`customers/${created.id}/`), { bundle: null })).json().subscription).toBeNull();
    expect(
      (await admin.put(path(`customers/${created.id}/`), { bundle: bundleId, initial_reading: '321.5' })).json().subscription,
    ).toMatchObject({
      bundle: bundleId,
      counter: '321.500',
    });
  });

  it('lists with filters, search, ordering and csv', async () => {
    await admin.post(path('customers/'), { full_name: '=HYPERLINK("x")', status: 'suspended', building: fixture.tenantA.buildingId });
    const suspended = (await admin.get(path('customers/?status=suspended'))).json();
    expect(suspended.results.map((row: { full_name: string }) => row.full_name)).toEqual(['=HYPERLINK("x")']);
    const byBundle = (await admin.get(path(`customers/?bundle=${bundleId}`))).json();
    expect(byBundle.results.every((row: { subscription: { bundle: number } }) => row.subscription.bundle === bundleId)).toBe(true);
    expect(byBundle.count).toBeGreaterThan(0);
    const byBuilding = (await admin.get(path(`customers/?building=${fixture.tenantA.buildingId}&ordering=-full_name`))).json();
    expect(byBuilding.count).toBe(2);
    expect(byBuilding.results[0].full_name).toBe('محمد الأحمد');
    const searched = (await admin.get(path('customers/?search=khoury'))).json();
    expect(searched.results.map((row: { full_name: string }) => row.full_name)).toEqual(['Rania Khoury']);
    expect((await admin.get(path('customers/?balance_due=true'))).json().count).toBe(0);
    expect((await admin.get(path('customers/?ordering=secret'))).statusCode).toBe(400);
    const page = (await admin.get(path('customers/?page_size=2&page=2'))).json();
    expect(page.results).toHaveLength(2);
    expect(page.previous).toContain('page_size=2');
    const csv = await admin.get(path('customers/?format=csv&status=suspended'));
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`'=HYPERLINK`);
  });

  it('takes the unfiltered and per-status counts from the counters the writes keep (migration 0020)', async () => {
    const scope = sql`tenant_id = ${fixture.tenantA.id} and service_id = ${fixture.tenantA.electricityId}`;
    const counted = async (condition: SQL) =>
      Number(
        first(
          await selectRows<{ n: string }>(context.db, sql`select count(*) as n from customers where ${scope} and ${condition}`),
          'count',
        ).n,
      );
    // Exact after creates, a status change and a delete made through the API.
    const made = (await admin.post(path('customers/'), { full_name: 'Counted once' })).json();
    await admin.put(path(`customers/${made.id}/`), { full_name: 'Counted once', status: 'disconnected' });
    const gone = (await admin.post(path('customers/'), { full_name: 'Counted then deleted' })).json();
    expect((await admin.delete(path(`customers/${gone.id}/`))).statusCode).toBe(204);
    expect((await admin.get(path('customers/'))).json().count).toBe(await counted(sql`true`));
    expect((await admin.get(path('customers/?status=disconnected'))).json().count).toBe(await counted(sql`status = 'disconnected'`));
    // Read from the counters, not counted: a counter moved by hand shows in the count.
    await context.db.execute(
      sql`update customer_counts set customers = customers + 1000 where ${scope} and status = 'active' and slot = (select min(slot) from customer_counts where ${scope} and status = 'active')`,
    );
    try {
      expect((await admin.get(path('customers/?status=active'))).json().count).toBe((await counted(sql`status = 'active'`)) + 1000);
      // A filter the counters do not cover counts the rows.
      expect((await admin.get(path('customers/?status=active&balance_due=false'))).json().count).toBe(
        await counted(sql`status = 'active' and balance <= 0`),
      );
    } finally {
      await context.db.execute(
        sql`update customer_counts set customers = customers - 1000 where ${scope} and status = 'active' and slot = (select min(slot) from customer_counts where ${scope} and status = 'active')`,
      );
    }
  });

  it('answers 400 on a filter id of another tenant', async () => {
    const response = await admin.get(path(`customers/?building=${fixture.tenantB.buildingId}`));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('building');
  });

  it('deletes a customer without history, protects one with readings', async () => {
    const plain = (await admin.post(path('customers/'), { initial_reading: '0', full_name: 'Short lived', bundle: bundleId })).json();
    expect((await admin.delete(path(`customers/${plain.id}/`))).statusCode).toBe(204);
    expect((await admin.get(path(`customers/${plain.id}/`))).statusCode).toBe(404);
    const metered = (await admin.post(path('customers/'), { initial_reading: '0', full_name: 'Metered', bundle: bundleId })).json();
    await context.db
      .insert(meterReadings)
      .values({ tenantId: fixture.tenantA.id, subscriptionId: metered.subscription.id, value: '5', previousValue: '0' });
    const refused = await admin.delete(path(`customers/${metered.id}/`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'protected' });
  });

  it('keeps tenants and services apart: 404 in paths, 400 in bodies', async () => {
    const b = await fixture.as('b.admin');
    const theirs = (await b.post(servicePath(fixture.tenantB, 'customers/'), { full_name: 'Theirs' })).json();
    const theirStation = (await b.post(servicePath(fixture.tenantB, 'stations/'), { name: 'Theirs' })).json();
    const theirBundle = (await b.post(servicePath(fixture.tenantB, 'bundles/'), { name: 'Theirs' })).json();
    expect((await admin.get(servicePath(fixture.tenantB, 'customers/'))).statusCode).toBe(404);
    expect((await admin.get(path(`customers/${theirs.id}/`))).statusCode).toBe(404);
    expect((await admin.put(path(`customers/${theirs.id}/`), { notes: 'x' })).statusCode).toBe(404);
    expect((await admin.delete(path(`customers/${theirs.id}/`))).statusCode).toBe(404);
    expect((await admin.get(path('customers/abc/'))).statusCode).toBe(404);
    for (const [plural, row] of [
      ['stations', theirStation],
      ['bundles', theirBundle],
    ] as const) {
      expect((await admin.get(path(`${plural}/${row.id}/`))).statusCode).toBe(404);
      expect((await admin.put(path(`${plural}/${row.id}/`), { notes: 'x', description: 'x' })).statusCode).toBe(404);
      expect((await admin.delete(path(`${plural}/${row.id}/`))).statusCode).toBe(404);
      expect((await admin.get(servicePath(fixture.tenantB, `${plural}/`))).statusCode).toBe(404);
    }
    const station = await admin.post(path('customers/'), { full_name: 'X', station: theirStation.id });
    expect(station.statusCode).toBe(400);
    expect(station.json()).toMatchObject({ station: [`Invalid pk "${theirStation.id}" - object does not exist.`] });
    expect((await admin.post(path('customers/'), { initial_reading: '0', full_name: 'X', bundle: theirBundle.id })).json()).toHaveProperty(
      'bundle',
    );
    expect((await admin.post(path('customers/'), { full_name: 'X', region: fixture.tenantB.regionId })).json()).toHaveProperty('region');
    // Another service of the same tenant: the water bundle is not an electricity bundle.
    const waterBundle = (await admin.post(path('bundles/', 'water'), { name: 'Water flat' })).json();
    expect((await admin.post(path('customers/'), { initial_reading: '0', full_name: 'X', bundle: waterBundle.id })).statusCode).toBe(400);
    const mine = (await admin.post(path('customers/'), { full_name: 'Mine' })).json();
    expect((await admin.get(path(`customers/${mine.id}/`, 'water'))).statusCode).toBe(404);
  });
});

describe('bundles', () => {
  it('keeps prices exact in the currency and unit prices to 6 decimals', async () => {
    const response = await admin.post(path('bundles/'), { name: '15 A', amperage: '15', price: '٢٥.٥', unit_price: '0.123456' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ price: '25.50', unit_price: '0.123456', amperage: '15.00', is_active: true });
    expect((await admin.post(path('bundles/'), { name: 'Bad', price: '1.234' })).json()).toMatchObject({
      price: ['Ensure that there are no more than 2 decimal places.'],
      code: 'decimal_places',
    });
    expect((await admin.post(path('bundles/'), { name: 'Bad', unit_price: '0.1234567' })).statusCode).toBe(400);
    expect((await admin.post(path('bundles/'), { name: 'Bad', price: '-1' })).statusCode).toBe(400);
    expect((await admin.post(path('bundles/'), { name: 'Bad', price: 'abc' })).statusCode).toBe(400);
    const updated = await admin.put(path(`bundles/${response.json().id}/`), { price: '30' });
    expect(updated.json()).toMatchObject({ price: '30.00', unit_price: '0.123456', name: '15 A' });
  });

  it('protects a bundle with subscriptions; deletes an unused one', async () => {
    const refused = await admin.delete(path(`bundles/${bundleId}/`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'protected' });
    const unused = (await admin.post(path('bundles/'), { name: 'Unused' })).json();
    expect((await admin.delete(path(`bundles/${unused.id}/`))).statusCode).toBe(204);
  });

  it('refuses an inactive bundle for a new subscription', async () => {
    const inactive = (await admin.post(path('bundles/'), { name: 'Old tariff', is_active: false })).json();
    expect((await admin.post(path('customers/'), { initial_reading: '0', full_name: 'X', bundle: inactive.id })).json()).toMatchObject({
      bundle: ['This bundle is not active.'],
      code: 'bundle_inactive',
    });
    expect((await admin.get(path('bundles/?is_active=false'))).json().results.map((row: { name: string }) => row.name)).toContain(
      'Old tariff',
    );
  });
});

describe('stations', () => {
  it('generates a code, checks the address and protects a used station', async () => {
    const created = await admin.post(path('stations/'), {
      name: 'South',
      capacity: '120.5',
      latitude: '33.89',
      longitude: '35.5',
      status: 'maintenance',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      code: expect.stringMatching(/^ST-\d{6}$/),
      capacity: '120.500',
      latitude: '33.890000',
      status: 'maintenance',
      customers_count: 0,
    });
    expect((await admin.post(path('stations/'), { name: 'X', code: created.json().code })).json()).toMatchObject({
      code: 'station_code_taken',
      errors: [{ field: 'code', code: 'station_code_taken', message: 'A station with this code already exists.' }],
    });
    expect((await admin.post(path('stations/'), { name: 'X', latitude: '91' })).statusCode).toBe(400);
    expect((await admin.post(path('stations/'), { name: 'X', status: 'exploded' })).statusCode).toBe(400);
    expect((await admin.delete(path(`stations/${stationId}/`))).json()).toMatchObject({ code: 'protected' });
    expect((await admin.delete(path(`stations/${created.json().id}/`))).statusCode).toBe(204);
    const listed = (await admin.get(path('stations/?ordering=-customers_count'))).json();
    expect(listed.results[0]).toMatchObject({ id: stationId, customers_count: 1 });
  });
});

describe('permissions', () => {
  it('follows the rule table for every role on every route', async () => {
    const customer = (await admin.post(path('customers/'), { full_name: 'Matrix' })).json();
    let counter = 0;
    const name = () => `Matrix ${(counter += 1)}`;
    const crud = (
      plural: string,
      subject: string,
      listRoles: readonly RoleUnderTest[],
      writeRoles: readonly RoleUnderTest[],
      id: number,
    ) => [
      { name: `GET ${plural}`, allowed: listRoles, call: (client: Client) => client.get(path(`${plural}/`)) },
      { name: `GET ${plural} csv`, allowed: listRoles, call: (client: Client) => client.get(path(`${plural}/?format=csv`)) },
      { name: `GET ${plural}/id`, allowed: listRoles, call: (client: Client) => client.get(path(`${plural}/${id}/`)) },
      {
        name: `POST ${plural}`,
        allowed: writeRoles,
        call: (client: Client) => client.post(path(`${plural}/`), subject === 'customer' ? { full_name: name() } : { name: name() }),
      },
      {
        name: `PUT ${plural}/id`,
        allowed: writeRoles,
        call: (client: Client) => client.put(path(`${plural}/${id}/`), { notes: 'x', description: 'x' }),
      },
      { name: `DELETE ${plural}/id`, allowed: writeRoles, call: (client: Client) => client.delete(path(`${plural}/999999/`)) },
    ];
    await expectPermissions(clients, [
      ...crud('customers', 'customer', ['admin', 'accountant', 'support', 'collector'], ['admin', 'accountant'], customer.id),
      ...crud('bundles', 'bundle', ['admin', 'accountant'], ['admin'], bundleId),
      ...crud('stations', 'station', ['admin', 'accountant'], ['admin'], stationId),
    ]);
  });
});
