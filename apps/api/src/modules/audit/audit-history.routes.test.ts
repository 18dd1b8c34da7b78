import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let customerId: number;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  const small = (await clients.admin.post(path('bundles/'), { name: '5 A', amperage: '5', price: '10' })).json();
  const large = (await clients.admin.post(path('bundles/'), { name: '10 A', amperage: '10', price: '18' })).json();
  customerId = (await clients.admin.post(path('customers/'), { initial_reading: '0', full_name: 'Rania Khoury', bundle: small.id })).json()
    .id;
  await clients.admin.put(path(`customers/${customerId}/`), { bundle: large.id, initial_reading: '0', phone: '+961 1' });
  // Another tenant's history, which tenant A must never see.
  const bAdmin = await fixture.as('b.admin');
  await bAdmin.post(servicePath(fixture.tenantB, 'customers/'), { full_name: 'Other tenant customer' });
});
afterAll(async () => context?.close());

describe('GET /api/audit/', () => {
  it('answers who, when, what and only the changed fields, newest first', async () => {
    const response = await clients.admin.get(`/api/audit/?entity=customer&entity_id=${customerId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ count: 2, next: null, previous: null });
    const [update, create] = body.results;
    expect(update).toMatchObject({
      action: 'update',
      entity: 'customer',
      entity_id: String(customerId),
      actor: { id: fixture.tenantA.users.admin },
    });
    expect(update.actor.name).not.toBe('');
    const fields = update.changes.map((change: { field: string }) => change.field);
    expect(fields).toContain('phone');
    expect(fields).not.toContain('full_name');
    expect(update.changes.find((change: { field: string }) => change.field === 'phone')).toMatchObject({ after: '+961 1' });
    expect(create).toMatchObject({ action: 'create' });
    expect(create.changes.every((change: { before: unknown }) => change.before === null)).toBe(true);
  });

  it('filters by actor and dates, exports CSV, and keeps tenants apart', async () => {
    const all = (await clients.admin.get('/api/audit/?page_size=100')).json();
    expect(all.count).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(all.results)).not.toContain('Other tenant customer');
    const bAdmin = await fixture.as('b.admin');
    const theirs = (await bAdmin.get('/api/audit/?page_size=100')).json();
    expect(theirs.results.map((row: { entity_id: string }) => row.entity_id)).not.toContain(String(customerId));
    expect(JSON.stringify(theirs.results)).toContain('Other tenant customer');
    expect((await clients.admin.get(`/api/audit/?actor=${fixture.tenantB.users.admin}`)).json().count).toBe(0);
    expect((await clients.admin.get('/api/audit/?date_to=2000-01-01')).json().count).toBe(0);
    const today = context.clock.now().toISOString().slice(0, 10);
    expect((await clients.admin.get(`/api/audit/?date_from=${today}&date_to=${today}`)).json().count).toBe(all.count);
    const csv = await clients.accountant.get('/api/audit/?format=csv&entity=customer');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Rania Khoury');
    expect((await clients.admin.get('/api/audit/?entity=nope')).json()).toMatchObject({ code: 'invalid_choice' });
  });

  it('shows staff events from default to the admin, and the platform to the superadmin only', async () => {
    const created = await clients.admin.post('/api/auth/users/', { username: 'a.history', password: 'long-pass-123', role: 'support' });
    expect(created.statusCode).toBe(201);
    const staff = (await clients.admin.get('/api/audit/?entity=user')).json();
    expect(staff.results[0]).toMatchObject({ entity: 'user', action: 'create', entity_id: String(created.json().id) });
    expect((await (await fixture.as('b.admin')).get(`/api/audit/?entity=user&entity_id=${created.json().id}`)).json().count).toBe(0);
    await clients.superadmin.post('/api/tenants/', { name: 'Audited client', slug: 'audited-client' });
    const platform = (await clients.superadmin.get('/api/audit/?entity=tenant')).json();
    expect(platform.results[0]).toMatchObject({ entity: 'tenant', action: 'create' });
    expect((await clients.superadmin.get('/api/audit/?entity=customer')).json().count).toBe(0);
  });

  it('follows the rule table: admin, accountant and superadmin read; support and collector do not', async () => {
    await expectPermissions(clients, [
      { name: 'list audit', allowed: ['admin', 'accountant', 'superadmin'], call: (client) => client.get('/api/audit/') },
    ]);
  });
});
