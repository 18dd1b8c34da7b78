import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first, nth } from '@meterline/contract/invariant';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { backdateSubscriptions, expectMoneyInvariants, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let collector: Client;
let bundleId: number;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

async function meteredCustomer(fullName: string) {
  const response = await admin.post(path('customers/'), { initial_reading: '0', full_name: fullName, bundle: bundleId });
  expect(response.statusCode).toBe(201);
  const customer = response.json() as { id: number; subscription: { id: number } };
  await backdateSubscriptions(context.db, customer.id);
  return customer;
}

const read = (client: Client, subscription: number, counter: string, extra: Record<string, unknown> = {}) =>
  client.put(path(`subscriptions/${subscription}/update-counter/`), { counter, ...extra });
const history = async (subscription: number) =>
  (await admin.get(path(`subscriptions/${subscription}/readings/`))).json().results as Record<string, unknown>[];
const voidReading = (client: Client, subscription: number, reading: unknown, reason = 'typo') =>
  client.post(path(`subscriptions/${subscription}/readings/${reading}/void/`), { reason });

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-03T09:00:00Z'));
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  collector = clients.collector;
  bundleId = (await admin.post(path('bundles/'), { name: '10 A', price: '15', unit_price: '0.3' })).json().id;
});
afterAll(async () => context?.close());

describe('voiding a reading', () => {
  it('sets the typo aside, keeps it in the history, and bills the corrected reading', async () => {
    const customer = await meteredCustomer('Typo Customer');
    const id = customer.subscription.id;
    expect((await read(admin, id, '100')).statusCode).toBe(200);
    context.clock.advance(3600);
    expect((await read(admin, id, '99999999999.999')).json()).toMatchObject({ counter: '99999999999.999' });
    const typo = first(await history(id));

    const voided = await voidReading(clients.accountant, id, typo.id, 'typed two extra digits');
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({
      id: typo.id,
      value: '99999999999.999',
      voided_at: '2026-11-03T10:00:00.000Z',
      voided_by: fixture.tenantA.users.accountant,
      voided_by_name: 'accountant A',
      void_reason: 'typed two extra digits',
    });
    const counters = (await admin.get(path('subscriptions/counters/?search=Typo'))).json().results;
    expect(counters[0]).toMatchObject({ counter: '100.000', consumption: '100.000', previous_counter: '0.000' });
    const listed = await history(id);
    expect(listed.map((row) => [row.value, row.void_reason])).toEqual([
      ['99999999999.999', 'typed two extra digits'],
      ['100.000', null],
    ]);
    expect((await voidReading(admin, id, typo.id)).json()).toMatchObject({ code: 'reading_already_voided' });

    // The correct reading is compared with 100, not with the typo.
    const corrected = await read(admin, id, '123.45');
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ counter: '123.450' });
    const invoice = await admin.post(path('invoices/'), { subscription: id, period_start: '2026-11-01', period_end: '2026-11-30' });
    expect(invoice.statusCode).toBe(201);
    // 123.45 kWh x 0.3 = 37.035 -> 37.04, plus the 15.00 monthly fee (the whole month: a shorter period is prorated).
    expect(invoice.json()).toMatchObject({ consumption: '123.450', current_reading: '123.450', total: '52.04' });
    expect(invoice.json().readings.map((row: { value: string }) => row.value)).toEqual(['100.000', '123.450']);

    // A billed reading cannot be voided; cancelling the invoice frees it.
    const billed = await voidReading(admin, id, first(await history(id)).id);
    expect(billed.statusCode).toBe(409);
    expect(billed.json()).toMatchObject({ code: 'reading_billed', params: { number: invoice.json().number } });
    expect(billed.json().detail).toContain(invoice.json().number);
    expect((await admin.post(path(`invoices/${invoice.json().id}/cancel/`), { reason: 'reading wrong' })).statusCode).toBe(200);
    expect((await voidReading(admin, id, first(await history(id)).id)).statusCode).toBe(200);
    expect((await admin.get(path('subscriptions/counters/?search=Typo'))).json().results[0]).toMatchObject({
      counter: '100.000',
      consumption: '100.000',
    });
    await expectMoneyInvariants(context.db);
  });

  it('voids only the latest live reading', async () => {
    const customer = await meteredCustomer('Two Readings');
    const id = customer.subscription.id;
    await read(admin, id, '10');
    await read(admin, id, '20');
    const readings = await history(id);
    const [latest, earliest] = [first(readings), nth(readings, 1)];
    const earlier = await voidReading(admin, id, earliest.id);
    expect(earlier.statusCode).toBe(409);
    expect(earlier.json()).toMatchObject({ code: 'reading_not_latest' });
    expect((await voidReading(admin, id, latest.id)).statusCode).toBe(200);
    expect((await voidReading(admin, id, earliest.id)).statusCode).toBe(200);
    expect((await admin.get(path('subscriptions/counters/?search=Two Readings'))).json().results[0]).toMatchObject({
      counter: '0.000',
      consumption: '0.000',
    });
    expect((await voidReading(admin, id, 999999)).statusCode).toBe(404);
    expect((await admin.post(path(`subscriptions/${id}/readings/${earliest.id}/void/`), { reason: '' })).statusCode).toBe(400);
  });

  it('lets a collector void only a reading they took today; support never', async () => {
    const customer = await meteredCustomer('Collector Round');
    const id = customer.subscription.id;
    await read(admin, id, '5');
    const adminReading = first(await history(id));
    const notTheirs = await voidReading(collector, id, adminReading.id);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ code: 'reading_void_not_allowed' });
    expect((await voidReading(clients.support, id, adminReading.id)).statusCode).toBe(403);
    expect((await voidReading(clients.superadmin, id, adminReading.id)).statusCode).toBe(403);

    await read(collector, id, '7');
    const theirs = first(await history(id));
    expect((await voidReading(collector, id, theirs.id)).statusCode).toBe(200);
    await read(collector, id, '8');
    const yesterday = first(await history(id));
    context.clock.advance(24 * 3600);
    expect((await voidReading(collector, id, yesterday.id)).json()).toMatchObject({ code: 'reading_void_not_allowed' });
    expect((await voidReading(admin, id, yesterday.id)).statusCode).toBe(200);
  });

  it('answers 404 for a reading of another subscription or tenant', async () => {
    const one = await meteredCustomer('Reading Owner');
    const other = await meteredCustomer('Other Owner');
    await read(admin, one.subscription.id, '3');
    const reading = first(await history(one.subscription.id));
    expect((await voidReading(admin, other.subscription.id, reading.id)).statusCode).toBe(404);
    const b = await fixture.as('b.admin');
    expect(
      (await b.post(servicePath(fixture.tenantB, `subscriptions/${one.subscription.id}/readings/${reading.id}/void/`), { reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});
