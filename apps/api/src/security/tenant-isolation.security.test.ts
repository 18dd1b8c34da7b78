import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { can } from '@meterline/contract/permissions';
import { first } from '@meterline/contract/invariant';
import type { Db } from '../db/client';
import { seedBillingDemo } from '../seed/billing-demo';
import type { PermissionHook } from '../plugins/request-context';
import { ROLES_UNDER_TEST, signInRoles, type RoleUnderTest } from '../../test/billing';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../test/harness';

/**
 * Tenant isolation (docs/permissions.md), generated from the route table: every route x every role allowed on it x an
 * object of each type owned by another tenant (and by another service of the same tenant).
 */
let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;

/** The type of object a path parameter names: the path segment before it. */
const TYPE_OF_SEGMENT: Record<string, { table: string; serviceScoped: boolean; db?: 'default' }> = {
  services: { table: 'services', serviceScoped: false },
  customers: { table: 'customers', serviceScoped: true },
  bundles: { table: 'bundles', serviceScoped: true },
  stations: { table: 'stations', serviceScoped: true },
  tariffs: { table: 'tariffs', serviceScoped: true },
  'exchange-rates': { table: 'exchange_rates', serviceScoped: false },
  subscriptions: { table: 'subscriptions', serviceScoped: true },
  readings: { table: 'meter_readings', serviceScoped: false },
  invoices: { table: 'invoices', serviceScoped: true },
  payments: { table: 'payments', serviceScoped: true },
  transaction: { table: 'transactions', serviceScoped: true },
  regions: { table: 'regions', serviceScoped: false },
  streets: { table: 'streets', serviceScoped: false },
  buildings: { table: 'buildings', serviceScoped: false },
  users: { table: 'users', serviceScoped: false, db: 'default' },
  config: { table: 'settings', serviceScoped: false },
  assignments: { table: 'route_assignments', serviceScoped: true },
  'credit-notes': { table: 'credit_notes', serviceScoped: true },
  // Named by no path, listed: every list row must be the caller's own.
  handovers: { table: 'cash_handovers', serviceScoped: true },
};
/** Id fields of bodies and queries, and the type they name. */
const ID_FIELDS: Record<string, string> = {
  customer: 'customers',
  subscription: 'subscriptions',
  bundle: 'bundles',
  station: 'stations',
  region: 'regions',
  street: 'streets',
  building: 'buildings',
  invoice: 'invoices',
  tariff: 'tariffs',
  user: 'users',
  received_by: 'users',
  collector: 'users',
  reading: 'readings',
  service: 'services',
  from_user: 'users',
  to_user: 'users',
  actor: 'users',
  payments: 'payments',
  bundles: 'bundles',
  allocations: 'invoices',
};
/** Id fields that carry a list: the foreign id goes in as its only element. */
const LIST_ID_FIELDS: Record<string, (id: number) => unknown> = {
  payments: (id) => [id],
  bundles: (id) => [id],
  allocations: (id) => [{ invoice: id, amount: '1' }],
};
/** Every type of object the other tenant must own at least one row of, so that the table is walked with it. */
const REQUIRED_FOREIGN_TABLES = [
  'customers',
  'subscriptions',
  'meter_readings',
  'invoices',
  'payments',
  'tariffs',
  'exchange_rates',
  'cash_handovers',
  'route_visits',
  'route_assignments',
  'credit_notes',
  'account_payments',
  'bundles',
  'stations',
  'transactions',
  'settings',
] as const;

interface Ids {
  own: Record<string, number | undefined>;
  otherTenant: Record<string, number | undefined>;
  otherService: Record<string, number | undefined>;
}
let ids: Ids;
const allOtherTenantIds: Record<string, Set<number>> = {};
const allOtherServiceIds: Record<string, Set<number>> = {};

async function firstId(db: Db, table: string, where: string): Promise<number | undefined> {
  const result = (await db.execute(sql.raw(`select id from ${table} where ${where} order by id limit 1`))) as unknown as {
    rows: { id: number }[];
  };
  return result.rows[0] ? Number(result.rows[0].id) : undefined;
}
async function allIds(db: Db, table: string, where: string): Promise<Set<number>> {
  const result = (await db.execute(sql.raw(`select id from ${table} where ${where}`))) as unknown as { rows: { id: number }[] };
  return new Set(result.rows.map((row) => Number(row.id)));
}

