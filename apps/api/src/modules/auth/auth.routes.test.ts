import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { tenants, users } from '../../db/schema/index';
import { createFixture, TEST_PASSWORD, type Fixture } from '../../../test/fixtures';
import { clientWithToken, createTestContext, signIn, signRawToken, type TestContext } from '../../../test/harness';

let context: TestContext;
let fixture: Fixture;

beforeAll(async () => {
  context = await createTestContext({ env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000' } });
  fixture = await createFixture(context);
});
afterAll(async () => context?.close());

/** Codes follow the app's clock (the test clock), not the wall clock. */
const nowSeconds = () => Math.floor(context.clock.now().getTime() / 1000);

const create = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  context.app.inject({ method: 'POST', url: '/api/auth/jwt/create/', payload, remoteAddress: ip });

describe('sign-in', () => {
  it('answers access and refresh tokens for the right password', async () => {
    const response = await create({ username: 'a.admin', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(typeof body.access).toBe('string');
    expect(typeof body.refresh).toBe('string');
    const me = await clientWithToken(context.app, body.access).get('/api/auth/users/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: 'a.admin',
      role: 'admin',
      tenant: { id: fixture.tenantA.id, currency: 'USD', currency_decimals: 2 },
    });
    expect(me.json()).not.toHaveProperty('password_hash');
    expect(JSON.stringify(me.json())).not.toContain('argon2');
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const wrong = await create({ username: 'a.admin', password: 'nope-nope' }, '10.0.0.2');
    const unknown = await create({ username: 'ghost', password: 'nope-nope' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses missing fields with field messages', async () => {
    const response = await create({ username: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('password');
    expect(response.json()).toHaveProperty('username');
  });

  it('a superadmin signs in and has no tenant', async () => {
    const client = await fixture.as('superadmin');
    const me = await client.get('/api/auth/users/me/');
    expect(me.json()).toMatchObject({ role: 'superadmin', tenant: null });
  });
});

describe('one-time codes', () => {
  it('turns on from the profile, then asks for and checks a code once', async () => {
    const client = await fixture.as('a.support');
    const setup = await client.post('/api/auth/users/me/otp/');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri: uri } = setup.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const wrongConfirm = await client.post('/api/auth/users/me/otp/confirm/', { code: '000000' });
    expect(wrongConfirm.statusCode).toBe(400);
    // Confirm with the code of the previous step so the current one stays usable for sign-in.
    const previousCode = generateSync({ secret, epoch: nowSeconds() - 30 });
    expect((await client.post('/api/auth/users/me/otp/confirm/', { code: previousCode })).statusCode).toBe(204);

    const missing = await create({ username: 'a.support', password: TEST_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'otp_required' });
    expect(missing.json().otp).toHaveLength(1);

    const invalid = await create({ username: 'a.support', password: TEST_PASSWORD, otp: '123456' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'otp_invalid' });

    const code = generateSync({ secret, epoch: nowSeconds() });
    expect((await create({ username: 'a.support', password: TEST_PASSWORD, otp: code })).statusCode).toBe(200);
    // The same code works only once.
    const replay = await create({ username: 'a.support', password: TEST_PASSWORD, otp: code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'otp_invalid' });

    // Off again with a valid code (the next step's, as the current one was used).
    const nextCode = generateSync({ secret, epoch: nowSeconds() + 30 });
    expect((await client.delete('/api/auth/users/me/otp/', { code: nextCode })).statusCode).toBe(204);
    expect((await create({ username: 'a.support', password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate, are single-use, and a reuse revokes the whole family', async () => {
    const first = await signIn(context.app, 'a.accountant', TEST_PASSWORD);
    const rotated = await context.app.inject({ method: 'POST', url: '/api/auth/jwt/refresh/', payload: { refresh: first.refresh } });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh).not.toBe(first.refresh);

    // Past the grace window (two tabs refreshing at once are not a reuse: see sessions.security.test.ts).
    context.clock.advance(31);
    const reuse = await context.app.inject({ method: 'POST', url: '/api/auth/jwt/refresh/', payload: { refresh: first.refresh } });
    expect(reuse.statusCode).toBe(401);
    // The family is revoked: the newest refresh token no longer works either.
    const afterReuse = await context.app.inject({ method: 'POST', url: '/api/auth/jwt/refresh/', payload: { refresh: second.refresh } });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('logout revokes the family and always answers 204', async () => {
    const client = await signIn(context.app, 'a.accountant', TEST_PASSWORD);
    const logout = await context.app.inject({ method: 'POST', url: '/api/auth/jwt/logout/', payload: { refresh: client.refresh } });
    expect(logout.statusCode).toBe(204);
    const refresh = await context.app.inject({ method: 'POST', url: '/api/auth/jwt/refresh/', payload: { refresh: client.refresh } });
    expect(refresh.statusCode).toBe(401);
    const garbage = await context.app.inject({ method: 'POST', url: '/api/auth/jwt/logout/', payload: { refresh: 'garbage' } });
    expect(garbage.statusCode).toBe(204);
  });

  it('verify answers {} or 401 token_not_valid', async () => {
    const client = await signIn(context.app, 'a.accountant', TEST_PASSWORD);
    const ok = await context.app.inject({ method: 'POST', url: '/api/auth/jwt/verify/', payload: { token: client.token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({});
    const bad = await context.app.inject({ method: 'POST', url: '/api/auth/jwt/verify/', payload: { token: `${client.token}x` } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('token_not_valid');
  });
});

describe('forged and stale tokens', () => {
  const me = (token: string) => clientWithToken(context.app, token).get('/api/auth/users/me/');
  const claims = () => ({
    token_type: 'access',
    user_id: fixture.tenantA.users.admin,
    tenant_id: fixture.tenantA.id,
    role: 'admin',
    ver: 1,
    fam: 'hand-made',
    jti: 'x',
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 600,
  });

  it('a correctly signed hand-made token works (the forgery checks below are meaningful)', async () => {
    expect((await me(signRawToken({ alg: 'HS256', typ: 'JWT' }, claims(), context.secret))).statusCode).toBe(200);
  });

  it('refuses alg none', async () => {
    const response = await me(signRawToken({ alg: 'none', typ: 'JWT' }, claims(), null));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('token_not_valid');
  });

  it('refuses an edited payload', async () => {
    const token = signRawToken({ alg: 'HS256', typ: 'JWT' }, claims(), context.secret);
    const [header, , signature] = token.split('.');
    const edited = Buffer.from(JSON.stringify({ ...claims(), user_id: fixture.tenantB.users.admin })).toString('base64url');
    expect((await me(`${header}.${edited}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses another key, an expired token, a refresh token used as access, and no token', async () => {
    expect((await me(signRawToken({ alg: 'HS256', typ: 'JWT' }, claims(), 'another-key'))).statusCode).toBe(401);
    const expired = { ...claims(), iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 60 };
    expect((await me(signRawToken({ alg: 'HS256', typ: 'JWT' }, expired, context.secret))).statusCode).toBe(401);
    const client = await signIn(context.app, 'a.admin', TEST_PASSWORD);
    expect((await me(client.refresh)).statusCode).toBe(401);
    const anonymous = await context.app.inject({ method: 'GET', url: '/api/auth/users/me/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('refuses an HS512 token made with the right key (algorithm pinned)', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const body = `${encode({ alg: 'HS512', typ: 'JWT' })}.${encode(claims())}`;
    const { createHmac } = await import('node:crypto');
    const token = `${body}.${createHmac('sha512', context.secret).update(body).digest('base64url')}`;
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('access changes take effect on the very next request', () => {
  it('a blocked tenant: 401 tenant_blocked for its tokens, 403 tenant_blocked at sign-in', async () => {
    const client = await fixture.as('b.collector');
    expect((await client.get('/api/auth/users/me/')).statusCode).toBe(200);
    await context.db.update(tenants).set({ isBlocked: true }).where(eq(tenants.id, fixture.tenantB.id));
    const response = await client.get('/api/auth/users/me/');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('tenant_blocked');
    const refresh = await context.app.inject({ method: 'POST', url: '/api/auth/jwt/refresh/', payload: { refresh: client.refresh } });
    expect(refresh.statusCode).toBe(401);
    const signInAgain = await create({ username: 'b.collector', password: TEST_PASSWORD });
    expect(signInAgain.statusCode).toBe(403);
    expect(signInAgain.json().code).toBe('tenant_blocked');
    await context.db.update(tenants).set({ isBlocked: false }).where(eq(tenants.id, fixture.tenantB.id));
    expect((await create({ username: 'b.collector', password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('a deactivated user, a changed role and a changed password each end the old tokens', async () => {
    const admin = await fixture.as('a.admin');
    const collector = await fixture.as('a.collector');
    const deactivate = await admin.delete(`/api/auth/users/${fixture.tenantA.users.collector}/`);
    expect(deactivate.statusCode).toBe(204);
    const afterDeactivate = await collector.get('/api/auth/users/me/');
    expect(afterDeactivate.statusCode).toBe(401);
    expect(afterDeactivate.json().code).toBe('user_inactive');
    expect((await create({ username: 'a.collector', password: TEST_PASSWORD })).statusCode).toBe(401);
    await admin.put(`/api/auth/users/${fixture.tenantA.users.collector}/`, { is_active: true });

    const support = await fixture.as('a.support');
    expect((await admin.put(`/api/auth/users/${fixture.tenantA.users.support}/`, { role: 'collector' })).statusCode).toBe(200);
    const afterRole = await support.get('/api/auth/users/me/');
    expect(afterRole.statusCode).toBe(401);
    expect(afterRole.json().code).toBe('token_not_valid');
    await admin.put(`/api/auth/users/${fixture.tenantA.users.support}/`, { role: 'support' });

    const accountant = await fixture.as('a.accountant');
    const changed = await accountant.post('/api/auth/users/set_password/', {
      current_password: TEST_PASSWORD,
      new_password: 'brand-new-pass-1',
    });
    expect(changed.statusCode).toBe(204);
    expect((await accountant.get('/api/auth/users/me/')).statusCode).toBe(401);
    expect((await create({ username: 'a.accountant', password: 'brand-new-pass-1' })).statusCode).toBe(200);
    const row = first(await context.db.select().from(users).where(eq(users.id, fixture.tenantA.users.accountant)), 'a row from users');
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
  });
});
