import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { auditLog, buildings, regions, routeVisits, stations, streets, users } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let collector: Client;
let collectorId: number;
let otherCollectorId: number;
const ids = {} as Record<'north' | 'south' | 'b1' | 'b2' | 'b10' | 's10' | 'harbour' | 'unassigned' | 'station' | 'bundle', number>; // filled in beforeAll
const customer = {} as Record<
  'meterOnly' | 'owing' | 'settled' | 'partial' | 'b1' | 'b10' | 'tower' | 'byStation' | 'elsewhere' | 'noBuilding',
  number
>; // filled in beforeAll

const path = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);

async function building(streetId: number, name: string) {
  const row = first(
    await context.db.insert(buildings).values({ tenantId: fixture.tenantA.id, streetId, name }).returning(),
    'a row inserted into buildings',
  );
  return row.id;
}

async function newCustomer(name: string, place: Record<string, unknown>, withMeter = true) {
  const response = await admin.post(path('customers/'), {
    initial_reading: '0',
    full_name: name,
    ...place,
    ...(withMeter ? { bundle: ids.bundle } : {}),
  });
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

const round = async (client: Client, query = '') => client.get(path(`routes/?page_size=100${query}`));
const buildingOf = async (client: Client, buildingId: number, query = '') => client.get(path(`routes/buildings/${buildingId}/${query}`));
const customerIn = async (buildingId: number, customerId: number) =>
  (await buildingOf(collector, buildingId)).json().customers.find((row: { customer: number }) => row.customer === customerId);

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  collector = clients.collector;
  collectorId = fixture.tenantA.users.collector;
  const other = first(
    await context.db
      .insert(users)
      .values({
        tenantId: fixture.tenantA.id,
        username: 'a.collector2',
        email: 'a.collector2@example.com',
        passwordHash: 'x',
        role: 'collector',
        firstName: 'Second',
        lastName: 'Collector',
      })
      .returning(),
    'a row inserted into users',
  );
  otherCollectorId = other.id;
  const tenantId = fixture.tenantA.id;
  const north = first(await context.db.insert(regions).values({ tenantId, name: 'North' }).returning(), 'a row inserted into regions');
  const south = first(await context.db.insert(regions).values({ tenantId, name: 'South' }).returning(), 'a row inserted into regions');
  const street2 = first(
    await context.db.insert(streets).values({ tenantId, regionId: north.id, name: 'Street 2' }).returning(),
    'a row inserted into streets',
  );
  const street10 = first(
    await context.db.insert(streets).values({ tenantId, regionId: north.id, name: 'Street 10' }).returning(),
    'a row inserted into streets',
  );
  const southStreet = first(
    await context.db.insert(streets).values({ tenantId, regionId: south.id, name: 'Harbour road' }).returning(),
    'a row inserted into streets',
  );
  ids.north = north.id;
  ids.south = south.id;
  ids.b10 = await building(street2.id, 'Building 10');
  ids.b2 = await building(street2.id, 'Building 2');
  ids.b1 = await building(street2.id, 'Building 1');
  ids.s10 = await building(street10.id, 'Tower');
  ids.harbour = await building(southStreet.id, 'Dock 4');
  ids.unassigned = await building(southStreet.id, 'Dock 5');
  const station = first(
    await context.db
      .insert(stations)
      .values({ tenantId, serviceId: fixture.tenantA.electricityId, name: 'Harbour station', code: 'HS-1' })
      .returning(),
    'a row inserted into stations',
  );
  ids.station = station.id;
  ids.bundle = (await admin.post(path('bundles/'), { name: '5 A', amperage: '5', price: '10', unit_price: '0.25' })).json().id;

  const north2 = { region: north.id, street: street2.id };
  customer.meterOnly = await newCustomer('Meter only', { ...north2, building: ids.b2, floor: '2', apartment: '1' });
  customer.owing = await newCustomer('Owing', { ...north2, building: ids.b2, floor: '1', apartment: '2' });
  customer.settled = await newCustomer('Settled', { ...north2, building: ids.b2, floor: '10', apartment: '1' }, false);
  customer.partial = await newCustomer('Partial payer', { ...north2, building: ids.b2, floor: '3', apartment: '1' });
  customer.b1 = await newCustomer('First building', { ...north2, building: ids.b1 });
  customer.b10 = await newCustomer('Tenth building', { ...north2, building: ids.b10 });
  customer.tower = await newCustomer('Tower', { region: north.id, street: street10.id, building: ids.s10 });
  customer.byStation = await newCustomer('By station', {
    region: south.id,
    street: southStreet.id,
    building: ids.harbour,
    station: station.id,
  });
  customer.elsewhere = await newCustomer('Not on round', { region: south.id, street: southStreet.id, building: ids.unassigned });
  customer.noBuilding = await newCustomer('No building', { region: north.id });
  await invoiceFor(customer.owing, '40');
  await invoiceFor(customer.partial, '30');

  expect((await admin.post(path('routes/assignments/'), { collector: collectorId, region: north.id })).statusCode).toBe(201);
  expect((await admin.post(path('routes/assignments/'), { collector: collectorId, station: station.id })).statusCode).toBe(201);
});
afterAll(async () => context?.close());

