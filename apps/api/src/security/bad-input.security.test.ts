import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicePath } from '../../test/billing';
import { createFixture, TEST_PASSWORD, type Fixture } from '../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../test/harness';

/** The inputs that once answered 500: each is now a 400 or a 404 (or a no-op). */
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let superadmin: Client;

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  superadmin = await fixture.as('superadmin');
});
afterAll(async () => {
  console.log(
    `bad-input: probes=${probes.length} 5xx=${probes.filter((status) => status >= 500).length} statuses=${[...new Set(probes)].sort().join(',')}`,
  );
  await context?.close();
});

/** Every answer to a hostile input, for the figure line. */
const probes: number[] = [];
const probed = (response: LightMyRequestResponse) => {
  probes.push(response.statusCode);
  return response;
};

const HUGE_ID = '2147483648';

describe('ids beyond a database integer name nothing', () => {
  it('in paths: 404 on every kind of route', async () => {
    const paths = [
      `/api/auth/users/${HUGE_ID}/`,
      `/api/services/${HUGE_ID}/customers/`,
      servicePath(fixture.tenantA, `bundles/${HUGE_ID}/`),
      servicePath(fixture.tenantA, `stations/${HUGE_ID}/`),
      servicePath(fixture.tenantA, `invoices/${HUGE_ID}/`),
      `/api/services/99999999999999999999/customers/`,
    ];
    const statuses = await Promise.all(paths.map(async (path) => probed(await admin.get(path)).statusCode));
    expect(statuses).toEqual(paths.map(() => 404));
    expect(probed(await superadmin.get(`/api/tenants/${HUGE_ID}/`)).statusCode).toBe(404);
  });

  it('on the media URL: 404', async () => {
    const response = probed(await admin.get(`/api/media/${'9'.repeat(10)}-${'0'.repeat(32)}.png`));
    expect(response.statusCode).toBe(404);
  });

  it('in a body: 400 on the field', async () => {
    const response = probed(await admin.post(servicePath(fixture.tenantA, 'stations/'), { name: 'Big', region: 2 ** 31 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('region');
  });
});

describe('NUL bytes', () => {
  it('in anonymous sign-in: 400 on the field', async () => {
    const response = probed(
      await context.app.inject({
        method: 'POST',
        url: '/api/auth/jwt/create/',
        payload: { username: 'a.admin\u0000', password: TEST_PASSWORD },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ username: ['Null characters are not allowed.'], code: 'null_character' });
  });

  it('in a body, a query and a path', async () => {
    const body = probed(await admin.post(servicePath(fixture.tenantA, 'bundles/'), { name: 'Nul\u0000bundle' }));
    expect(body.statusCode).toBe(400);
    expect(body.json()).toHaveProperty('name');
    const query = probed(await admin.get(`${servicePath(fixture.tenantA, 'customers/')}?search=a%00b`));
    expect(query.statusCode).toBe(400);
    expect(query.json()).toHaveProperty('search');
    const path = probed(await admin.get('/api/media/1-%00.png'));
    expect(path.statusCode).toBe(404);
  });
});

describe('empty updates change nothing', () => {
  it('PUT {} on a bundle, a station, a user and the own profile: 200, same values', async () => {
    const bundle = probed(await admin.post(servicePath(fixture.tenantA, 'bundles/'), { name: 'Basic', price: '10' }));
    expect(bundle.statusCode).toBe(201);
    const station = probed(await admin.post(servicePath(fixture.tenantA, 'stations/'), { name: 'North' }));
    expect(station.statusCode).toBe(201);
    const puts = [
      [servicePath(fixture.tenantA, `bundles/${bundle.json().id}/`), bundle.json().name],
      [servicePath(fixture.tenantA, `stations/${station.json().id}/`), station.json().name],
    ] as const;
    for (const [path, name] of puts) {
      const response = probed(await admin.put(path, {}));
      expect(response.statusCode).toBe(200);
      expect(response.json().name).toBe(name);
    }
    const user = probed(await admin.put(`/api/auth/users/${fixture.tenantA.users.collector}/`, {}));
    expect(user.statusCode).toBe(200);
    expect(user.json().username).toBe('a.collector');
    const own = probed(await admin.put(`/api/auth/users/${fixture.tenantA.users.admin}/`, {}));
    expect(own.statusCode).toBe(200);
    expect(own.json().username).toBe('a.admin');
  });
});

describe('long text', () => {
  it('a 3 KB username at sign-in and a 20 KB text anywhere: 400, never 500', async () => {
    const signIn = probed(
      await context.app.inject({ method: 'POST', url: '/api/auth/jwt/create/', payload: { username: 'u'.repeat(3000), password: 'x' } }),
    );
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toHaveProperty('username');
    const created = probed(
      await admin.post('/api/auth/users/', { username: 'u'.repeat(3000), password: 'Long-enough-pass-9', role: 'collector' }),
    );
    expect(created.statusCode).toBe(400);
    const notes = probed(await admin.post(servicePath(fixture.tenantA, 'stations/'), { name: 'Long', notes: 'n'.repeat(20_000) }));
    expect(notes.statusCode).toBe(400);
    expect(notes.json()).toHaveProperty('notes');
  });
});
