import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { loadConfig } from '../config';
import { tenants, users } from '../db/schema/index';
import { createFixture, TEST_PASSWORD, type Fixture } from '../../test/fixtures';
import { clientWithToken, createTestContext, signIn, signRawToken, type TestContext } from '../../test/harness';

let context: TestContext;
let fixture: Fixture;

beforeAll(async () => {
  context = await createTestContext({
    env: { SESSION_MAX_HOURS: '12', REFRESH_GRACE_SECONDS: '30', LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000' },
  });
  fixture = await createFixture(context);
});
afterAll(async () => context?.close());
afterEach(() => vi.useRealTimers());

const me = (token: string) => clientWithToken(context.app, token).get('/api/auth/users/me/');
const refresh = (token: string) => context.app.inject({ method: 'POST', url: '/api/auth/jwt/refresh/', payload: { refresh: token } });

describe('access tokens end with their session', () => {
  it('after logout the access token is refused at once', async () => {
    const client = await signIn(context.app, 'a.support', TEST_PASSWORD);
    expect((await me(client.token)).statusCode).toBe(200);
    expect(
      (await context.app.inject({ method: 'POST', url: '/api/auth/jwt/logout/', payload: { refresh: client.refresh } })).statusCode,
    ).toBe(204);
    const after = await me(client.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('token_not_valid');
    // Another session of the same user goes on.
    const other = await signIn(context.app, 'a.support', TEST_PASSWORD);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('a correctly signed token without exp is refused', async () => {
    const claims = {
      token_type: 'access',
      user_id: fixture.tenantA.users.admin,
      tenant_id: fixture.tenantA.id,
      role: 'admin',
      ver: 1,
      fam: 'f',
      jti: 'j',
      iat: Math.floor(Date.now() / 1000),
    };
    expect((await me(signRawToken({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: claims.iat + 600 }, context.secret))).statusCode).toBe(
      200,
    );
    expect((await me(signRawToken({ alg: 'HS256', typ: 'JWT' }, claims, context.secret))).statusCode).toBe(401);
    const verify = await context.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/verify/',
      payload: { token: signRawToken({ alg: 'HS256', typ: 'JWT' }, claims, context.secret) },
    });
    expect(verify.statusCode).toBe(401);
  });

  it('blocking a client ends its tokens for good: unblocking does not revive them', async () => {
    const client = await signIn(context.app, 'b.accountant', TEST_PASSWORD);
    const superadmin = await fixture.as('superadmin');
    expect((await superadmin.get(`/api/tenants/${fixture.tenantB.id}/block/`)).statusCode).toBe(200);
    expect((await superadmin.get(`/api/tenants/${fixture.tenantB.id}/unblock/`)).statusCode).toBe(200);
    const tenant = first(await context.db.select().from(tenants).where(eq(tenants.id, fixture.tenantB.id)), 'a row from tenants');
    expect(tenant.isBlocked).toBe(false);
    expect((await me(client.token)).statusCode).toBe(401);
    expect((await refresh(client.refresh)).statusCode).toBe(401);
    const again = await signIn(context.app, 'b.accountant', TEST_PASSWORD);
    expect((await me(again.token)).statusCode).toBe(200);
  });
});

describe('signing keys', () => {
  it('a signing key under 32 bytes is refused at start', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ JWT_SECRET: 'k'.repeat(32) }).jwtSecret).toBe('k'.repeat(32));
  });

  it('reset links are not signed with the token signing key', async () => {
    const user = first(await context.db.select().from(users).where(eq(users.username, 'a.collector')), 'a row from users');
    const stamp = Math.floor(context.clock.now().getTime() / 1000).toString(36);
    const mac = createHmac('sha256', context.secret)
      .update(`${user.id}|${user.passwordHash}|${user.lastLogin?.getTime() ?? ''}|${stamp}`)
      .digest('base64url')
      .slice(0, 32);
    const uid = Buffer.from(String(user.id)).toString('base64url');
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/users/reset_password_confirm/',
      payload: { uid, token: `${stamp}-${mac}`, new_password: 'Forged-but-strong-91' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('token');
  });
});

describe('refresh', () => {
  it('two tabs refreshing at once both get the same new pair; a reuse after the grace window revokes the family', async () => {
    const client = await signIn(context.app, 'a.accountant', TEST_PASSWORD);
    const [first, second] = await Promise.all([refresh(client.refresh), refresh(client.refresh)]);
    console.log(
      `refresh-race: ok=${[first, second].filter((answer) => answer.statusCode === 200).length}/2 same-pair=${first.body === second.body}`,
    );
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const pair = first.json();
    expect((await me(pair.access)).statusCode).toBe(200);

    context.clock.advance(31);
    const late = await refresh(client.refresh);
    expect(late.statusCode).toBe(401);
    // The family is revoked: the pair given to both tabs ends too.
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
    expect((await me(pair.access)).statusCode).toBe(401);
  });

  it('a repeat within the grace answers the new pair only while that pair is unused (both orders)', async () => {
    // R1 → R2, R1 again (R2 unused): the same pair, then R2 → R3 still works.
    const racing = await signIn(context.app, 'a.accountant', TEST_PASSWORD);
    const second = await refresh(racing.refresh);
    expect(second.statusCode).toBe(200);
    const repeat = await refresh(racing.refresh);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(second.json());
    const third = await refresh(second.json().refresh);
    expect(third.statusCode).toBe(200);
    expect((await me(third.json().access)).statusCode).toBe(200);

    // R1 → R2 → R3, then R1 again within the grace: R2 was used, so R1 is a reuse.
    const moved = await signIn(context.app, 'a.accountant', TEST_PASSWORD);
    const r2 = await refresh(moved.refresh);
    expect(r2.statusCode).toBe(200);
    const r3 = await refresh(r2.json().refresh);
    expect(r3.statusCode).toBe(200);
    context.clock.advance(5);
    const late = await refresh(moved.refresh);
    console.log(`refresh-grace-after-successor-used: status=${late.statusCode} code=${late.json().code}`);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('token_not_valid');
    expect(late.body).not.toContain(r2.json().refresh);
    // A reuse ends the session as any reuse does: the newest pair stops too.
    expect((await refresh(r3.json().refresh)).statusCode).toBe(401);
    expect((await me(r3.json().access)).statusCode).toBe(401);
  });

  it('sessions have an absolute lifetime, however often they refresh', async () => {
    const client = await signIn(context.app, 'a.admin', TEST_PASSWORD);
    let token = client.refresh;
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const hours of [4, 8, 11.9]) {
      vi.setSystemTime(start + hours * 3600_000);
      const rotated = await refresh(token);
      expect(rotated.statusCode).toBe(200);
      token = rotated.json().refresh;
    }
    vi.setSystemTime(start + 12.1 * 3600_000);
    expect((await refresh(token)).statusCode).toBe(401);
  });
});
