import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;

const waterPath = (rest: string) => servicePath(fixture.tenantA, rest, 'water');
const limitOf = (value: string | null) => admin.put(`/api/services/${fixture.tenantA.waterId}/`, { max_consumption_per_day: value });

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-20T09:00:00Z'));
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
});
afterAll(async () => context?.close());

describe('a service setting: max_consumption_per_day', () => {
  it('is answered with the services, changed by an admin, normalised, and audited', async () => {
    const listed = (await admin.get('/api/services/')).json() as { id: number; max_consumption_per_day: string | null }[];
    expect(listed.find((row) => row.id === fixture.tenantA.waterId)).toMatchObject({ max_consumption_per_day: null });
    const changed = await limitOf('40');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: fixture.tenantA.waterId, max_consumption_per_day: '40.000' });
    expect(
      ((await admin.get('/api/services/')).json() as { id: number; max_consumption_per_day: string | null }[]).find(
        (row) => row.id === fixture.tenantA.waterId,
      ),
    ).toMatchObject({
      max_consumption_per_day: '40.000',
    });
    expect((await limitOf('٤٥٫٥')).json()).toMatchObject({ max_consumption_per_day: '45.500' });
    expect((await limitOf('')).json()).toMatchObject({ max_consumption_per_day: null });
    const audit = (await admin.get(`/api/audit/?entity=settings&entity_id=${fixture.tenantA.waterId}`)).json();
    expect(audit.results[0]).toMatchObject({ action: 'update_service' });
  });

  it.each(['0', '-1', 'lots', '1.2345', '100000000000000'])('refuses %s with a field error', async (value) => {
    const response = await limitOf(value);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ max_consumption_per_day: [expect.any(String)] });
  });

  it("is for admins only; another tenant's service is a 404", async () => {
    await expectPermissions(clients, [
      {
        name: 'PUT service',
        allowed: ['admin'],
        call: (client) => client.put(`/api/services/${fixture.tenantA.waterId}/`, { max_consumption_per_day: '40' }),
      },
    ]);
    expect((await admin.put(`/api/services/${fixture.tenantB.waterId}/`, { max_consumption_per_day: '40' })).statusCode).toBe(404);
  });

  it('changes what a reading on a bundle without amperage may add before it is implausible', async () => {
    const bundle = (await admin.post(waterPath('bundles/'), { name: 'Tap', price: '5', unit_price: '1' })).json().id;
    const customer = (await admin.post(waterPath('customers/'), { initial_reading: '0', full_name: 'Daily Limit', bundle })).json();
    const read = (counter: string) => admin.put(waterPath(`subscriptions/${customer.subscription.id}/update-counter/`), { counter });
    context.clock.advance(24 * 3600);
    // No limit: anything goes.
    await limitOf(null);
    expect((await read('10')).statusCode).toBe(200);
    context.clock.advance(24 * 3600);
    // 40 a day: 50 more in a day needs a second look.
    await limitOf('40');
    const refused = await read('60');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'reading_implausible', params: { consumption: '50', limit: '40' } });
    // 60 a day: the same reading is plausible.
    await limitOf('60');
    expect((await read('60')).statusCode).toBe(200);
  });
});
