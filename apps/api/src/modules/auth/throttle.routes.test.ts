import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, TEST_PASSWORD } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/harness';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '10', LOGIN_FAILURES_PER_ACCOUNT_AND_IP: '5', LOGIN_LOCK_MINUTES: '15' } });
  await createFixture(context);
});
afterAll(async () => context?.close());

const create = (username: string, password: string, ip: string) =>
  context.app.inject({ method: 'POST', url: '/api/auth/jwt/create/', payload: { username, password }, remoteAddress: ip });

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
    context.clock.advance(15 * 60 + 1);
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
    context.clock.advance(61);
    expect((await create('b.admin', TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });
});
