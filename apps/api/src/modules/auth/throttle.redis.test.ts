import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, TEST_PASSWORD } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/harness';

/**
 * With REDIS_URL, sign-in counters live in Redis and are shared by every process. The test follows
 * the variable as the API does: unset, it is skipped (and says so in its name); set, it runs, and a
 * Redis that does not answer is a failure that says where it looked, never a silent skip.
 */
const redisUrl = process.env.REDIS_URL || null;

/** The address to print: a password in it is masked. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an address that is not a URL';
  }
}

/** Why Redis does not answer at `url`, or null when it does. */
async function redisProblem(url: string): Promise<string | null> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The connection's own error (ECONNREFUSED, ENOTFOUND, NOAUTH) says more than the rejected "Connection is closed".
  let connectionError: Error | null = null;
  probe.on('error', (error: Error) => (connectionError ??= error));
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return (connectionError ?? (error instanceof Error ? error : new Error(String(error)))).message;
  } finally {
    probe.disconnect();
  }
}

describe.skipIf(redisUrl === null)(`sign-in limits through Redis${redisUrl === null ? ' (skipped: REDIS_URL is not set)' : ''}`, () => {
  let first: TestContext;
  let second: TestContext;
  const ip = `10.9.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`;
  const url = redisUrl ?? '';

  beforeAll(async () => {
    const problem = await redisProblem(url);
    if (problem !== null)
      throw new Error(
        `REDIS_URL is set to ${shown(url)} but Redis does not answer there (${problem}). Start Redis, or unset REDIS_URL to skip this test.`,
      );
    const env = { REDIS_URL: url, LOGIN_FAILURES_PER_ACCOUNT_AND_IP: '3' };
    first = await createTestContext({ env });
    await createFixture(first);
    second = await createTestContext({ env });
    await createFixture(second);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('a lock earned on one process holds on another', async () => {
    const create = (context: TestContext, password: string) =>
      context.app.inject({ method: 'POST', url: '/api/auth/jwt/create/', payload: { username: 'a.admin', password }, remoteAddress: ip });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await create(first, 'wrong-pass')).statusCode).toBe(401);
    const locked = await create(second, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const redis = new Redis(url);
    await redis.del(`meterline:login-account-ip:a.admin|${ip}`, 'meterline:login-account:a.admin');
    redis.disconnect();
    expect((await create(second, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
