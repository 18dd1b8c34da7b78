import { generateSync } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFixture, TEST_PASSWORD } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/harness';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({
    env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '10', LOGIN_FAILURES_PER_ACCOUNT_AND_IP: '5', LOGIN_LOCK_MINUTES: '15' },
  });
  await createFixture(context);
});
afterAll(async () => context?.close());
afterEach(() => vi.useRealTimers());

const create = (username: string, password: string, ip: string, headers: Record<string, string> = {}, otp?: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/jwt/create/',
    payload: { username, password, ...(otp ? { otp } : {}) },
    remoteAddress: ip,
    headers,
  });

/** The limiter keeps its windows on the wall clock: tests move it by hand. */
function advanceWallClock(seconds: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + seconds * 1000);
}

describe('failed sign-ins are limited', () => {
  it('per account and IP: 5 in a row lock that pair for 15 minutes, with Retry-After', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await create('a.admin', 'wrong-pass', '10.1.0.1')).statusCode).toBe(401);
    const locked = await create('a.admin', TEST_PASSWORD, '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(locked.json().code).toBe('throttled');
    // The same account from another address is not locked out (nobody can lock an admin out).
    expect((await create('a.admin', TEST_PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    // After the lock time the pair works again.
    advanceWallClock(15 * 60 + 1);
    expect((await create('a.admin', TEST_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('per IP: 10 failures a minute, whatever the accounts', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await create(`nobody${attempt}`, 'wrong-pass', '10.2.0.1')).statusCode).toBe(401);
    }
    const blocked = await create('b.admin', TEST_PASSWORD, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await create('b.admin', TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
    advanceWallClock(61);
    expect((await create('b.admin', TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });

  it('successful sign-ins do not count: 30 in a row from one address all pass', async () => {
    for (let attempt = 0; attempt < 30; attempt += 1) expect((await create('b.support', TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
  });

  it('parallel failures cannot slip past the per-account limit', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => create('b.accountant', 'wrong-pass', '10.4.0.1')));
    const checked = answers.filter((answer) => answer.statusCode === 401).length;
    const refused = answers.filter((answer) => answer.statusCode === 429).length;
    console.log(`parallel-sign-in-failures: checked=${checked}/20 refused=${refused} limit=5`);
    expect(checked).toBe(5);
    expect(refused).toBe(15);
  });

  it('X-Forwarded-For is ignored without a trusted proxy: rotating it gives no extra guesses', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      answers.push((await create('b.collector', 'wrong-pass', '10.5.0.1', { 'x-forwarded-for': `198.51.100.${attempt}` })).statusCode);
    }
    console.log(
      `xff-rotation: guesses=${answers.filter((code) => code === 401).length}/12 refused=${answers.filter((code) => code === 429).length}`,
    );
    expect(answers.filter((code) => code === 401)).toHaveLength(5);
    expect((await create('b.collector', TEST_PASSWORD, '10.5.0.1', { 'x-forwarded-for': '198.51.100.99' })).statusCode).toBe(429);
  });
});

describe('behind a configured trusted proxy', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestContext({ env: { TRUST_PROXY: '10.6.0.1', LOGIN_FAILURES_PER_ACCOUNT_AND_IP: '2' } });
    await createFixture(proxied);
  });
  afterAll(async () => proxied?.close());

  it('the client address comes from X-Forwarded-For only when the proxy sends it', async () => {
    const attempt = (remoteAddress: string, forwarded: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/jwt/create/',
        payload: { username: 'a.admin', password: 'wrong-pass' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
      });
    // Through the proxy: each forwarded client has its own counter.
    expect((await attempt('10.6.0.1', '203.0.113.1')).statusCode).toBe(401);
    expect((await attempt('10.6.0.1', '203.0.113.1')).statusCode).toBe(401);
    expect((await attempt('10.6.0.1', '203.0.113.1')).statusCode).toBe(429);
    expect((await attempt('10.6.0.1', '203.0.113.2')).statusCode).toBe(401);
    // Not through the proxy: the header is ignored.
    expect((await attempt('10.6.0.9', '203.0.113.3')).statusCode).toBe(401);
    expect((await attempt('10.6.0.9', '203.0.113.4')).statusCode).toBe(401);
    expect((await attempt('10.6.0.9', '203.0.113.5')).statusCode).toBe(429);
  });
});

describe('one-time codes', () => {
  it('one code sent 10 times at once signs in once', async () => {
    const client = await context.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/create/',
      payload: { username: 'a.collector', password: TEST_PASSWORD },
    });
    const token = client.json().access as string;
    const headers = { authorization: `Bearer ${token}` };
    const setup = await context.app.inject({ method: 'POST', url: '/api/auth/users/me/otp/', headers });
    const { secret } = setup.json();
    const nowSeconds = Math.floor(context.clock.now().getTime() / 1000);
    const confirm = generateSync({ secret, epoch: nowSeconds - 30 });
    expect(
      (await context.app.inject({ method: 'POST', url: '/api/auth/users/me/otp/confirm/', headers, payload: { code: confirm } }))
        .statusCode,
    ).toBe(204);
    const code = generateSync({ secret, epoch: nowSeconds });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => create('a.collector', TEST_PASSWORD, `10.7.0.${index}`, {}, code)),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 200).length;
    console.log(`concurrent-otp: accepted=${accepted}/10`);
    expect(accepted).toBe(1);
    expect(answers.filter((answer) => answer.statusCode === 400).every((answer) => answer.json().code === 'otp_invalid')).toBe(true);
  });
});
