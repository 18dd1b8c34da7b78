import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { first, nth } from '@meterline/contract/invariant';
import { auditLog, users } from '../../db/schema/index';
import { createFixture, TEST_PASSWORD, type Fixture } from '../../../test/fixtures';
import { createTestContext, signIn, type Client, type TestContext } from '../../../test/harness';

let context: TestContext;
let fixture: Fixture;
const ROLES = ['superadmin', 'admin', 'accountant', 'support', 'collector'] as const;
const clients = {} as Record<(typeof ROLES)[number], Client>; // filled in beforeAll

let targetId: number;

beforeAll(async () => {
  context = await createTestContext({ env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000' } });
  fixture = await createFixture(context);
  for (const role of ROLES) clients[role] = await fixture.as(role === 'superadmin' ? 'superadmin' : `a.${role}`);
  // A staff member that is none of the callers, so "own record" rules do not apply.
  targetId = (
    await clients.admin.post('/api/auth/users/', { username: 'target.user', password: 'a-good-pass-1', role: 'collector' })
  ).json().id;
});
afterAll(async () => context?.close());

let counter = 0;
const newUserBody = (role = 'collector') => ({ username: `new.user${(counter += 1)}`, password: 'a-good-pass-1', role, first_name: 'New' });

describe('each role on each users route (allowed or 403)', () => {
  const cases: { name: string; allowed: string[]; call: (client: Client) => Promise<{ statusCode: number }> }[] = [
    { name: 'GET /auth/users/', allowed: ['admin', 'accountant'], call: (client) => client.get('/api/auth/users/') },
    { name: 'POST /auth/users/', allowed: ['admin'], call: (client) => client.post('/api/auth/users/', newUserBody()) },
    { name: 'GET /auth/users/roles/', allowed: ['admin', 'superadmin'], call: (client) => client.get('/api/auth/users/roles/') },
    { name: 'GET /auth/users/{other}/', allowed: ['admin', 'accountant'], call: (client) => client.get(`/api/auth/users/${targetId}/`) },
    {
      name: 'PUT /auth/users/{other}/',
      allowed: ['admin'],
      call: (client) => client.put(`/api/auth/users/${targetId}/`, { phone: '+961 3 000' }),
    },
    {
      name: 'POST /auth/users/{other}/reset_password/',
      allowed: ['admin'],
      call: (client) => client.post(`/api/auth/users/${targetId}/reset_password/`),
    },
    { name: 'GET /auth/users/me/', allowed: [...ROLES], call: (client) => client.get('/api/auth/users/me/') },
    { name: 'POST /auth/users/me/otp/', allowed: [...ROLES], call: (client) => client.post('/api/auth/users/me/otp/') },
  ];
  for (const testCase of cases) {
    it(testCase.name, async () => {
      const outcomes: Record<string, number> = {};
      for (const role of ROLES) outcomes[role] = (await testCase.call(clients[role])).statusCode;
      for (const role of ROLES) {
        if (testCase.allowed.includes(role)) expect(outcomes[role], `${role} should be allowed`).toBeLessThan(300);
        else expect(outcomes[role], `${role} should be refused`).toBe(403);
      }
    });
  }
  it('DELETE /auth/users/{id}/ (deactivate): admin only', async () => {
    for (const role of ['accountant', 'support', 'collector', 'superadmin'] as const) {
      const target = await clients.admin.post('/api/auth/users/', newUserBody());
      expect((await clients[role].delete(`/api/auth/users/${target.json().id}/`)).statusCode).toBe(403);
    }
    const target = await clients.admin.post('/api/auth/users/', newUserBody());
    expect((await clients.admin.delete(`/api/auth/users/${target.json().id}/`)).statusCode).toBe(204);
    const row = first(await context.db.select().from(users).where(eq(users.id, target.json().id)), 'a row from users');
    expect(row.isActive).toBe(false);
  });
});

describe('tenant boundaries', () => {
  it("another tenant's user is a 404, exactly like a missing one", async () => {
    const other = fixture.tenantB.users.support;
    for (const response of [
      await clients.admin.get(`/api/auth/users/${other}/`),
      await clients.admin.put(`/api/auth/users/${other}/`, { first_name: 'Hacked' }),
      await clients.admin.delete(`/api/auth/users/${other}/`),
      await clients.admin.post(`/api/auth/users/${other}/reset_password/`),
      await clients.admin.get('/api/auth/users/999999/'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    const row = first(await context.db.select().from(users).where(eq(users.id, other)), 'a row from users');
    expect(row.firstName).not.toBe('Hacked');
  });

  it("lists only the caller's tenant", async () => {
    const response = await clients.admin.get('/api/auth/users/?page_size=100');
    const tenantIds = new Set(response.json().results.map((user: { tenant: number }) => user.tenant));
    expect([...tenantIds]).toEqual([fixture.tenantA.id]);
  });

  it('a bad id in a path is a 404, never a 500', async () => {
    expect((await clients.admin.get('/api/auth/users/abc/')).statusCode).toBe(404);
    expect((await clients.admin.get('/api/auth/users/-1/')).statusCode).toBe(404);
  });
});

describe('mass assignment and roles', () => {
  it('refuses tenant and is_superuser in a body, on create and on update', async () => {
    const created = await clients.admin.post('/api/auth/users/', { ...newUserBody(), tenant: fixture.tenantB.id, is_superuser: true });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ tenant: expect.any(Array), is_superuser: expect.any(Array) });
    const updated = await clients.admin.put(`/api/auth/users/${fixture.tenantA.users.collector}/`, { is_superuser: true });
    expect(updated.statusCode).toBe(400);
    const self = await clients.support.put(`/api/auth/users/${fixture.tenantA.users.support}/`, { tenant: fixture.tenantB.id });
    expect(self.statusCode).toBe(400);
  });

  it('roles: only tenant roles can be assigned; nobody changes their own role', async () => {
    const superadminRole = await clients.admin.post('/api/auth/users/', newUserBody('superadmin'));
    expect(superadminRole.statusCode).toBe(400);
    expect(superadminRole.json()).toHaveProperty('role');
    const ownRole = await clients.admin.put(`/api/auth/users/${fixture.tenantA.users.admin}/`, { role: 'collector' });
    expect(ownRole.statusCode).toBe(400);
    const supportOwnRole = await clients.support.put(`/api/auth/users/${fixture.tenantA.users.support}/`, { role: 'admin' });
    expect(supportOwnRole.statusCode).toBe(403);
    const roles = await clients.admin.get('/api/auth/users/roles/');
    expect(roles.json()).toEqual([
      { value: 'admin', label: 'Admin' },
      { value: 'accountant', label: 'Accountant' },
      { value: 'support', label: 'Support' },
      { value: 'collector', label: 'Collector' },
    ]);
  });

  it('nobody deactivates or demotes themselves (400), so a tenant keeps an admin', async () => {
    const demote = await clients.admin.put(`/api/auth/users/${fixture.tenantA.users.admin}/`, { role: 'support' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toHaveProperty('role');
    expect((await clients.admin.put(`/api/auth/users/${fixture.tenantA.users.admin}/`, { is_active: false })).statusCode).toBe(400);
    expect((await clients.admin.delete(`/api/auth/users/${fixture.tenantA.users.admin}/`)).statusCode).toBe(400);
    expect((await clients.admin.get('/api/auth/users/me/')).statusCode).toBe(200);
  });
});

describe('list conventions', () => {
  it('pages with count, next and previous; caps page_size at 100; a page past the end is 404', async () => {
    const first = await clients.admin.get('/api/auth/users/?page_size=2&ordering=username');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBeGreaterThan(2);
    expect(body.count_capped).toBe(false);
    expect(body.results).toHaveLength(2);
    expect(body.next).toContain('page=2');
    expect(body.previous).toBeNull();
    const second = await clients.admin.get('/api/auth/users/?page_size=2&ordering=username&page=2');
    expect(second.json().previous).not.toBeNull();
    expect(second.json().results[0].username > body.results[1].username).toBe(true);
    const big = await clients.admin.get('/api/auth/users/?page_size=5000');
    expect(big.statusCode).toBe(200);
    const past = await clients.admin.get('/api/auth/users/?page=999');
    expect(past.statusCode).toBe(404);
    expect(past.json().detail).toBe('Invalid page.');
  });

  it('orders, searches and filters; an unknown ordering field is a 400', async () => {
    const descending = (await clients.admin.get('/api/auth/users/?ordering=-username'))
      .json()
      .results.map((user: { username: string }) => user.username);
    expect(descending).toEqual([...descending].sort().reverse());
    const search = (await clients.admin.get('/api/auth/users/?search=COLLECT')).json();
    expect(search.results.every((user: { username: string; role: string }) => `${user.username}${user.role}`.includes('collect'))).toBe(
      true,
    );
    const collectors = (await clients.admin.get('/api/auth/users/?role=collector')).json();
    expect(collectors.results.length).toBeGreaterThan(0);
    expect(collectors.results.every((user: { role: string }) => user.role === 'collector')).toBe(true);
    const literal = (await clients.admin.get('/api/auth/users/?search=%25')).json();
    expect(literal.count).toBe(0);
    const bad = await clients.admin.get('/api/auth/users/?ordering=password_hash');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('ordering');
    const badBool = await clients.admin.get('/api/auth/users/?is_active=maybe');
    expect(badBool.statusCode).toBe(400);
    expect(badBool.json()).toHaveProperty('is_active');
  });

  it('answers ?format=csv with every matching row, formula cells escaped', async () => {
    await clients.admin.post('/api/auth/users/', { ...newUserBody(), first_name: '=HYPERLINK("http://evil")' });
    const response = await clients.admin.get('/api/auth/users/?format=csv&search=new.user');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('id,username,first_name,last_name,email,phone,role,is_active,date_joined');
    const json = (await clients.admin.get('/api/auth/users/?search=new.user&page_size=100')).json();
    expect(lines.length - 1).toBe(json.count);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

describe('passwords', () => {
  it('an admin resets a staff password: the new one is answered once and works', async () => {
    const response = await clients.admin.post(`/api/auth/users/${fixture.tenantA.users.collector}/reset_password/`);
    expect(response.statusCode).toBe(200);
    const { np } = response.json();
    expect(np).toMatch(/^\S{12}$/);
    expect(
      (
        await context.app.inject({
          method: 'POST',
          url: '/api/auth/jwt/create/',
          payload: { username: 'a.collector', password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    clients.collector = await signIn(context.app, 'a.collector', np);
    const audit = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.action, 'reset_password')));
    expect(JSON.stringify(audit)).not.toContain(np);
  });

  it('set_password refuses a wrong current password and a weak new one', async () => {
    const wrong = await clients.support.post('/api/auth/users/set_password/', { current_password: 'nope', new_password: 'another-good-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('current_password');
    const weak = await clients.support.post('/api/auth/users/set_password/', { current_password: TEST_PASSWORD, new_password: '123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toHaveProperty('new_password');
  });

  it('reset by email: always 204; the emailed link sets a new password once', async () => {
    const unknown = await context.app.inject({
      method: 'POST',
      url: '/api/auth/users/reset_password/',
      payload: { email: 'nobody@example.com' },
    });
    expect(unknown.statusCode).toBe(204);
    expect(context.mailer.sent).toHaveLength(0);
    const known = await context.app.inject({
      method: 'POST',
      url: '/api/auth/users/reset_password/',
      payload: { email: 'b.support@example.com' },
    });
    expect(known.statusCode).toBe(204);
    // Sent after the answer (a known address must not answer differently): wait for it.
    await vi.waitFor(() => expect(context.mailer.sent).toHaveLength(1));
    const link = /\/reset-password\/([^/\s]+)\/([^/\s]+)/.exec(first(context.mailer.sent).text)!;
    const confirm = (token: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/users/reset_password_confirm/',
        payload: { uid: link[1], token, new_password: 'reset-pass-123' },
      });
    expect((await confirm(`${link[2]}x`)).statusCode).toBe(400);
    expect((await confirm(nth(link, 2))).statusCode).toBe(204);
    expect((await confirm(nth(link, 2))).statusCode).toBe(400); // single use: the password changed
    await signIn(context.app, 'b.support', 'reset-pass-123');
    expect(first(context.mailer.sent).subject).toBe('Meterline password reset');
    const arabic = await context.app.inject({
      method: 'POST',
      url: '/api/auth/users/reset_password/',
      payload: { email: 'b.support@example.com' },
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.statusCode).toBe(204);
    await vi.waitFor(() => expect(context.mailer.sent).toHaveLength(2));
    expect(nth(context.mailer.sent, 1).subject).toBe('إعادة تعيين كلمة المرور في Meterline');
    expect(nth(context.mailer.sent, 1).text).toMatch(/^مرحبًا /);
  });
});

describe('profile', () => {
  it('everyone updates their own name, phone and avatar; nothing else', async () => {
    const own = await clients.collector.put(`/api/auth/users/${fixture.tenantA.users.collector}/`, {
      first_name: 'Karim',
      phone: '+961 70 000 000',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ first_name: 'Karim', phone: '+961 70 000 000' });
    const superadmin = await clients.superadmin.put(`/api/auth/users/${fixture.superadminId}/`, { last_name: 'Root' });
    expect(superadmin.statusCode).toBe(200);
    expect((await clients.collector.put(`/api/auth/users/${fixture.tenantA.users.collector}/`, { is_active: false })).statusCode).toBe(403);
    expect((await clients.collector.get(`/api/auth/users/${fixture.tenantA.users.collector}/`)).statusCode).toBe(200);
  });

  it("chooses own digits (issue 17): null follows the tenant's default; another value is a 400 in the caller's language", async () => {
    const url = `/api/auth/users/${fixture.tenantA.users.collector}/`;
    const me = async () => (await clients.collector.get('/api/auth/users/me/')).json();
    expect(await me()).toMatchObject({ digits: null, tenant: { default_digits: 'arab' } });
    const chosen = await clients.collector.put(url, { digits: 'latn' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().digits).toBe('latn');
    expect((await me()).digits).toBe('latn');
    const bad = await clients.collector.put(url, { digits: '0123' }, { 'accept-language': 'ar' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_digits');
    expect(bad.json().digits).toEqual(['اختر الأرقام العربية المشرقية (arab) أو الغربية (latn).']);
    // Back to the tenant's default, which the tenant's admin changes for everyone who chose none.
    expect((await clients.collector.put(url, { digits: null })).json().digits).toBeNull();
    const settingsId = (await clients.admin.get('/api/config/')).json().id;
    await clients.admin.put(`/api/config/${settingsId}/`, { default_digits: 'latn' });
    expect(await me()).toMatchObject({ digits: null, tenant: { default_digits: 'latn' } });
    await clients.admin.put(`/api/config/${settingsId}/`, { default_digits: 'arab' });
  });

  it('every write leaves an audit row without secrets', async () => {
    const rows = await context.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(5);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain(TEST_PASSWORD);
  });
});

describe('OpenAPI', () => {
  it('documents every route with its responses', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, { responses: object }>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
    for (const path of [
      '/api/auth/jwt/create/',
      '/api/auth/users/',
      '/api/auth/users/{id}/',
      '/api/auth/users/me/',
      '/api/auth/users/{id}/reset_password/',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
    const ui = await context.app.inject({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
