import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services, settings } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;

const path = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);
const HOUR = 3600;

async function customerOn(bundle: Record<string, unknown>, service: 'electricity' | 'water' = 'electricity') {
  const bundleId = (await admin.post(path('bundles/', service), { price: '10', unit_price: '0.2', ...bundle })).json().id;
  const customer = (
    await admin.post(path('customers/', service), { initial_reading: '0', full_name: `On ${String(bundle.name)}`, bundle: bundleId })
  ).json();
  return customer.subscription.id as number;
}

const read = (subscription: number, body: Record<string, unknown>, client = admin, service: 'electricity' | 'water' = 'electricity') =>
  client.put(path(`subscriptions/${subscription}/update-counter/`, service), body);

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-20T08:00:00Z'));
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
});
afterAll(async () => context?.close());

describe('implausible readings', () => {
  it('refuses more than amperage x voltage x hours (+10 %) unless confirmed', async () => {
    const id = await customerOn({ name: '10 A', amperage: '10' });
    // A first reading now: the limit then counts from it (before it, from the start of the start date).
    expect((await read(id, { counter: '0' })).statusCode).toBe(200);
    context.clock.advance(HOUR);
    // 10 A x 230 V x 1 h / 1000 x 1.1 = 2.53 kWh.
    const refused = await read(id, { counter: '3' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      counter: [
        'This reading means a consumption of 3 kWh, more than the meter can draw since the previous reading (2.53 kWh). Check it, or confirm it is unusual.',
      ],
      code: 'reading_implausible',
      params: { consumption: '3', limit: '2.53', unit: 'kWh' },
    });
    expect((await read(id, { counter: '2.53' })).statusCode).toBe(200);
    context.clock.advance(HOUR);
    const typo = await read(id, { counter: '99999999999.999' });
    expect(typo.json()).toMatchObject({ code: 'reading_implausible' });
    const confirmed = await read(id, { counter: '99999999999.999', confirm_unusual: true });
    expect(confirmed.statusCode).toBe(200);

    await context.db.update(settings).set({ voltage: 110 }).where(eq(settings.tenantId, fixture.tenantA.id));
    const other = await customerOn({ name: '10 A at 110 V', amperage: '10' });
    expect((await read(other, { counter: '0' })).statusCode).toBe(200);
    context.clock.advance(10 * HOUR);
    // 10 A x 110 V x 10 h / 1000 x 1.1 = 12.1 kWh.
    expect((await read(other, { counter: '12.2' })).json()).toMatchObject({ params: { limit: '12.1' } });
    expect((await read(other, { counter: '12.1' })).statusCode).toBe(200);
    await context.db.update(settings).set({ voltage: 230 }).where(eq(settings.tenantId, fixture.tenantA.id));
  });

  it('uses the service max_consumption_per_day where the bundle has no amperage, and no limit without either', async () => {
    const water = await customerOn({ name: 'Flat water' }, 'water');
    context.clock.advance(12 * HOUR);
    expect((await read(water, { counter: '1000' }, admin, 'water')).statusCode).toBe(200);
    await context.db.update(services).set({ maxConsumptionPerDay: '10' }).where(eq(services.id, fixture.tenantA.waterId));
    context.clock.advance(12 * HOUR);
    const refused = await read(water, { counter: '1006' }, admin, 'water');
    expect(refused.json()).toMatchObject({ code: 'reading_implausible', params: { consumption: '6', limit: '5' } });
    expect((await read(water, { counter: '1005' }, admin, 'water')).statusCode).toBe(200);
  });
});

describe('readings dated when taken', () => {
  it('accepts taken_at within the backdating window, after the previous reading, never in the future', async () => {
    const id = await customerOn({ name: 'Dated' });
    const now = context.clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * 24 * HOUR * 1000).toISOString();
    const future = await read(id, { counter: '1', taken_at: new Date(now.getTime() + 3600_000).toISOString() });
    expect(future.json()).toMatchObject({ taken_at: ['This date is in the future.'], code: 'date_in_future' });
    const old = await read(id, { counter: '1', taken_at: ago(32) });
    expect(old.json()).toMatchObject({ taken_at: ['This date is more than 31 days ago.'], code: 'date_too_old', params: { days: 31 } });
    expect((await read(id, { counter: '1', taken_at: 'yesterday' })).statusCode).toBe(400);

    const backdated = await read(id, { counter: '10', taken_at: ago(5) });
    expect(backdated.statusCode).toBe(200);
    expect(backdated.json()).toMatchObject({ counter: '10.000', counter_updated_at: ago(5) });
    const history = (await admin.get(path(`subscriptions/${id}/readings/`))).json().results;
    expect(history[0]).toMatchObject({ value: '10.000', taken_at: ago(5) });
    const beforePrevious = await read(id, { counter: '11', taken_at: ago(6) });
    expect(beforePrevious.json()).toMatchObject({ code: 'date_before_previous' });

    // Collectors: 3 days at most, whatever the setting.
    expect((await read(id, { counter: '12', taken_at: ago(4) }, clients.collector)).json()).toMatchObject({
      code: 'date_too_old',
      params: { days: 3 },
    });
    expect((await read(id, { counter: '12', taken_at: ago(2) }, clients.collector)).statusCode).toBe(200);
    await context.db.update(settings).set({ backdateDays: 1 }).where(eq(settings.tenantId, fixture.tenantA.id));
    expect((await read(id, { counter: '13', taken_at: ago(1.5) })).json()).toMatchObject({ code: 'date_too_old', params: { days: 1 } });
    await context.db.update(settings).set({ backdateDays: 31 }).where(eq(settings.tenantId, fixture.tenantA.id));
  });
});
