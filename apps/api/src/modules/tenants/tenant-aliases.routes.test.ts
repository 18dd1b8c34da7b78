import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import type { Db } from '../../db/client';
import {
  auditLog,
  buildings,
  customers,
  invoices,
  payments,
  regions,
  services,
  settings,
  streets,
  tenants,
  uploads,
} from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, isPostgres, signIn, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';
import { buildMultipart, PNG_1X1 } from '../../../test/multipart';

/** Two databases (PGlite copies, or two PostgreSQL databases with TEST_DATABASE_URL): `default` and `second`. */
let context: TestContext;
let fixture: Fixture;
let superadmin: Client;
let second: Db;

beforeAll(async () => {
  context = await createTestContext({ aliases: ['second'], env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000' } });
  fixture = await createFixture(context, { tenantBAlias: 'second' });
  superadmin = await fixture.as('superadmin');
  second = context.databases.get('second');
});
afterAll(async () => context?.close());

const rowsOf = async (db: Db, tenantId: number) => ({
  settings: (await db.select().from(settings).where(eq(settings.tenantId, tenantId))).length,
  services: (await db.select().from(services).where(eq(services.tenantId, tenantId))).length,
  regions: (await db.select().from(regions).where(eq(regions.tenantId, tenantId))).length,
  streets: (await db.select().from(streets).where(eq(streets.tenantId, tenantId))).length,
  buildings: (await db.select().from(buildings).where(eq(buildings.tenantId, tenantId))).length,
  uploads: (await db.select().from(uploads).where(eq(uploads.tenantId, tenantId))).length,
});

const BUSINESS_ENTITIES = ['settings', 'region', 'street', 'building'];
const businessAuditOf = async (db: Db, tenantId: number) =>
  (await db.select().from(auditLog).where(inArray(auditLog.entity, BUSINESS_ENTITIES))).filter((row) => row.tenantId === tenantId);

describe(`database aliases (${isPostgres ? 'PostgreSQL' : 'PGlite'}, two databases)`, () => {
  it('lists both aliases, default first', async () => {
    expect((await superadmin.get('/api/tenants/aliases/')).json()).toEqual(['default', 'second']);
  });

  it('keeps a tenant created on `second` wholly there: settings, services, addresses, logo and their audit; only platform rows in default', async () => {
    const created = await superadmin.post('/api/tenants/', { name: 'Far Away', slug: 'far-away', db_alias: 'second', currency: 'KWD' });
    expect(created.statusCode).toBe(201);
    const tenant = created.json();
    expect(tenant.db_alias).toBe('second');

    const admin = await superadmin.post(`/api/tenants/${tenant.id}/users/`, {
      username: 'far.admin',
      password: 'distant-cedar-pass',
      role: 'admin',
    });
    expect(admin.statusCode).toBe(201);
    const client = await signIn(context.app, 'far.admin', 'distant-cedar-pass');

    const me = await client.get('/api/auth/users/me/');
    expect(me.json().tenant).toMatchObject({ id: tenant.id, currency: 'KWD', currency_decimals: 3, company_name: 'Far Away' });
    const config = await client.get('/api/config/');
    expect(config.json()).toMatchObject({ currency: 'KWD', company_name: 'Far Away' });
    expect((await client.get('/api/services/')).json().map((service: { name: string }) => service.name)).toEqual(['Electricity', 'Water']);

    expect(
      (await client.put(`/api/config/${config.json().id}/`, { company_name: 'Far Away Power', timezone: 'Asia/Kuwait' })).statusCode,
    ).toBe(200);
    const { payload, headers } = buildMultipart({}, { logo: { filename: 'logo.png', contentType: 'image/png', data: PNG_1X1 } });
    const withLogo = await client.request({ method: 'PUT', url: `/api/config/${config.json().id}/`, payload, headers });
    expect(withLogo.statusCode).toBe(200);
    // Media is served to the tenant's signed-in users only (docs/security.md), from the tenant's own database.
    const logo = await client.request({ method: 'GET', url: withLogo.json().logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload.equals(PNG_1X1)).toBe(true);

    const region = (await client.post('/api/regions/', { name: 'Salmiya' })).json();
    const street = (await client.post(`/api/regions/${region.id}/streets/`, { name: 'Salem Al Mubarak' })).json();
    expect((await client.post(`/api/regions/${region.id}/streets/${street.id}/buildings/`, { name: 'Tower 1' })).statusCode).toBe(201);

    expect(await rowsOf(second, tenant.id)).toEqual({ settings: 1, services: 2, regions: 1, streets: 1, buildings: 1, uploads: 1 });
    expect(await rowsOf(context.db, tenant.id)).toEqual({ settings: 0, services: 0, regions: 0, streets: 0, buildings: 0, uploads: 0 });

    const secondAudit = await businessAuditOf(second, tenant.id);
    expect(secondAudit.map((row) => `${row.action} ${row.entity}`).sort()).toEqual([
      'create building',
      'create region',
      'create street',
      'update settings',
      'update settings',
    ]);
    expect(await businessAuditOf(context.db, tenant.id)).toEqual([]);

    // The tenant and its users are platform rows: in default, audited there.
    expect(await second.select().from(tenants).where(eq(tenants.id, tenant.id))).toEqual([]);
    const platformAudit = (await context.db.select().from(auditLog)).filter((row) => row.tenantId === tenant.id);
    expect(platformAudit.map((row) => `${row.action} ${row.entity}`).sort()).toEqual(['create tenant', 'create user']);
    expect((await second.select().from(auditLog)).filter((row) => row.entity === 'tenant' || row.entity === 'user')).toEqual([]);
  });

  it('serves the fixture tenant on `second` from its own database, and keeps tenants apart', async () => {
    const bAdmin = await fixture.as('b.admin');
    const regionsOfB = (await bAdmin.get('/api/regions/')).json();
    expect(regionsOfB).toEqual([{ id: fixture.tenantB.regionId, name: 'Region b' }]);
    // Ids collide across databases (each has its own sequences): the tenant scope keeps them apart.
    const aAdmin = await fixture.as('a.admin');
    expect((await aAdmin.get('/api/regions/')).json()).toEqual([{ id: fixture.tenantA.regionId, name: 'Region a' }]);
  });

  it('bills and takes money for the tenant on `second` end to end: rows there only, the detail names who was paid', async () => {
    const bAdmin = await fixture.as('b.admin');
    const path = (rest: string) => servicePath(fixture.tenantB, rest);
    const customer = (await bAdmin.post(path('customers/'), { full_name: 'Second Database Customer' })).json();
    const created = await bAdmin.post(path('invoices/'), {
      customer: customer.id,
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      lines: [{ description: 'Supply', quantity: '1', unit_price: '40' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json();
    const paid = await bAdmin.put(path(`invoices/${invoice.id}/create_payment/`), { amount: '15' }, { 'idempotency-key': 'second-db-pay' });
    expect(paid.statusCode, paid.body).toBe(201);

    const detail = (await bAdmin.get(path(`invoices/${invoice.id}/`))).json();
    expect(detail).toMatchObject({ id: invoice.id, status: 'partially_paid', customer: customer.id });
    expect(detail.payments).toHaveLength(1);
    // The users live in `default`, the payment in `second`: the name is looked up across the two.
    expect(detail.payments[0].received_by_name).toBe('admin B');

    const tenantId = fixture.tenantB.id;
    const count = async (db: Db, table: typeof customers | typeof invoices | typeof payments) =>
      (await db.select().from(table).where(eq(table.tenantId, tenantId))).length;
    expect([await count(second, customers), await count(second, invoices), await count(second, payments)]).toEqual([1, 1, 1]);
    expect([await count(context.db, customers), await count(context.db, invoices), await count(context.db, payments)]).toEqual([0, 0, 0]);
  });

  it('an existing tenant cannot move to another alias (400), nor be created on an unknown one', async () => {
    const moved = await superadmin.put(`/api/tenants/${fixture.tenantB.id}/`, { db_alias: 'default' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toHaveProperty('db_alias');
    const same = await superadmin.put(`/api/tenants/${fixture.tenantB.id}/`, { db_alias: 'second', phone: '1' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ db_alias: 'second', phone: '1' });
    expect((await superadmin.post('/api/tenants/', { name: 'X', slug: 'x', db_alias: 'third' })).statusCode).toBe(400);
  });

  it('refuses to change or delete audit rows in either database', async () => {
    for (const db of [context.db, second]) {
      const row = first(await db.select().from(auditLog).limit(1), 'a row from auditLog');
      expect(row).toBeTruthy();
      await expect(db.update(auditLog).set({ action: 'tampered' }).where(eq(auditLog.id, row.id))).rejects.toThrow();
      await expect(db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow();
      const after = first(await db.select().from(auditLog).where(eq(auditLog.id, row.id)), 'a row from auditLog');
      expect(after.action).toBe(row.action);
    }
  });
});