describe('the round of a day', () => {
  it("lists the buildings of the collector's regions and stations in street and building order, numbers compared as numbers", async () => {
    const response = await round(collector);
    expect(response.statusCode).toBe(200);
    const names = response
      .json()
      .results.map((stop: { street_name: string; building_name: string }) => `${stop.street_name} / ${stop.building_name}`);
    expect(names).toEqual([
      'Street 2 / Building 1',
      'Street 2 / Building 2',
      'Street 2 / Building 10',
      'Street 10 / Tower',
      'Harbour road / Dock 4',
    ]);
    expect(response.json().count).toBe(5);
    const reversed = (await round(collector, '&ordering=-route'))
      .json()
      .results.map((stop: { building_name: string }) => stop.building_name);
    expect(reversed).toEqual(['Dock 4', 'Tower', 'Building 10', 'Building 2', 'Building 1']);
  });

  it('pages the buildings like every list', async () => {
    const first = (await collector.get(path('routes/?page_size=2'))).json();
    expect(first.count).toBe(5);
    expect(first.results.map((stop: { building_name: string }) => stop.building_name)).toEqual(['Building 1', 'Building 2']);
    expect(first.next).toContain('page=2');
    const third = (await collector.get(path('routes/?page_size=2&page=3'))).json();
    expect(third.results.map((stop: { building_name: string }) => stop.building_name)).toEqual(['Dock 4']);
  });

  it('says per customer what to do: read the meters not read this month, collect balances due', async () => {
    const response = await buildingOf(collector, ids.b2);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ building_name: 'Building 2', street_name: 'Street 2', region_name: 'North', collector: collectorId });
    // Floor by floor, numbers as numbers (10 after 3).
    expect(body.customers.map((row: { customer_name: string }) => row.customer_name)).toEqual([
      'Owing',
      'Meter only',
      'Partial payer',
      'Settled',
    ]);
    const byName = Object.fromEntries(body.customers.map((row: { customer_name: string }) => [row.customer_name, row]));
    expect(byName['Meter only']).toMatchObject({
      to_read: true,
      read: false,
      to_collect: false,
      balance: '0.00',
      is_done: false,
      payment: null,
      outcome: null,
    });
    expect(byName.Owing).toMatchObject({ to_read: true, to_collect: true, balance: '40.00', is_done: false });
    expect(byName.Settled).toMatchObject({ subscription: null, to_read: false, to_collect: false, is_done: true });
    expect(body.progress).toMatchObject({
      customers: 4,
      done: 1,
      to_read: 3,
      read: 0,
      to_collect: 2,
      paid: 0,
      partly_paid: 0,
      absent: 0,
      refused: 0,
      amount_due: '70.00',
    });
  });

  it('keeps other buildings, other collectors and customers without a building off the round', async () => {
    expect((await buildingOf(collector, ids.unassigned)).statusCode).toBe(404);
    const all = (await round(collector)).json().results.flatMap((stop: { building: number }) => stop.building);
    expect(all).not.toContain(ids.unassigned);
    const other = await round(admin, `&collector=${otherCollectorId}`);
    expect(other.statusCode).toBe(200);
    expect(other.json().count).toBe(0);
  });

  it('shows progress after readings, payments and visits', async () => {
    const meter = (await customerIn(ids.b2, customer.meterOnly)).subscription;
    const first = await collector.put(path(`subscriptions/${meter}/update-counter/`), { counter: '12', confirm_unusual: true });
    expect(first.statusCode, first.body).toBe(200);
    const owingMeter = (await customerIn(ids.b2, customer.owing)).subscription;
    expect(
      (await collector.put(path(`subscriptions/${owingMeter}/update-counter/`), { counter: '7.5', confirm_unusual: true })).statusCode,
    ).toBe(200);
    const owingInvoice = (await admin.get(path(`invoices/?customer=${customer.owing}`))).json().results[0].id;
    expect((await clients.accountant.put(path(`invoices/${owingInvoice}/create_payment/`), { amount: '40' })).statusCode).toBe(201);
    const partialInvoice = (await admin.get(path(`invoices/?customer=${customer.partial}`))).json().results[0].id;
    expect((await clients.accountant.put(path(`invoices/${partialInvoice}/create_payment/`), { amount: '10' })).statusCode).toBe(201);
    const visit = await collector.post(path('routes/visits/'), { customer: customer.partial, outcome: 'absent', note: 'Back at six' });
    expect(visit.statusCode).toBe(201);

    const body = (await buildingOf(collector, ids.b2)).json();
    const byName = Object.fromEntries(body.customers.map((row: { customer_name: string }) => [row.customer_name, row]));
    expect(byName['Meter only']).toMatchObject({ read: true, to_read: false, counter: '12.000', is_done: true });
    expect(byName.Owing).toMatchObject({
      read: true,
      to_read: false,
      payment: 'paid',
      paid_today: '40.00',
      to_collect: false,
      balance: '0.00',
      is_done: true,
    });
    expect(byName['Partial payer']).toMatchObject({
      payment: 'partly_paid',
      paid_today: '10.00',
      balance: '20.00',
      to_collect: false,
      to_read: true,
      outcome: 'absent',
      note: 'Back at six',
      is_done: true,
    });
    expect(body.progress).toMatchObject({
      customers: 4,
      done: 4,
      to_read: 1,
      read: 2,
      to_collect: 0,
      paid: 1,
      partly_paid: 1,
      absent: 1,
      refused: 0,
      amount_due: '20.00',
    });
    const stop = (await round(collector)).json().results.find((row: { building: number }) => row.building === ids.b2);
    expect(stop.progress).toEqual(body.progress);

    // The last visit of the day counts; another day shows none of today's work.
    await collector.post(path('routes/visits/'), { customer: customer.partial, outcome: 'refused' });
    expect(await customerIn(ids.b2, customer.partial)).toMatchObject({ outcome: 'refused', note: '' });
    const tomorrow = new Date(context.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const later = (await buildingOf(collector, ids.b2, `?date=${tomorrow}`)).json();
    expect(later.date).toBe(tomorrow);
    const partialLater = later.customers.find((row: { customer: number }) => row.customer === customer.partial);
    expect(partialLater).toMatchObject({ outcome: null, payment: null, to_collect: true });
  });

  it('records a visit append-only, audited, with who and when', async () => {
    const response = await collector.post(path('routes/visits/'), { customer: customer.tower, outcome: 'no_access', note: 'Gate locked' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      customer: customer.tower,
      outcome: 'no_access',
      note: 'Gate locked',
      visited_by: collectorId,
      visited_by_name: 'collector A',
    });
    const id = response.json().id;
    const [audit] = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'route_visit'), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({ action: 'create', actorId: collectorId });
    await expect(context.db.update(routeVisits).set({ outcome: 'refused' }).where(eq(routeVisits.id, id))).rejects.toThrow();
  });

  it('refuses a visit off the round, of another service or tenant, or with an unknown outcome', async () => {
    const off = await collector.post(path('routes/visits/'), { customer: customer.elsewhere, outcome: 'absent' });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ code: 'not_on_round' });
    // The office records a visit at any customer of the service.
    expect((await admin.post(path('routes/visits/'), { customer: customer.elsewhere, outcome: 'absent' })).statusCode).toBe(201);
    const waterCustomer = (await admin.post(path('customers/', 'water'), { full_name: 'Water only' })).json().id;
    const otherService = await admin.post(path('routes/visits/'), { customer: waterCustomer, outcome: 'absent' });
    expect(otherService.statusCode).toBe(400);
    expect(otherService.json().customer).toHaveLength(1);
    const b = await fixture.as('b.admin');
    const crossTenant = await b.post(servicePath(fixture.tenantB, 'routes/visits/'), { customer: customer.owing, outcome: 'absent' });
    expect(crossTenant.statusCode).toBe(400);
    expect(crossTenant.json().customer).toHaveLength(1);
    const bad = await collector.post(path('routes/visits/'), { customer: customer.owing, outcome: 'asleep' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toContain('outcome');
  });

  it('gives a collector their own round only; the office names a collector', async () => {
    expect((await round(collector, `&collector=${otherCollectorId}`)).statusCode).toBe(403);
    expect((await round(collector, `&collector=${collectorId}`)).statusCode).toBe(200);
    const missing = await round(admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'collector_required' });
    const notCollector = await round(admin, `&collector=${fixture.tenantA.users.accountant}`);
    expect(notCollector.json()).toMatchObject({ code: 'not_a_collector' });
    expect((await round(admin, `&collector=${fixture.tenantB.users.collector}`)).statusCode).toBe(400);
    expect((await round(clients.accountant, `&collector=${collectorId}`)).json().count).toBe(5);
    expect((await round(collector, '&date=2026-02-30')).statusCode).toBe(400);
  });

  it("answers 404 for another tenant's service and buildings", async () => {
    const b = await fixture.as('b.admin');
    expect((await b.get(path(`routes/?collector=${fixture.tenantB.users.collector}`))).statusCode).toBe(404);
    expect(
      (await b.get(servicePath(fixture.tenantB, `routes/buildings/${ids.b2}/?collector=${fixture.tenantB.users.collector}`))).statusCode,
    ).toBe(404);
    const bCollector = await fixture.as('b.collector');
    expect((await bCollector.get(servicePath(fixture.tenantB, `routes/buildings/${ids.b2}/`))).statusCode).toBe(404);
    expect((await bCollector.get(servicePath(fixture.tenantB, 'routes/'))).json().count).toBe(0);
  });
});