/** A fingerprint of every row of tenant B, table by table. */
async function tenantSnapshot(db: Db, tenantId: number): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const snapshot: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    if (['audit_log', 'rate_limits', 'refresh_tokens', 'idempotency_keys'].includes(table)) continue;
    const result = (await db.execute(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t where tenant_id = ${tenantId}`,
      ),
    )) as unknown as {
      rows: { n: number; h: string }[];
    };
    snapshot[table] = `${first(result.rows).n}:${first(result.rows).h}`;
  }
  return snapshot;
}

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  const now = new Date();
  for (const [tenant, prefix] of [
    [fixture.tenantA, 'a'],
    [fixture.tenantB, 'b'],
  ] as const) {
    await context.db.transaction((tx) =>
      seedBillingDemo(tx, {
        tenantId: tenant.id,
        customersPerService: { Electricity: 3, Water: 3 },
        now,
        staff: { adminId: tenant.users.admin, officeIds: [tenant.users.accountant], collectorId: tenant.users.collector },
        seed: prefix === 'a' ? 11 : 29,
        withTariffs: true,
      }),
    );
    await seedAccountAndCash(tenant, await fixture.as(`${prefix}.admin`), await fixture.as(`${prefix}.collector`));
  }
  // Markers: a row of another tenant or service shows up by name in any list or CSV.
  await context.db.execute(sql`update customers set full_name = 'OtherTenantMarker ' || id where tenant_id = ${fixture.tenantB.id}`);
  await context.db.execute(
    sql`update customers set full_name = 'OtherServiceMarker ' || id where tenant_id = ${fixture.tenantA.id} and service_id = ${fixture.tenantA.waterId}`,
  );
  const a = fixture.tenantA;
  const b = fixture.tenantB;
  ids = { own: {}, otherTenant: {}, otherService: {} };
  for (const [segment, type] of Object.entries(TYPE_OF_SEGMENT)) {
    if (type.table === 'services') {
      Object.assign(ids.own, { services: a.electricityId });
      Object.assign(ids.otherTenant, { services: b.electricityId });
      continue;
    }
    const scope = (tenantId: number, serviceId?: number) =>
      `tenant_id = ${tenantId}${type.serviceScoped && serviceId ? ` and service_id = ${serviceId}` : ''}${type.table === 'users' ? " and role <> 'superadmin'" : ''}`;
    ids.own[segment] = await firstId(context.db, type.table, scope(a.id, a.electricityId));
    ids.otherTenant[segment] = await firstId(context.db, type.table, scope(b.id));
    allOtherTenantIds[segment] = await allIds(context.db, type.table, scope(b.id));
    if (type.serviceScoped) {
      ids.otherService[segment] = await firstId(context.db, type.table, scope(a.id, a.waterId));
      allOtherServiceIds[segment] = await allIds(context.db, type.table, scope(a.id, a.waterId));
    }
  }
  clients = await signInRoles(fixture);
});
afterAll(async () => context?.close());

/**
 * Objects the demo seed does not write, made through the API's own routes by each tenant's admin: a
 * credit note, an account payment, a cash handover and a route visit.
 */
async function seedAccountAndCash(tenant: Fixture['tenantA'], admin: Client, collector: Client) {
  const path = (rest: string) => `/api/services/${tenant.electricityId}/${rest}`;
  const scope = `tenant_id = ${tenant.id} and service_id = ${tenant.electricityId}`;
  const invoice = await firstId(context.db, 'invoices', `${scope} and status <> 'cancelled' and total >= 1000`);
  const customer = await firstId(context.db, 'customers', scope);
  const expectCreated = (what: string, response: { statusCode: number; body: string }) => {
    if (response.statusCode >= 300) throw new Error(`seeding ${what}: ${response.statusCode} ${response.body}`);
  };
  expectCreated('credit note', await admin.post(path(`invoices/${invoice}/credit-notes/`), { amount: '1', reason: 'Isolation' }));
  expectCreated('account payment', await admin.post(path(`customers/${customer}/payments/`), { amount: '1', method: 'cash' }));
  expectCreated('route visit', await admin.post(path('routes/visits/'), { customer, outcome: 'absent', note: 'Isolation' }));
  const unpaid = await firstId(context.db, 'invoices', `${scope} and status in ('unpaid', 'partially_paid') and id <> ${invoice}`);
  expectCreated('payment taken by the collector', await collector.put(path(`invoices/${unpaid}/create_payment/`), { amount: '1' }));
  const held = (await admin.get(path(`cash/?collector=${tenant.users.collector}&state=held`))).json() as { id: number; amount: string }[];
  if (!held.length) throw new Error('seeding a handover: the collector holds no payment');
  expectCreated(
    'cash handover',
    await admin.post(path('cash/handovers/'), {
      collector: tenant.users.collector,
      payments: [first(held).id],
      counted_amount: first(held).amount,
    }),
  );
}

/**
 * The rest of a body that is valid for the route but for the id field under test, so that the
 * answer is about that id (and not about a field the generic body lacks).
 */
function validBodyFor(url: string, key: string): Record<string, unknown> {
  const a = fixture.tenantA;
  if (url.endsWith('/tariffs/')) return { effective_from: '2026-10-01', unit_price: '1' };
  if (url.endsWith('/invoices/') && key === 'customer') return { lines: [{ description: 'Isolation', quantity: '1', unit_price: '1' }] };
  if (url.endsWith('/cash/handovers/'))
    return { collector: a.users.collector, payments: [ids.own.payments], counted_amount: '1', reason: 'Isolation' };
  if (url.endsWith('/routes/visits/')) return { outcome: 'absent' };
  if (url.endsWith('/routes/assignments/')) return key === 'collector' ? { region: a.regionId } : { collector: a.users.collector };
  if (url.endsWith('/transaction/transactions/'))
    return { kind: 'expense', service: a.electricityId, from_user: a.users.accountant, to_user: a.users.admin, description: 'Isolation' };
  if (url.endsWith('/customers/:id/'))
    return key === 'region' ? { street: null, building: null } : key === 'street' ? { region: a.regionId, building: null } : {};
  return {};
}

function permissionHooksOf(route: RouteOptions): PermissionHook[] {
  const hooks = [route.onRequest ?? []].flat() as unknown[];
  return hooks.filter((hook): hook is PermissionHook => typeof hook === 'function' && Array.isArray((hook as PermissionHook).permissions));
}
const isAllowed = (role: RoleUnderTest, hooks: PermissionHook[]) =>
  hooks.every((hook) =>
    hook.permissions.length === 0 ? role !== 'superadmin' : hook.permissions.some(([action, subject]) => can(role, action, subject)),
  );

/** The route's parameters with the segment (type) each names. */
function paramsOf(url: string): { param: string; segment: string }[] {
  const parts = url.split('/');
  return parts.flatMap((part, index) =>
    part.startsWith(':')
      ? [{ param: part, segment: parts[index - 1] === 'streets' && part === ':streetId' ? 'streets' : (parts[index - 1] ?? '') }]
      : [],
  );
}

function fill(url: string, values: Record<string, number>): string {
  return url.replace(/:[A-Za-z]+/g, (param) => String(values[param] ?? 999999));
}

const tenantRoutes = () =>
  context.routes.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/docs') &&
      !route.url.startsWith('/api/tenants') &&
      !route.url.startsWith('/api/media') &&
      route.method !== 'HEAD' &&
      permissionHooksOf(route).length > 0,
  );

function shapeKeys(schema: unknown): string[] {
  let current = schema as z.ZodType | undefined;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    const def = (current as unknown as { def?: { in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType; out?: z.ZodType } }).def;
    current = def?.innerType ?? def?.in ?? def?.schema;
  }
  return [];
}

const summaryOf = (response: { statusCode: number; body: string }) => {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    // CSV or PDF
  }
  const fields = Object.keys(body)
    .filter((key) => !['code', 'errors', 'params', 'detail'].includes(key))
    .sort();
  return { status: response.statusCode, code: body.code, fields: response.statusCode === 400 ? fields : [] };
};

describe('tenant isolation, generated from the route table', () => {
  it('path ids, body and query ids, list rows, CSV exports and PDFs of another tenant or service: indistinguishable from a missing id, rows untouched', async () => {
    const before = await tenantSnapshot(context.db, fixture.tenantB.id);
    const failures: string[] = [];
    const counts = {
      routes: 0,
      pathChecks: 0,
      bodyChecks: 0,
      bodyNamed: 0,
      queryChecks: 0,
      listRows: 0,
      csvExports: 0,
      pdfs: 0,
      listsChecked: 0,
    };
    const untestedTypes = new Set<string>();
    const notNamed: string[] = [];
    const foreignRows: string[] = [];
    for (const table of REQUIRED_FOREIGN_TABLES) {
      const result = (await context.db.execute(
        sql.raw(`select count(*)::int as n from ${table} where tenant_id = ${fixture.tenantB.id}`),
      )) as unknown as { rows: { n: number }[] };
      foreignRows.push(`${table}:${first(result.rows).n}`);
      if (!first(result.rows).n) failures.push(`the other tenant owns no ${table} row: the table is not walked with one`);
    }
    for (const route of tenantRoutes()) {
      counts.routes += 1;
      const methods = [route.method].flat();
      const params = paramsOf(route.url);
      for (const method of methods) {
        for (const role of ROLES_UNDER_TEST) {
          if (!isAllowed(role, permissionHooksOf(route))) continue;
          const client = clients[role];
          const own: Record<string, number> = {};
          for (const { param, segment } of params) if (ids.own[segment] !== undefined) own[param] = ids.own[segment]!;
          // A round's building is asked for one collector's round: the office names the collector (400 otherwise);
          // the billing run's "print all" names its period.
          const requiredQuery = (url: string) =>
            url.includes('/routes/buildings/')
              ? `collector=${fixture.tenantA.users.collector}`
              : url.includes('/invoices/print/')
                ? 'period_start=2026-10-01&period_end=2026-10-31'
                : '';
          const withRequiredQuery = (url: string) =>
            requiredQuery(url) ? `${url}${url.includes('?') ? '&' : '?'}${requiredQuery(url)}` : url;
          const send = (url: string, body?: unknown) =>
            client.request({
              method: method as 'GET',
              url: withRequiredQuery(url),
              ...(body === undefined || method === 'GET' ? {} : { payload: body as string }),
              headers: { 'idempotency-key': `iso-${Math.random()}` },
            });
          // 1. Path ids: another tenant's (or service's) object answers exactly as a missing one, 404 on reads.
          for (const { param, segment } of params) {
            for (const [kind, foreign] of [
              ['other tenant', ids.otherTenant[segment]],
              ['other service', ids.otherService[segment]],
            ] as const) {
              if (foreign === undefined) {
                if (kind === 'other tenant') untestedTypes.add(segment);
                continue;
              }
              const body = method === 'GET' || method === 'DELETE' ? undefined : {};
              const foreignAnswer = summaryOf(await send(fill(route.url, { ...own, [param]: foreign }), body));
              const missingAnswer = summaryOf(await send(fill(route.url, { ...own, [param]: 999999 }), body));
              counts.pathChecks += 1;
              if (route.url.endsWith('/pdf/')) counts.pdfs += 1;
              if (JSON.stringify(foreignAnswer) !== JSON.stringify(missingAnswer) || (method === 'GET' && foreignAnswer.status !== 404)) {
                failures.push(
                  `${method} ${route.url} ${param}=${kind} as ${role}: ${JSON.stringify(foreignAnswer)} vs missing ${JSON.stringify(missingAnswer)}`,
                );
              }
            }
          }
          const ownUrl = fill(route.url, own);
          // 2. Ids in queries (filters of lists) and bodies: as a nonexistent id.
          const queryKeys = method === 'GET' ? shapeKeys(route.schema?.querystring) : [];
          for (const key of queryKeys.filter((name) => ID_FIELDS[name])) {
            const segment = Object.entries(TYPE_OF_SEGMENT).find(
              ([name, type]) => type.table === ID_FIELDS[key] || name === ID_FIELDS[key],
            )?.[0];
            const foreign = segment ? ids.otherTenant[segment] : undefined;
            if (foreign === undefined) continue;
            const joiner = ownUrl.includes('?') ? '&' : '?';
            const foreignResponse = await send(`${ownUrl}${joiner}${key}=${foreign}`);
            const missingResponse = await send(`${ownUrl}${joiner}${key}=999999`);
            counts.queryChecks += 1;
            const foreignRows = foreignResponse.statusCode === 200 ? JSON.stringify(foreignResponse.json()) : '';
            if (
              JSON.stringify(summaryOf(foreignResponse)) !== JSON.stringify(summaryOf(missingResponse)) ||
              foreignRows.includes('OtherTenantMarker')
            ) {
              failures.push(
                `${method} ${route.url}?${key}=other tenant as ${role}: ${foreignResponse.statusCode} vs missing ${missingResponse.statusCode}`,
              );
            }
          }
          const bodyKeys = method === 'POST' || method === 'PUT' ? shapeKeys(route.schema?.body) : [];
          for (const key of bodyKeys.filter((name) => ID_FIELDS[name])) {
            const segment = Object.entries(TYPE_OF_SEGMENT).find(
              ([name, type]) => type.table === ID_FIELDS[key] || name === ID_FIELDS[key],
            )?.[0];
            const foreign = segment ? ids.otherTenant[segment] : undefined;
            if (foreign === undefined) continue;
            const base = {
              period_start: '2026-10-01',
              period_end: '2026-10-31',
              full_name: 'Iso',
              name: 'Iso',
              value: '10',
              amount: '1',
              lines: undefined,
              ...validBodyFor(route.url, key),
            };
            const asField = LIST_ID_FIELDS[key] ?? ((id: number) => id);
            const foreignAnswer = summaryOf(await send(ownUrl, { ...base, [key]: asField(foreign) }));
            const missingAnswer = summaryOf(await send(ownUrl, { ...base, [key]: asField(999999) }));
            counts.bodyChecks += 1;
            if (foreignAnswer.status === 400 && foreignAnswer.fields.some((field) => field === key || field.startsWith(`${key}.`)))
              counts.bodyNamed += 1;
            else notNamed.push(`${method} ${route.url} ${key} as ${role}: ${JSON.stringify(foreignAnswer)}`);
            if (JSON.stringify(foreignAnswer) !== JSON.stringify(missingAnswer) || foreignAnswer.status < 400) {
              failures.push(
                `${method} ${route.url} body ${key}=other tenant as ${role}: ${JSON.stringify(foreignAnswer)} vs missing ${JSON.stringify(missingAnswer)}`,
              );
            }
          }
          // 3. Lists and CSV exports: every row the caller's own (tenant and service).
          if (method === 'GET' && !route.url.endsWith('/:id/') && !route.url.endsWith('/pdf/') && !ownUrl.includes('999999')) {
            const response = await send(`${ownUrl}${ownUrl.includes('?') ? '&' : '?'}page_size=100`);
            if (response.statusCode === 200 && String(response.headers['content-type']).includes('json')) {
              counts.listsChecked += 1;
              const body = response.json() as unknown;
              const rows = (Array.isArray(body) ? body : ((body as { results?: unknown[] }).results ?? [])) as { id?: number }[];
              const lastSegment =
                route.url
                  .split('/')
                  .filter((part) => part && !part.startsWith(':'))
                  .at(-1) ?? '';
              for (const row of rows) {
                counts.listRows += 1;
                if (row.id !== undefined && (allOtherTenantIds[lastSegment]?.has(row.id) || allOtherServiceIds[lastSegment]?.has(row.id)))
                  failures.push(`${route.url} as ${role}: row ${row.id} of another tenant/service`);
              }
              if (/OtherTenantMarker|OtherServiceMarker/.test(response.body))
                failures.push(`${route.url} as ${role}: another tenant's or service's name in the list`);
              if (shapeKeys(route.schema?.querystring).includes('format')) {
                const csv = await send(`${ownUrl}${ownUrl.includes('?') ? '&' : '?'}format=csv`);
                counts.csvExports += 1;
                if (csv.statusCode !== 200 || /OtherTenantMarker|OtherServiceMarker/.test(csv.body))
                  failures.push(`${route.url}?format=csv as ${role}: ${csv.statusCode}, foreign rows`);
              }
            }
          }
        }
      }
    }
    const after = await tenantSnapshot(context.db, fixture.tenantB.id);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    console.info(
      `tenant-isolation: routes=${counts.routes} path-checks=${counts.pathChecks} (pdf=${counts.pdfs}) query-id-checks=${counts.queryChecks} body-id-checks=${counts.bodyChecks} ` +
        `(400-on-the-field=${counts.bodyNamed}) lists=${counts.listsChecked} list-rows=${counts.listRows} csv-exports=${counts.csvExports} leaks=${failures.length} other-tenant-tables-changed=${changed.length}/${Object.keys(before).length} types-without-row=${[...untestedTypes].join('|') || 'none'}`,
    );
    console.info(`tenant-isolation-foreign-rows: ${foreignRows.join(' ')}`);
    if (notNamed.length) console.info(`tenant-isolation-body-ids-not-400-on-field:\n  ${notNamed.join('\n  ')}`);
    expect(notNamed).toEqual([]);
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
    expect(counts.pathChecks).toBeGreaterThan(100);
  });
});
