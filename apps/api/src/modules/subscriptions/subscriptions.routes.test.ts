import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { meterReadings } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let collector: Client;
let bundleId: number;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

async function createMeteredCustomer(fullName: string, extra: Record<string, unknown> = {}) {
  const response = await admin.post(path('customers/'), { initial_reading: '0', full_name: fullName, bundle: bundleId, ...extra });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; subscription: { id: number } };
}

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  collector = clients.collector;
  bundleId = (await admin.post(path('bundles/'), { name: '10 A', price: '15', unit_price: '0.3' })).json().id;
});
afterAll(async () => context?.close());

describe('update-counter', () => {
  it('records readings in an append-only history and refuses a lower one', async () => {
    const customer = await createMeteredCustomer('Reader One');
    const id = customer.subscription.id;
    const first = await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '1234.5' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id,
      counter: '1234.500',
      counter_updated_by: fixture.tenantA.users.collector,
      customer: customer.id,
    });
    const arabic = await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '١٣٠٠٫٢٥' });
    expect(arabic.json()).toMatchObject({ counter: '1300.250' });
    const lower = await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '1200' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json()).toMatchObject({
      code: 'lower_reading',
      params: { value: '1200', previous: '1300.25' },
      counter: ['The new reading (1200) is lower than the previous reading (1300.25).'],
    });
    expect((await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: 'abc' })).statusCode).toBe(400);
    expect((await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '1.2345' })).statusCode).toBe(400);
    expect((await collector.put(path(`subscriptions/${id}/update-counter/`), {})).statusCode).toBe(400);

    const history = (await collector.get(path(`subscriptions/${id}/readings/`))).json();
    expect(history.count).toBe(2);
    expect(history.results[0]).toMatchObject({
      value: '1300.250',
      previous_value: '1234.500',
      kind: 'reading',
      taken_by: fixture.tenantA.users.collector,
      taken_by_name: 'collector A',
    });
    // The database itself refuses to edit history.
    await expect(context.db.update(meterReadings).set({ value: '1' }).where(eq(meterReadings.subscriptionId, id))).rejects.toThrow();
  });

  it('records a reading once per Idempotency-Key: a queued reading sent again changes nothing', async () => {
    const customer = await createMeteredCustomer('Queued Reader');
    const id = customer.subscription.id;
    const takenAt = new Date(context.clock.now().getTime() - 3600_000).toISOString();
    const key = { 'idempotency-key': 'reading-queued-1' };
    const first = await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '50', taken_at: takenAt }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ counter: '50.000', counter_updated_at: takenAt });
    const replay = await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '50', taken_at: takenAt }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await context.db.select().from(meterReadings).where(eq(meterReadings.subscriptionId, id))).toHaveLength(1);
    // The same key with another reading is another request: refused, nothing recorded.
    const reused = await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '51', taken_at: takenAt }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    // A refusal (a lower reading) is the first answer too: sent again, it is answered, not re-run.
    const lowerKey = { 'idempotency-key': 'reading-queued-lower' };
    expect((await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '40' }, lowerKey)).json()).toMatchObject({
      code: 'lower_reading',
    });
    const lowerAgain = await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '40' }, lowerKey);
    expect(lowerAgain.statusCode).toBe(400);
    expect(lowerAgain.headers['idempotent-replayed']).toBe('true');
    // Without a key a reading is simply recorded, as before.
    expect((await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '60' })).statusCode).toBe(200);
    expect(await context.db.select().from(meterReadings).where(eq(meterReadings.subscriptionId, id))).toHaveLength(2);
  });

  it('answers 409 for a closed subscription and 404 for another tenant or service', async () => {
    const customer = await createMeteredCustomer('Closing');
    await admin.put(path(`customers/${customer.id}/`), { bundle: null });
    const closed = await admin.put(path(`subscriptions/${customer.subscription.id}/update-counter/`), { counter: '5' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'subscription_closed' });

    const b = await fixture.as('b.admin');
    const bBundle = (await b.post(servicePath(fixture.tenantB, 'bundles/'), { name: 'B' })).json();
    const theirs = (
      await b.post(servicePath(fixture.tenantB, 'customers/'), { initial_reading: '0', full_name: 'Theirs', bundle: bBundle.id })
    ).json();
    expect((await admin.put(path(`subscriptions/${theirs.subscription.id}/update-counter/`), { counter: '5' })).statusCode).toBe(404);
    expect((await admin.post(path(`subscriptions/${theirs.subscription.id}/reset-counter/`), {})).statusCode).toBe(404);
    expect((await admin.get(path(`subscriptions/${theirs.subscription.id}/readings/`))).statusCode).toBe(404);
    expect((await admin.get(servicePath(fixture.tenantB, 'subscriptions/counters/'))).statusCode).toBe(404);
    const water = servicePath(fixture.tenantA, `subscriptions/${customer.subscription.id}/readings/`, 'water');
    expect((await admin.get(water)).statusCode).toBe(404);
  });
});