describe('assignments', () => {
  it('lists the regions and stations of each collector with names', async () => {
    const response = await admin.get(path(`routes/assignments/?collector=${collectorId}`));
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      expect.objectContaining({
        collector: collectorId,
        collector_name: 'collector A',
        region: ids.north,
        region_name: 'North',
        station: null,
        station_name: null,
      }),
      expect.objectContaining({ collector: collectorId, region: null, station: ids.station, station_name: 'Harbour station' }),
    ]);
  });

  it('takes exactly one of region and station, a collector, and each once', async () => {
    const both = await admin.post(path('routes/assignments/'), { collector: otherCollectorId, region: ids.south, station: ids.station });
    expect(both.json()).toMatchObject({ code: 'region_or_station' });
    const neither = await admin.post(path('routes/assignments/'), { collector: otherCollectorId });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ code: 'region_or_station' });
    const notCollector = await admin.post(path('routes/assignments/'), { collector: fixture.tenantA.users.support, region: ids.south });
    expect(notCollector.json()).toMatchObject({ code: 'not_a_collector' });
    const again = await admin.post(path('routes/assignments/'), { collector: collectorId, region: ids.north });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'route_already_assigned' });
  });

  it('refuses regions, stations and collectors of another tenant or service as if they did not exist', async () => {
    const b = await fixture.as('b.admin');
    const region = await b.post(servicePath(fixture.tenantB, 'routes/assignments/'), {
      collector: fixture.tenantB.users.collector,
      region: ids.north,
    });
    expect(region.statusCode).toBe(400);
    expect(region.json().region).toHaveLength(1);
    const station = await b.post(servicePath(fixture.tenantB, 'routes/assignments/'), {
      collector: fixture.tenantB.users.collector,
      station: ids.station,
    });
    expect(station.json().station).toHaveLength(1);
    const collectorOfA = await b.post(servicePath(fixture.tenantB, 'routes/assignments/'), {
      collector: collectorId,
      region: fixture.tenantB.regionId,
    });
    expect(collectorOfA.json().collector).toHaveLength(1);
    const water = await admin.post(path('routes/assignments/', 'water'), { collector: collectorId, station: ids.station });
    expect(water.json().station).toHaveLength(1);
    const mine = (await admin.get(path('routes/assignments/'))).json().results[0].id;
    expect((await b.delete(servicePath(fixture.tenantB, `routes/assignments/${mine}/`))).statusCode).toBe(404);
    expect((await b.get(servicePath(fixture.tenantB, 'routes/assignments/'))).json().count).toBe(0);
  });

  it('an assignment taken back takes its buildings off the round, audited', async () => {
    const created = await admin.post(path('routes/assignments/'), { collector: otherCollectorId, region: ids.south });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(
      (await round(admin, `&collector=${otherCollectorId}`)).json().results.map((stop: { building_name: string }) => stop.building_name),
    ).toEqual(['Dock 4', 'Dock 5']);
    expect((await admin.delete(path(`routes/assignments/${id}/`))).statusCode).toBe(204);
    expect((await round(admin, `&collector=${otherCollectorId}`)).json().count).toBe(0);
    const audits = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'route_assignment'), eq(auditLog.entityId, String(id))));
    expect(audits.map((row) => row.action).sort()).toEqual(['create', 'delete']);
  });

  it('admins assign, accountants read; collectors read and write their round; support neither', async () => {
    await expectPermissions(clients, [
      {
        name: 'round',
        allowed: ['admin', 'accountant', 'collector'],
        call: (client) => client.get(path(`routes/?collector=${collectorId}`)),
      },
      {
        name: 'building',
        allowed: ['admin', 'accountant', 'collector'],
        call: (client) => client.get(path(`routes/buildings/${ids.b2}/?collector=${collectorId}`)),
      },
      {
        name: 'visit',
        allowed: ['admin', 'accountant', 'collector'],
        call: (client) => client.post(path('routes/visits/'), { customer: customer.tower, outcome: 'absent' }),
      },
      { name: 'list assignments', allowed: ['admin', 'accountant'], call: (client) => client.get(path('routes/assignments/')) },
      {
        name: 'assign',
        allowed: ['admin'],
        call: (client) => client.post(path('routes/assignments/'), { collector: collectorId, region: ids.north }),
      },
      { name: 'take back', allowed: ['admin'], call: (client) => client.delete(path('routes/assignments/999999/')) },
    ]);
  });
});
