import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { buildings, users } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';
import { countStatements } from '../../../test/statements';

/*
 * The round's whole day for the phone (docs/offline.md, "The round's day on the phone"):
 * `GET …/routes/field-data/` answers the buildings with their customers, the customers' records,
 * their open invoices and their meters, for the collector's own round only, in a fixed number of
 * statements whatever the number of customers.
 */
let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let collector: Client;
let collectorId: number;
let otherCollectorId: number;
let bundleId: number;
let secondBuilding: number;
const customer = {} as Record<'owing' | 'reader' | 'second' | 'elsewhere', number>;
const invoice = {} as Record<'owing' | 'elsewhere', number>;

const path = (rest: string) => servicePath(fixture.tenantA, rest);
const fieldData = (client: Client, query = '') => client.get(path(`routes/field-data/${query}`));

async function newCustomer(name: string, place: Record<string, unknown>) {
  const response = await admin.post(path('customers/'), { initial_reading: '0', full_name: name, bundle: bundleId, ...place });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

async function invoiceFor(customerId: number, total: string) {
  const response = await admin.post(path('invoices/'), {
    customer: customerId,
    period_start: '2026-10-01',
    period_end: '2026-10-31',
    lines: [{ description: 'Supply', quantity: '1', unit_price: total }],
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  collector = clients.collector;
  collectorId = fixture.tenantA.users.collector;
  const tenantId = fixture.tenantA.id;
  otherCollectorId = first(
    await context.db
      .insert(users)
      .values({ tenantId, username: 'a.walker2', email: 'a.walker2@example.com', passwordHash: 'x', role: 'collector' })
      .returning(),
    'a row inserted into users',
  ).id;
  secondBuilding = first(
    await context.db.insert(buildings).values({ tenantId, streetId: fixture.tenantA.streetId, name: 'Annex' }).returning(),
    'a row inserted into buildings',
  ).id;
  bundleId = (await admin.post(path('bundles/'), { name: '5 A', amperage: '5', price: '10', unit_price: '0.25' })).json().id;
  const place = { region: fixture.tenantA.regionId, street: fixture.tenantA.streetId };
  customer.owing = await newCustomer('Owing door', { ...place, building: fixture.tenantA.buildingId, floor: '1' });
  customer.reader = await newCustomer('Reader door', { ...place, building: fixture.tenantA.buildingId, floor: '2' });
  customer.second = await newCustomer('Annex door', { ...place, building: secondBuilding });
  // Without a building: not on the round (the round walks buildings), its invoice not on the phone.
  customer.elsewhere = await newCustomer('No building', { region: fixture.tenantA.regionId });
  invoice.owing = await invoiceFor(customer.owing, '40');
  invoice.elsewhere = await invoiceFor(customer.elsewhere, '15');
  await invoiceFor(customer.second, '12.50');
  expect((await admin.post(path('routes/assignments/'), { collector: collectorId, region: fixture.tenantA.regionId })).statusCode).toBe(
    201,
  );
});
afterAll(async () => context?.close());

describe("the round's day for the phone", () => {
  it('answers every building with its customers, their records, open invoices and meters', async () => {
    const response = await fieldData(collector);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.collector).toBe(collectorId);
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.buildings.map((row: { building: number }) => row.building).sort()).toEqual(
      [fixture.tenantA.buildingId, secondBuilding].sort(),
    );
    const main = body.buildings.find((row: { building: number }) => row.building === fixture.tenantA.buildingId);
    // As the building's own call answers it, floor by floor.
    expect(main).toEqual((await collector.get(path(`routes/buildings/${fixture.tenantA.buildingId}/`))).json());
    expect(main.customers.map((row: { customer: number }) => row.customer)).toEqual([customer.owing, customer.reader]);
    const ids = body.customers.map((row: { id: number }) => row.id);
    expect(ids).toEqual([customer.owing, customer.reader, customer.second]);
    // Each customer as the customer's own call answers it (balance, bundle, last reading).
    expect(body.customers[0]).toEqual((await collector.get(path(`customers/${customer.owing}/`))).json());
    expect(body.customers[0]).toMatchObject({ balance: expect.stringMatching(/^40\.0+$/), subscription: { bundle: bundleId } });
    // Open invoices of the round's customers only, each as the invoices list answers it (rate fields included).
    expect(body.open_invoices.map((row: { customer: number }) => row.customer).sort()).toEqual([customer.owing, customer.second].sort());
    const listed = (await collector.get(path(`invoices/?customer=${customer.owing}&page_size=100&ordering=issued_on,id`))).json();
    expect(body.open_invoices.find((row: { id: number }) => row.id === invoice.owing)).toEqual(listed.results[0]);
    expect(body.open_invoices[0]).toHaveProperty('exchange_rate');
    // Their meters, as the counters list answers them.
    expect(body.counters.map((row: { customer: number }) => row.customer).sort()).toEqual(
      [customer.owing, customer.reader, customer.second].sort(),
    );
    const counters = (await collector.get(path(`subscriptions/counters/?building=${fixture.tenantA.buildingId}&page_size=100`))).json();
    expect(body.counters.find((row: { customer: number }) => row.customer === customer.reader)).toEqual(
      counters.results.find((row: { customer: number }) => row.customer === customer.reader),
    );
  });

  it('drops a paid invoice from the open ones', async () => {
    const paid = await admin.put(path(`invoices/${invoice.owing}/create_payment/`), { amount: '40', method: 'cash' });
    expect(paid.statusCode).toBe(201);
    const body = (await fieldData(collector)).json();
    expect(body.open_invoices.map((row: { id: number }) => row.id)).not.toContain(invoice.owing);
    expect(body.customers[0].balance).toMatch(/^0\.0+$/);
  });

  it("gives a collector their own round only: another's is a 403, a collector without one gets an empty day", async () => {
    expect((await fieldData(collector, `?collector=${otherCollectorId}`)).statusCode).toBe(403);
    const office = await fieldData(admin, `?collector=${otherCollectorId}`);
    expect(office.statusCode).toBe(200);
    expect(office.json()).toMatchObject({ collector: otherCollectorId, buildings: [], customers: [], open_invoices: [], counters: [] });
    const named = await fieldData(admin, `?collector=${collectorId}`);
    expect(named.json().customers).toHaveLength(3);
    const unnamed = await fieldData(admin);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ code: 'collector_required' });
  });

  it("refuses another tenant's service (404) and a role without the permission (403 before 400)", async () => {
    const outsider = await fixture.as('b.collector');
    expect((await fieldData(outsider)).statusCode).toBe(404);
    expect((await outsider.get(servicePath(fixture.tenantB, 'routes/field-data/'))).json().customers).toEqual([]);
    await expectPermissions(clients, [
      { name: 'field data', allowed: ['admin', 'accountant', 'collector'], call: (client) => fieldData(client, '?date=not-a-date') },
    ]);
  });

  it('reads in a fixed number of statements whatever the number of customers', async () => {
    const before = await countStatements(() => fieldData(collector));
    expect(before.response.statusCode).toBe(200);
    const place = { region: fixture.tenantA.regionId, street: fixture.tenantA.streetId, building: secondBuilding };
    for (let index = 0; index < 6; index += 1)
      await invoiceFor(await newCustomer(`More ${index}`, { ...place, floor: String(index) }), '5');
    const after = await countStatements(() => fieldData(collector));
    expect(after.response.json().customers).toHaveLength(before.response.json().customers.length + 6);
    expect(after.statements).toBe(before.statements);
    expect(after.statements).toBeLessThanOrEqual(8);
  });
});
