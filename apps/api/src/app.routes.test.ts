import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@meterline/contract/roles';
import { first } from '@meterline/contract/invariant';
import { buildings, regions, streets } from './db/schema/index';
import { createFixture, type Fixture } from '../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../test/harness';

/**
 * Every role on every route of the tenants, config, services and address modules (and the users
 * list calls): allowed with its success status, or 403 permission_denied. The permission is checked
 * before the body is read, so a refused caller gets 403 even with an invalid body.
 */
let context: TestContext;
let fixture: Fixture;
const clients = {} as Record<Role, Client>;
const ids: Record<string, number> = {};
let counter = 0;
const unique = (prefix: string) => `${prefix}${(counter += 1)}`;

const TENANT_ROLES: Role[] = ['admin', 'accountant', 'support', 'collector'];

beforeAll(async () => {
  context = await createTestContext({ env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000' } });
  fixture = await createFixture(context);
  clients.superadmin = await fixture.as('superadmin');
  for (const role of TENANT_ROLES) clients[role] = await fixture.as(`a.${role}`);
  // A third client for the superadmin's writes (blocking it touches nobody's session).
  const tenantC = (await clients.superadmin.post('/api/tenants/', { name: 'Tenant C', slug: 'tenant-c' })).json();
  ids.tenantC = tenantC.id;
  ids.userC = (
    await clients.superadmin.post(`/api/tenants/${tenantC.id}/users/`, { username: 'c.admin', password: 'c-admin-pass', role: 'admin' })
  ).json().id;
  ids.settingsA = (await clients.admin.get('/api/config/')).json().id;
  const a = fixture.tenantA;
  Object.assign(ids, { tenantA: a.id, regionA: a.regionId, streetA: a.streetId, buildingA: a.buildingId });
  // Throwaway addresses for the admin's deletes.
  const regionToDelete = first(
    await context.db.insert(regions).values({ tenantId: a.id, name: 'Region to delete' }).returning(),
    'a row inserted into regions',
  );
  const streetToDelete = first(
    await context.db.insert(streets).values({ tenantId: a.id, regionId: a.regionId, name: 'Street to delete' }).returning(),
    'a row inserted into streets',
  );
  const buildingToDelete = first(
    await context.db.insert(buildings).values({ tenantId: a.id, streetId: a.streetId, name: 'Building to delete' }).returning(),
    'a row inserted into buildings',
  );
  ids.regionToDelete = regionToDelete.id;
  ids.streetToDelete = streetToDelete.id;
  ids.buildingToDelete = buildingToDelete.id;
});
afterAll(async () => context?.close());

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** With {placeholders} filled from `ids`: the test names read as the paths. */
  path: string;
  body?: () => Record<string, unknown>;
  allowed: Role[];
  status: number;
}

const urlOf = (path: string) => path.replace(/\{(\w+)\}/g, (_, key: string) => String(ids[key]));
const STREETS = '/api/regions/{regionA}/streets/';
const BUILDINGS = '/api/regions/{regionA}/streets/{streetA}/buildings/';

const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/tenants/', allowed: ['superadmin'], status: 200 },
  { method: 'POST', path: '/api/tenants/', body: () => ({ name: 'New', slug: unique('new-') }), allowed: ['superadmin'], status: 201 },
  { method: 'GET', path: '/api/tenants/aliases/', allowed: ['superadmin'], status: 200 },
  { method: 'GET', path: '/api/tenants/{tenantA}/', allowed: ['superadmin'], status: 200 },
  { method: 'PUT', path: '/api/tenants/{tenantC}/', body: () => ({ phone: '1' }), allowed: ['superadmin'], status: 200 },
  { method: 'GET', path: '/api/tenants/{tenantC}/block/', allowed: ['superadmin'], status: 200 },
  { method: 'GET', path: '/api/tenants/{tenantC}/unblock/', allowed: ['superadmin'], status: 200 },
  { method: 'GET', path: '/api/tenants/{tenantC}/users/', allowed: ['superadmin'], status: 200 },
  {
    method: 'POST',
    path: '/api/tenants/{tenantC}/users/',
    body: () => ({ username: unique('c.user'), password: 'long-enough-1', role: 'support' }),
    allowed: ['superadmin'],
    status: 201,
  },
  { method: 'GET', path: '/api/tenants/{tenantC}/users/{userC}/', allowed: ['superadmin'], status: 200 },
  { method: 'PUT', path: '/api/tenants/{tenantC}/users/{userC}/', body: () => ({ phone: '2' }), allowed: ['superadmin'], status: 200 },
  { method: 'GET', path: '/api/tenants/{tenantC}/users/{userC}/reset-password/', allowed: ['superadmin'], status: 200 },

  { method: 'GET', path: '/api/config/', allowed: ['admin'], status: 200 },
  { method: 'PUT', path: '/api/config/{settingsA}/', body: () => ({ invoice_footer: 'Thanks' }), allowed: ['admin'], status: 200 },
  { method: 'DELETE', path: '/api/config/logo/', allowed: ['admin'], status: 204 },

  { method: 'GET', path: '/api/services/', allowed: TENANT_ROLES, status: 200 },

  { method: 'GET', path: '/api/regions/', allowed: TENANT_ROLES, status: 200 },
  { method: 'POST', path: '/api/regions/', body: () => ({ name: unique('Region ') }), allowed: ['admin'], status: 201 },
  { method: 'PUT', path: '/api/regions/{regionA}/', body: () => ({ name: 'Region a' }), allowed: ['admin'], status: 200 },
  { method: 'DELETE', path: '/api/regions/{regionToDelete}/', allowed: ['admin'], status: 204 },
  { method: 'GET', path: STREETS, allowed: TENANT_ROLES, status: 200 },
  { method: 'POST', path: STREETS, body: () => ({ name: unique('Street ') }), allowed: ['admin'], status: 201 },
  { method: 'PUT', path: `${STREETS}{streetA}/`, body: () => ({ name: 'Street a' }), allowed: ['admin'], status: 200 },
  { method: 'DELETE', path: `${STREETS}{streetToDelete}/`, allowed: ['admin'], status: 204 },
  { method: 'GET', path: BUILDINGS, allowed: TENANT_ROLES, status: 200 },
  { method: 'POST', path: BUILDINGS, body: () => ({ name: unique('Building ') }), allowed: ['admin'], status: 201 },
  { method: 'PUT', path: `${BUILDINGS}{buildingA}/`, body: () => ({ name: 'Building a' }), allowed: ['admin'], status: 200 },
  { method: 'DELETE', path: `${BUILDINGS}{buildingToDelete}/`, allowed: ['admin'], status: 204 },

  { method: 'GET', path: '/api/auth/users/', allowed: ['admin', 'accountant'], status: 200 },
  { method: 'GET', path: '/api/auth/users/roles/', allowed: ['superadmin', 'admin'], status: 200 },
  { method: 'GET', path: '/api/auth/users/me/', allowed: [...ROLES], status: 200 },
];

