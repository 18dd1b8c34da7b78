import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createFixture, TEST_PASSWORD, type Fixture } from '../../../test/fixtures';
import { createTestContext, signIn, type Client, type TestContext } from '../../../test/harness';
import { createPasswordHasher } from '../../lib/password';
import { seedDemo } from '../../seed/demo';
import { users } from '../../db/schema/index';

/** The setup checklist of a new client, each item done when its data exists. */
describe('onboarding checklist of a fresh tenant', () => {
  let context: TestContext;
  let fixture: Fixture;
  let admin: Client;
  let tenantId: number;

  beforeAll(async () => {
    context = await createTestContext();
    fixture = await createFixture(context);
    const superadmin = await fixture.as('superadmin');
    const tenant = (await superadmin.post('/api/tenants/', { name: 'Fresh Power', slug: 'fresh-power' })).json();
    tenantId = tenant.id;
    expect(
      (await superadmin.post(`/api/tenants/${tenantId}/users/`, { username: 'fresh.admin', password: TEST_PASSWORD, role: 'admin' }))
        .statusCode,
    ).toBe(201);
    admin = await signIn(context.app, 'fresh.admin', TEST_PASSWORD);
  });
  afterAll(async () => context?.close());

  it('starts with only the provisioned services done, and each item turns done as its data is added', async () => {
    const first = await admin.get('/api/onboarding/');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      items: {
        company: false,
        currency_tax: false,
        services: true,
        bundles: false,
        stations: false,
        addresses: false,
        staff: false,
        customers: false,
        channel: false,
        test_message: false,
      },
      complete: false,
      address_levels: { regions: false, streets: false, buildings: false },
    });

    const settingsId = (await admin.get('/api/config/')).json().id;
    expect((await admin.put(`/api/config/${settingsId}/`, { currency: 'USD', tax_rate: '11' })).statusCode).toBe(200);
    const services = (await admin.get('/api/services/')).json();
    const electricity = (services.results ?? services).find((service: { name: string }) => service.name === 'Electricity').id;
    expect((await admin.post(`/api/services/${electricity}/bundles/`, { name: '5 A', price: '10', unit_price: '0.25' })).statusCode).toBe(
      201,
    );
    const region = (await admin.post('/api/regions/', { name: 'Hamra' })).json();
    // A region alone: the item stays to do, and the answer says what is still missing (a street and a building).
    expect((await admin.get('/api/onboarding/')).json()).toMatchObject({
      items: { addresses: false },
      address_levels: { regions: true, streets: false, buildings: false },
    });
    expect((await admin.post(`/api/services/${electricity}/stations/`, { name: 'North', region: region.id })).statusCode).toBe(201);
    const street = (await admin.post(`/api/regions/${region.id}/streets/`, { name: 'Bliss' })).json();
    const partway = (await admin.get('/api/onboarding/')).json();
    // A region and a street without a building is not an address yet.
    expect(partway.items).toMatchObject({
      company: true,
      currency_tax: true,
      bundles: true,
      stations: true,
      addresses: false,
      staff: false,
      customers: false,
    });
    expect(partway.address_levels).toEqual({ regions: true, streets: true, buildings: false });
    expect((await admin.post(`/api/regions/${region.id}/streets/${street.id}/buildings/`, { name: 'B12' })).statusCode).toBe(201);
    expect(
      (await admin.post('/api/auth/users/', { username: 'fresh.collector', password: TEST_PASSWORD, role: 'collector' })).statusCode,
    ).toBe(201);
    expect((await admin.post(`/api/services/${electricity}/customers/`, { full_name: 'First Customer' })).statusCode).toBe(201);
    expect((await admin.get('/api/onboarding/')).json()).toEqual({
      items: {
        company: true,
        currency_tax: true,
        services: true,
        bundles: true,
        stations: true,
        addresses: true,
        staff: true,
        customers: true,
        channel: false,
        test_message: false,
      },
      complete: false,
      address_levels: { regions: true, streets: true, buildings: true },
    });
  });

  it('counts only the caller\u2019s tenant: tenant A\u2019s data does not tick a fresh tenant\u2019s items', async () => {
    const otherAdmin = await fixture.as('a.admin');
    const mine = (await otherAdmin.get('/api/onboarding/')).json();
    expect(mine.items).toMatchObject({ addresses: true, staff: true, bundles: false, customers: false });
  });

  it('is the admins\u2019: 403 for the other roles', async () => {
    for (const username of ['a.accountant', 'a.support', 'a.collector', 'superadmin']) {
      expect((await (await fixture.as(username)).get('/api/onboarding/')).statusCode).toBe(403);
    }
  });
});

describe('onboarding checklist of the demo tenants', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
    await seedDemo(context.databases, createPasswordHasher({ memoryCost: 8, timeCost: 1 }));
  });
  afterAll(async () => context?.close());

  it('is complete for every demo tenant, so the dashboard shows no checklist', async () => {
    // One admin per demo tenant without a one-time code (the checklist is the tenant's, not the user's).
    const admins = await context.db
      .selectDistinctOn([users.tenantId], { username: users.username })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.otpEnabled, false)));
    expect(admins.length).toBe(2);
    for (const { username } of admins) {
      const client = await signIn(context.app, username, 'demo1234');
      expect((await client.get('/api/onboarding/')).json()).toMatchObject({ complete: true });
    }
  });
});