describe('reset-counter', () => {
  it('records the final reading then the baseline; consumption spans the segments', async () => {
    const customer = await createMeteredCustomer('Replaced Meter');
    const id = customer.subscription.id;
    await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '100' });
    const lowFinal = await admin.post(path(`subscriptions/${id}/reset-counter/`), { final_counter: '90', reason: 'new meter' });
    expect(lowFinal.statusCode).toBe(400);
    expect(lowFinal.json()).toHaveProperty('final_counter');
    const reset = await admin.post(path(`subscriptions/${id}/reset-counter/`), {
      final_counter: '150',
      counter: '0',
      reason: 'Meter replaced',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ counter: '0.000' });
    await collector.put(path(`subscriptions/${id}/update-counter/`), { counter: '30' });
    const history = (await admin.get(path(`subscriptions/${id}/readings/?ordering=id`))).json();
    expect(
      history.results.map((row: { kind: string; value: string; previous_value: string }) => [row.kind, row.value, row.previous_value]),
    ).toEqual([
      ['reading', '100.000', '0.000'],
      ['reading', '150.000', '100.000'],
      ['reset', '0.000', '150.000'],
      ['reading', '30.000', '0.000'],
    ]);
    expect((await admin.get(path(`subscriptions/${id}/readings/?kind=reset`))).json().count).toBe(1);
    const counters = (await collector.get(path(`subscriptions/counters/?search=Replaced`))).json();
    expect(counters.results).toHaveLength(1);
    // 100 + 50 before the reset, 30 after: 180, never the negative 30 - 100.
    expect(counters.results[0]).toMatchObject({
      id,
      counter: '30.000',
      previous_counter: '0.000',
      consumption: '180.000',
      bundle_name: '10 A',
    });
    // A reset without a final reading keeps the consumption as it was.
    await admin.post(path(`subscriptions/${id}/reset-counter/`), { counter: '7' });
    expect((await collector.get(path(`subscriptions/counters/?search=Replaced`))).json().results[0]).toMatchObject({
      counter: '7.000',
      consumption: '180.000',
    });
  });
});

describe('counters list', () => {
  it("finds a building's meters by filter and search, with the address and the reader", async () => {
    const inBuilding = await createMeteredCustomer('Building Tenant', {
      building: fixture.tenantA.buildingId,
      floor: '3',
      apartment: '3A',
      phone: '70123456',
    });
    await collector.put(path(`subscriptions/${inBuilding.subscription.id}/update-counter/`), { counter: '42' });
    const byBuilding = (await collector.get(path(`subscriptions/counters/?building=${fixture.tenantA.buildingId}`))).json();
    expect(byBuilding.count).toBe(1);
    expect(byBuilding.results[0]).toMatchObject({
      customer: inBuilding.id,
      customer_name: 'Building Tenant',
      building_name: 'Building a',
      street_name: 'Street a',
      region_name: 'Region a',
      floor: '3',
      apartment: '3A',
      counter: '42.000',
      counter_updated_by_name: 'collector A',
      consumption: '42.000',
    });
    expect((await collector.get(path('subscriptions/counters/?search=Building a'))).json().count).toBe(1);
    expect((await collector.get(path('subscriptions/counters/?search=70123456'))).json().count).toBe(1);
    expect((await collector.get(path(`subscriptions/counters/?region=${fixture.tenantA.regionId}`))).json().count).toBe(1);
    expect((await collector.get(path(`subscriptions/counters/?bundle=${bundleId}&ordering=-consumption`))).json().count).toBeGreaterThan(1);
    expect((await collector.get(path(`subscriptions/counters/?building=${fixture.tenantB.buildingId}`))).statusCode).toBe(400);
    const csv = await collector.get(path('subscriptions/counters/?format=csv'));
    expect(csv.body.split('\n')[0]).toContain('consumption');
  });
});

describe('permissions', () => {
  it('lets the collector read and update but not reset; support none of it', async () => {
    const customer = await createMeteredCustomer('Permission Meter');
    const id = customer.subscription.id;
    let reading = 0;
    await expectPermissions(clients, [
      {
        name: 'GET counters',
        allowed: ['admin', 'accountant', 'collector'],
        call: (client) => client.get(path('subscriptions/counters/')),
      },
      {
        name: 'GET readings',
        allowed: ['admin', 'accountant', 'collector'],
        call: (client) => client.get(path(`subscriptions/${id}/readings/`)),
      },
      {
        name: 'PUT update-counter',
        allowed: ['admin', 'accountant', 'collector'],
        call: (client) => client.put(path(`subscriptions/${id}/update-counter/`), { counter: String((reading += 10)) }),
      },
      {
        name: 'POST reset-counter',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(path(`subscriptions/${id}/reset-counter/`), { counter: '0', reason: 'test' }),
      },
    ]);
    const { n } = first(
      (
        (await context.db.execute(sql`select count(*)::int as n from audit_log where entity = 'reading'`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows,
    );
    expect(n).toBeGreaterThan(0);
  });
});