describe('every role on every route', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: ${route.allowed.join(', ')} ${route.status}, the others 403`, async () => {
      const results: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const role of ROLES) {
        const response = await clients[role].request({ method: route.method, url: urlOf(route.path), payload: route.body?.() });
        results[role] = response.statusCode;
        expected[role] = route.allowed.includes(role) ? route.status : 403;
        if (response.statusCode === 403)
          expect(response.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
      }
      expect(results).toEqual(expected);
    });
  }

  it('refuses before validating: a refused caller with an invalid body gets 403, not 400', async () => {
    for (const role of ['superadmin', 'accountant', 'support', 'collector'] as const) {
      expect((await clients[role].post('/api/regions/', { name: '' })).statusCode).toBe(403);
      expect((await clients[role].put(`/api/config/${ids.settingsA}/`, { tax_rate: 'abc' })).statusCode).toBe(403);
    }
    for (const role of TENANT_ROLES) expect((await clients[role].post('/api/tenants/', {})).statusCode).toBe(403);
  });

  it('answers 401 without a token on every route but the public ones', async () => {
    for (const route of ROUTES) {
      const response = await context.app.inject({ method: route.method, url: urlOf(route.path), payload: route.body?.() });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every route of these modules with its answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const expected: [string, string, string[]][] = [
      ['/api/tenants/', 'get', ['200', '400', '401', '403']],
      ['/api/tenants/', 'post', ['201', '400', '401', '403']],
      ['/api/tenants/aliases/', 'get', ['200', '401', '403']],
      ['/api/tenants/{id}/', 'get', ['200', '401', '403', '404']],
      ['/api/tenants/{id}/', 'put', ['200', '400', '401', '403', '404']],
      ['/api/tenants/{id}/block/', 'get', ['200', '401', '403', '404']],
      ['/api/tenants/{id}/unblock/', 'get', ['200', '401', '403', '404']],
      ['/api/tenants/{id}/users/', 'get', ['200', '401', '403', '404']],
      ['/api/tenants/{id}/users/', 'post', ['201', '400', '401', '403', '404', '409']],
      ['/api/tenants/{id}/users/{userId}/', 'get', ['200', '401', '403', '404']],
      ['/api/tenants/{id}/users/{userId}/', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/tenants/{id}/users/{userId}/reset-password/', 'get', ['200', '401', '403', '404']],
      ['/api/config/', 'get', ['200', '401', '403']],
      ['/api/config/{id}/', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/config/logo/', 'delete', ['204', '401', '403']],
      ['/api/media/{name}', 'get', ['200', '401', '404']],
      ['/api/services/', 'get', ['200', '401', '403']],
      ['/api/regions/', 'get', ['200', '401', '403']],
      ['/api/regions/', 'post', ['201', '400', '401', '403', '409']],
      ['/api/regions/{id}/', 'put', ['200', '400', '401', '403', '404']],
      ['/api/regions/{id}/', 'delete', ['204', '401', '403', '404', '409']],
      ['/api/regions/{regionId}/streets/', 'get', ['200', '401', '403', '404']],
      ['/api/regions/{regionId}/streets/', 'post', ['201', '400', '404']],
      ['/api/regions/{regionId}/streets/{id}/', 'put', ['200', '400', '404']],
      ['/api/regions/{regionId}/streets/{id}/', 'delete', ['204', '404', '409']],
      ['/api/regions/{regionId}/streets/{streetId}/buildings/', 'get', ['200', '404']],
      ['/api/regions/{regionId}/streets/{streetId}/buildings/', 'post', ['201', '400', '404']],
      ['/api/regions/{regionId}/streets/{streetId}/buildings/{id}/', 'put', ['200', '400', '404']],
      ['/api/regions/{regionId}/streets/{streetId}/buildings/{id}/', 'delete', ['204', '404', '409']],
    ];
    const missing: string[] = [];
    for (const [path, method, statuses] of expected) {
      const operation = document.paths[path]?.[method];
      if (!operation) {
        missing.push(`${method.toUpperCase()} ${path}`);
        continue;
      }
      for (const status of statuses) if (!operation.responses?.[status]) missing.push(`${method.toUpperCase()} ${path} ${status}`);
    }
    expect(missing).toEqual([]);
    expect(Object.keys(document.components.schemas.Tenant?.properties ?? {})).toEqual([
      'id',
      'name',
      'slug',
      'email',
      'phone',
      'address',
      'db_alias',
      'is_blocked',
      'created_at',
      'users_count',
    ]);
    expect(Object.keys(document.components.schemas.Config?.properties ?? {})).toContain('currency_decimals');
    // Every reference resolves (the contract's named schemas are in components).
    const references = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(references.length).toBeGreaterThan(0);
    expect(references.filter((name) => !document.components.schemas[name])).toEqual([]);
  });
});
