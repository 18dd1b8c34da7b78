import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { auditLog, invoiceLinePricing, invoiceLines, tariffs } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let smallBundle: number;
let largeBundle: number;
let waterBundle: number;
let otherTenantBundle: number;

const path = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  smallBundle = (await admin.post(path('bundles/'), { name: '5 A', amperage: '5', price: '10', unit_price: '0.25' })).json().id;
  largeBundle = (await admin.post(path('bundles/'), { name: '10 A', amperage: '10', price: '18', unit_price: '0.25' })).json().id;
  waterBundle = (await admin.post(path('bundles/', 'water'), { name: 'Home', price: '5' })).json().id;
  const otherAdmin = await fixture.as('b.admin');
  otherTenantBundle = (await otherAdmin.post(servicePath(fixture.tenantB, 'bundles/'), { name: 'B 5 A', price: '1' })).json().id;
});
afterAll(async () => context?.close());

const tiered = {
  name: 'October, tiered',
  effective_from: '2026-10',
  tiers: [
    { up_to: '100', unit_price: '0.30' },
    { up_to: null, unit_price: '0.45' },
  ],
  uplift_percent: '10',
};

describe('tariffs', () => {
  it('creates a tiered tariff for every bundle, answered exactly as stored', async () => {
    const response = await admin.post(path('tariffs/'), tiered);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'October, tiered',
      effective_from: '2026-10',
      effective_to: null,
      unit_price: '0.000000',
      tiers: [
        { up_to: '100.000', unit_price: '0.300000' },
        { up_to: null, unit_price: '0.450000' },
      ],
      uplift_percent: '10.000',
      bundles: [],
      is_in_use: false,
      service: fixture.tenantA.electricityId,
    });
    const [audit] = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tariff'), eq(auditLog.entityId, String(response.json().id))));
    expect(audit).toMatchObject({ action: 'create' });
  });

  it('accepts Arabic-Indic digits and a first-of-month date for the months', async () => {
    const response = await admin.post(path('tariffs/'), {
      name: 'Nov',
      effective_from: '٢٠٢٦-١١-01',
      effective_to: '2026-12',
      unit_price: '٠٫٤',
      bundles: [largeBundle],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      effective_from: '2026-11',
      effective_to: '2026-12',
      unit_price: '0.400000',
      bundles: [largeBundle],
    });
  });

  it.each([
    [{ ...tiered, tiers: [{ up_to: '100', unit_price: '0.3' }] }, 'tiers', 'tier_last_must_be_open'],
    [
      {
        ...tiered,
        tiers: [
          { up_to: null, unit_price: '0.3' },
          { up_to: null, unit_price: '0.4' },
        ],
      },
      'tiers',
      'tier_open_before_last',
    ],
    [
      {
        ...tiered,
        tiers: [
          { up_to: '100', unit_price: '0.3' },
          { up_to: '50', unit_price: '0.3' },
          { up_to: null, unit_price: '0.4' },
        ],
      },
      'tiers',
      'tier_bounds_not_ascending',
    ],
    [{ ...tiered, tiers: [] }, 'tiers', 'tiers_empty'],
  ])('refuses a bad tier list on the field with its code (%#)', async (body, field, code) => {
    const response = await admin.post(path('tariffs/'), body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code });
    expect(response.json()[field]).toHaveLength(1);
  });

  it.each([
    [{ name: 'x', effective_from: '2026-13' }, 'effective_from'],
    [{ name: 'x', effective_from: '2026-10', effective_to: '2026-09' }, 'effective_to'],
    [{ name: 'x', effective_from: '2026-10', unit_price: '0.1234567' }, 'unit_price'],
    [{ name: 'x', effective_from: '2026-10', unit_price: '-1' }, 'unit_price'],
    [{ name: 'x', effective_from: '2026-10', uplift_percent: '1000.001' }, 'uplift_percent'],
    [{ name: '', effective_from: '2026-10' }, 'name'],
  ])('refuses bad input on its field, never a 500 (%#)', async (body, field) => {
    const response = await admin.post(path('tariffs/'), body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toContain(field);
  });

  it('refuses bundles of another service or tenant exactly as a bundle that does not exist', async () => {
    for (const bundle of [waterBundle, otherTenantBundle, 999_999]) {
      const response = await admin.post(path('tariffs/'), { name: 'x', effective_from: '2026-10', bundles: [smallBundle, bundle] });
      expect(response.statusCode).toBe(400);
      expect(response.json().bundles).toEqual([`Invalid pk "${bundle}" - object does not exist.`]);
    }
  });

  it('filters by the month in force and by bundle', async () => {
    const own = (
      await admin.post(path('tariffs/'), { name: 'Small only, 2027', effective_from: '2027-01', bundles: [smallBundle] })
    ).json();
    const inForce = async (query: string) =>
      (await admin.get(path(`tariffs/?${query}&page_size=100`))).json().results.map((row: { name: string }) => row.name);
    expect(await inForce('month=2026-10')).toEqual(['October, tiered']);
    expect(await inForce('month=2026-12')).toEqual(['Nov', 'October, tiered']);
    expect(await inForce('month=2027-01')).toEqual(['Small only, 2027', 'October, tiered']);
    expect(await inForce('month=2027-01&bundle=' + largeBundle)).toEqual(['October, tiered']);
    expect(await inForce('bundle=' + smallBundle)).toEqual([own.name, 'October, tiered']);
  });

  it('answers 404 for a tariff of another tenant or service, and lists only its own', async () => {
    const own = (await admin.post(path('tariffs/'), { name: 'Mine', effective_from: '2026-01' })).json();
    const other = await fixture.as('b.admin');
    expect((await other.get(servicePath(fixture.tenantB, `tariffs/${own.id}/`))).statusCode).toBe(404);
    expect((await other.put(servicePath(fixture.tenantB, `tariffs/${own.id}/`), { name: 'Stolen' })).statusCode).toBe(404);
    expect((await other.delete(servicePath(fixture.tenantB, `tariffs/${own.id}/`))).statusCode).toBe(404);
    expect((await admin.get(path(`tariffs/${own.id}/`, 'water'))).statusCode).toBe(404);
    expect((await other.get(servicePath(fixture.tenantB, 'tariffs/'))).json().count).toBe(0);
    expect((await admin.get(path(`tariffs/${own.id}/`))).json().name).toBe('Mine');
  });

  it('edits a tariff no invoice used, then refuses to edit or delete it once a live invoice did, until that invoice is cancelled', async () => {
    const tariff = (await admin.post(path('tariffs/'), { name: 'December', effective_from: '2026-12', unit_price: '0.5' })).json();
    const edited = await admin.put(path(`tariffs/${tariff.id}/`), { unit_price: '0.55' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ unit_price: '0.550000', name: 'December', effective_from: '2026-12' });

    const customer = (await admin.post(path('customers/'), { full_name: 'Priced customer' })).json();
    const invoice = (
      await admin.post(path('invoices/'), {
        customer: customer.id,
        period_start: '2026-10-01',
        period_end: '2026-10-31',
        lines: [{ description: 'Consumption: 10 kWh', quantity: '10', unit_price: '0.55' }],
      })
    ).json();
    const line = first(
      await context.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)),
      'a row from invoiceLines',
    );
    await context.db
      .insert(invoiceLinePricing)
      .values({ tenantId: fixture.tenantA.id, invoiceLineId: line.id, tariffId: tariff.id, month: '2026-12-01', tier: null });

    expect((await admin.get(path(`tariffs/${tariff.id}/`))).json().is_in_use).toBe(true);
    const refusedEdit = await admin.put(path(`tariffs/${tariff.id}/`), { unit_price: '0.6' });
    expect(refusedEdit.statusCode).toBe(409);
    expect(refusedEdit.json()).toMatchObject({ code: 'tariff_in_use' });
    expect((await admin.delete(path(`tariffs/${tariff.id}/`))).json()).toMatchObject({ code: 'tariff_in_use' });
    const unchanged = first(await context.db.select().from(tariffs).where(eq(tariffs.id, tariff.id)), 'a row from tariffs');
    expect(unchanged.unitPrice).toBe('0.550000');

    expect((await admin.post(path(`invoices/${invoice.id}/cancel/`), { reason: 'Typed twice' })).statusCode).toBe(200);
    expect((await admin.get(path(`tariffs/${tariff.id}/`))).json().is_in_use).toBe(false);
    expect((await admin.put(path(`tariffs/${tariff.id}/`), { unit_price: '0.6' })).statusCode).toBe(200);
  });

  it('deletes an unused tariff', async () => {
    const tariff = (await admin.post(path('tariffs/'), { name: 'Gone', effective_from: '2026-05' })).json();
    expect((await admin.delete(path(`tariffs/${tariff.id}/`))).statusCode).toBe(204);
    expect((await admin.get(path(`tariffs/${tariff.id}/`))).statusCode).toBe(404);
  });

  it('admins write, accountants read, field staff neither', async () => {
    const tariff = (await admin.post(path('tariffs/'), { name: 'For permissions', effective_from: '2026-06' })).json();
    await expectPermissions(clients, [
      { name: 'list', allowed: ['admin', 'accountant'], call: (client) => client.get(path('tariffs/')) },
      { name: 'get', allowed: ['admin', 'accountant'], call: (client) => client.get(path(`tariffs/${tariff.id}/`)) },
      { name: 'create', allowed: ['admin'], call: (client) => client.post(path('tariffs/'), { name: 'P', effective_from: '2026-06' }) },
      { name: 'update', allowed: ['admin'], call: (client) => client.put(path(`tariffs/${tariff.id}/`), { name: 'For permissions' }) },
    ]);
  });

  it('exports the list as CSV', async () => {
    const response = await admin.get(path('tariffs/?format=csv&ordering=name'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('October, tiered');
    expect(response.body).toContain('100.000:0.300000 ∞:0.450000');
  });
});
