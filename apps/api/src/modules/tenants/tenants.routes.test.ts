import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { auditLog, services, settings, tenants } from '../../db/schema/index';
import { createFixture, TEST_PASSWORD, type Fixture } from '../../../test/fixtures';
import { createTestContext, fieldsOf, signIn, type Client, type TestContext } from '../../../test/harness';

let context: TestContext;
let fixture: Fixture;
let superadmin: Client;

beforeAll(async () => {
  context = await createTestContext({ env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000' } });
  fixture = await createFixture(context);
  superadmin = await fixture.as('superadmin');
});
afterAll(async () => context?.close());

async function createTenant(body: Record<string, unknown>) {
  const response = await superadmin.post('/api/tenants/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('tenants', () => {
  it('creates a client with its settings and Electricity and Water services', async () => {
    const tenant = await createTenant({
      name: 'Nour Power',
      slug: 'Nour-Power',
      email: 'office@nour.example',
      phone: '+961 1 234',
      address: 'Beirut',
      currency: 'jod',
    });
    expect(tenant).toMatchObject({ name: 'Nour Power', slug: 'nour-power', db_alias: 'default', is_blocked: false, users_count: 0 });
    expect(new Date(tenant.created_at).toISOString()).toBe(tenant.created_at);
    const [config] = await context.db.select().from(settings).where(eq(settings.tenantId, tenant.id));
    expect(config).toMatchObject({ currency: 'JOD', companyName: 'Nour Power' });
    const names = (await context.db.select().from(services).where(eq(services.tenantId, tenant.id))).map((service) => service.name);
    expect(names.sort()).toEqual(['Electricity', 'Water']);
  });

  it('needs only name and slug; answers field messages otherwise', async () => {
    const minimal = await createTenant({ name: 'Minimal', slug: 'minimal' });
    expect(minimal).toMatchObject({ email: '', phone: '', address: '', db_alias: 'default' });
    const config = first(await context.db.select().from(settings).where(eq(settings.tenantId, minimal.id)), 'a row from settings');
    expect(config.currency).toBe('USD');

    const missing = await superadmin.post('/api/tenants/', {});
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing.json())).toEqual(['name', 'slug']);

    const bad = await superadmin.post('/api/tenants/', { name: 'X', slug: 'not a slug!', email: 'nope', currency: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(['currency', 'email', 'slug']);
  });

  it('refuses a taken slug (any case) and an unknown alias with a 400 on the field', async () => {
    const taken = await superadmin.post('/api/tenants/', { name: 'Again', slug: 'TENANT-A' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().slug).toHaveLength(1);
    const alias = await superadmin.post('/api/tenants/', { name: 'Elsewhere', slug: 'elsewhere', db_alias: 'mars' });
    expect(alias.statusCode).toBe(400);
    expect(alias.json().db_alias[0]).toContain('mars');
    expect(await context.db.select().from(tenants).where(eq(tenants.slug, 'elsewhere'))).toHaveLength(0);
  });

  it('lists the aliases, default first', async () => {
    const response = await superadmin.get('/api/tenants/aliases/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(['default']);
  });

  it('lists clients paginated, searched, filtered, ordered, and as CSV', async () => {
    const page = await superadmin.get('/api/tenants/?page_size=2&ordering=-id');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.count).toBeGreaterThanOrEqual(3);
    expect(body.count_capped).toBe(false);
    expect(body.results).toHaveLength(2);
    expect(body.results[0].id).toBeGreaterThan(body.results[1].id);
    expect(body.next).toContain('page=2');

    const search = await superadmin.get('/api/tenants/?search=tenant-b');
    expect(search.json().results.map((tenant: { id: number }) => tenant.id)).toEqual([fixture.tenantB.id]);
    expect(search.json().results[0].users_count).toBe(4);

    const byUsers = await superadmin.get('/api/tenants/?ordering=-users_count,name');
    expect(byUsers.json().results[0].users_count).toBe(4);

    expect((await superadmin.get('/api/tenants/?ordering=password')).statusCode).toBe(400);
    expect((await superadmin.get('/api/tenants/?page=99')).statusCode).toBe(404);

    const unblocked = await superadmin.get('/api/tenants/?is_blocked=false&page_size=100');
    expect(unblocked.json().results.every((tenant: { is_blocked: boolean }) => !tenant.is_blocked)).toBe(true);

    const csv = await superadmin.get('/api/tenants/?format=csv&search=tenant-');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('id,name,slug,email,phone,address,db_alias,is_blocked,created_at,users_count');
    expect(lines).toHaveLength(3);
  });

  it('escapes formula cells in the CSV', async () => {
    await createTenant({ name: '=HYPERLINK("http://evil")', slug: 'formula' });
    const csv = await superadmin.get('/api/tenants/?format=csv&search=formula');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('reads one client; another id is a 404', async () => {
    const response = await superadmin.get(`/api/tenants/${fixture.tenantA.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: fixture.tenantA.id, slug: 'tenant-a', users_count: 4 });
    expect((await superadmin.get('/api/tenants/999999/')).statusCode).toBe(404);
    expect((await superadmin.get('/api/tenants/abc/')).statusCode).toBe(404);
  });

  it('updates partially; the alias may be repeated but not changed; read-only fields are ignored', async () => {
    const tenant = await createTenant({ name: 'Partial', slug: 'partial', phone: '123' });
    const response = await superadmin.put(`/api/tenants/${tenant.id}/`, {
      name: 'Partial Co',
      db_alias: 'default',
      users_count: 99,
      is_blocked: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Partial Co', slug: 'partial', phone: '123', users_count: 0, is_blocked: false });

    const move = await superadmin.put(`/api/tenants/${tenant.id}/`, { db_alias: 'second' });
    expect(move.statusCode).toBe(400);
    expect(move.json().db_alias).toEqual(['The database of an existing client cannot change.']);

    const slug = await superadmin.put(`/api/tenants/${tenant.id}/`, { slug: 'tenant-a' });
    expect(slug.statusCode).toBe(400);
    expect(slug.json()).toHaveProperty('slug');
    expect((await superadmin.put('/api/tenants/999999/', { name: 'x' })).statusCode).toBe(404);
  });
});

describe('block and unblock', () => {
  it("blocking makes the client's users' tokens 401 tenant_blocked at once; unblocking lets them sign in again (old tokens stay dead)", async () => {
    const admin = await signIn(context.app, 'b.admin', TEST_PASSWORD);
    expect((await admin.get('/api/auth/users/me/')).statusCode).toBe(200);

    const blocked = await superadmin.get(`/api/tenants/${fixture.tenantB.id}/block/`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.headers['cache-control']).toBe('no-store');
    expect(blocked.json()).toMatchObject({ id: fixture.tenantB.id, is_blocked: true, users_count: 4, slug: 'tenant-b' });

    const refused = await admin.get('/api/auth/users/me/');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('tenant_blocked');
    const refresh = await context.app.inject({ method: 'POST', url: '/api/auth/jwt/refresh/', payload: { refresh: admin.refresh } });
    expect(refresh.statusCode).toBe(401);
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/create/',
      payload: { username: 'b.admin', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('tenant_blocked');
    // Tenant A is untouched.
    expect((await (await fixture.as('a.admin')).get('/api/auth/users/me/')).statusCode).toBe(200);

    const unblocked = await superadmin.get(`/api/tenants/${fixture.tenantB.id}/unblock/`);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.headers['cache-control']).toBe('no-store');
    expect(unblocked.json().is_blocked).toBe(false);
    expect((await admin.get('/api/auth/users/me/')).statusCode).toBe(401);
    expect((await (await signIn(context.app, 'b.admin', TEST_PASSWORD)).get('/api/auth/users/me/')).statusCode).toBe(200);
  });

  it('records each change once; repeating it changes and records nothing', async () => {
    const tenant = await createTenant({ name: 'Twice', slug: 'twice' });
    await superadmin.get(`/api/tenants/${tenant.id}/block/`);
    await superadmin.get(`/api/tenants/${tenant.id}/block/`);
    const rows = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tenant'), eq(auditLog.entityId, String(tenant.id)), eq(auditLog.action, 'block')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: fixture.superadminId,
      actorRole: 'superadmin',
      tenantId: tenant.id,
      before: { is_blocked: false },
      after: { is_blocked: true },
    });
  });

  it('needs the bearer token: no token is a 401, a tenant admin a 403', async () => {
    const anonymous = await context.app.inject({ method: 'GET', url: `/api/tenants/${fixture.tenantA.id}/block/` });
    expect(anonymous.statusCode).toBe(401);
    const admin = await fixture.as('a.admin');
    expect((await admin.get(`/api/tenants/${fixture.tenantA.id}/block/`)).statusCode).toBe(403);
    const row = first(await context.db.select().from(tenants).where(eq(tenants.id, fixture.tenantA.id)), 'a row from tenants');
    expect(row.isBlocked).toBe(false);
  });
});

describe('tenant users', () => {
  const base = () => `/api/tenants/${fixture.tenantA.id}/users`;

  it("lists a client's users only, paginated and as CSV", async () => {
    const response = await superadmin.get(`${base()}/?ordering=username`);
    expect(response.statusCode).toBe(200);
    const usernames = response.json().results.map((user: { username: string }) => user.username);
    expect(usernames).toEqual(['a.accountant', 'a.admin', 'a.collector', 'a.support']);
    const filtered = await superadmin.get(`${base()}/?role=collector`);
    expect(filtered.json().count).toBe(1);
    const csv = await superadmin.get(`${base()}/?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('a.admin');
    expect(csv.body).not.toContain('b.admin');
    expect((await superadmin.get('/api/tenants/999999/users/')).statusCode).toBe(404);
  });

  it('creates a user in the path tenant, with the roles a superadmin may assign', async () => {
    const response = await superadmin.post(`${base()}/`, {
      username: 'a.new',
      password: 'long-enough-1',
      role: 'accountant',
      first_name: 'New',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ tenant: fixture.tenantA.id, username: 'a.new', role: 'accountant', is_active: true });
    expect(response.json()).not.toHaveProperty('password');
    expect((await signIn(context.app, 'a.new', 'long-enough-1')).token).toBeTruthy();
    expect(
      (await superadmin.post('/api/tenants/999999/users/', { username: 'ghost.user', password: 'long-enough-1', role: 'admin' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses mass assignment: tenant, is_superuser, a superadmin role', async () => {
    const body = { username: 'a.sneaky', password: 'long-enough-1', role: 'support' };
    const tenant = await superadmin.post(`${base()}/`, { ...body, tenant: fixture.tenantB.id });
    expect(tenant.statusCode).toBe(400);
    expect(tenant.json()).toHaveProperty('tenant');
    const superuser = await superadmin.post(`${base()}/`, { ...body, is_superuser: true });
    expect(superuser.statusCode).toBe(400);
    expect(superuser.json()).toHaveProperty('is_superuser');
    const role = await superadmin.post(`${base()}/`, { ...body, role: 'superadmin' });
    expect(role.statusCode).toBe(400);
    expect(role.json()).toHaveProperty('role');
    const update = await superadmin.put(`${base()}/${fixture.tenantA.users.support}/`, { tenant: fixture.tenantB.id, role: 'superadmin' });
    expect(update.statusCode).toBe(400);
    expect(fieldsOf(update.json())).toEqual(['role', 'tenant']);
  });

  it("reads and updates a client's user; another client's user in the path is a 404", async () => {
    const userId = fixture.tenantA.users.collector;
    const one = await superadmin.get(`${base()}/${userId}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: userId, username: 'a.collector' });
    const updated = await superadmin.put(`${base()}/${userId}/`, { phone: '+961 70 000', role: 'support' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ phone: '+961 70 000', role: 'support', username: 'a.collector' });
    await superadmin.put(`${base()}/${userId}/`, { role: 'collector' });

    const otherUser = fixture.tenantB.users.admin;
    expect((await superadmin.get(`${base()}/${otherUser}/`)).statusCode).toBe(404);
    expect((await superadmin.put(`${base()}/${otherUser}/`, { phone: '1' })).statusCode).toBe(404);
    expect((await superadmin.get(`${base()}/${otherUser}/reset-password/`)).statusCode).toBe(404);
    expect((await superadmin.get(`${base()}/${fixture.superadminId}/`)).statusCode).toBe(404);
  });

  it('keeps the last active admin of a client (409)', async () => {
    const response = await superadmin.put(`${base()}/${fixture.tenantA.users.admin}/`, { role: 'support' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('last_admin');
  });

  it('resets a password: the new one works, old tokens stop, no-store', async () => {
    const user = await signIn(context.app, 'a.support', TEST_PASSWORD);
    const response = await superadmin.get(`${base()}/${fixture.tenantA.users.support}/reset-password/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { np } = response.json();
    expect(np).toMatch(/^\S{12}$/);
    expect((await user.get('/api/auth/users/me/')).statusCode).toBe(401);
    expect((await signIn(context.app, 'a.support', np)).token).toBeTruthy();
    const [audit] = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reset_password'), eq(auditLog.entityId, String(fixture.tenantA.users.support))));
    expect(JSON.stringify(audit)).not.toContain(np);
  });
});
