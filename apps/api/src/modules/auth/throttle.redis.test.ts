import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, TEST_PASSWORD } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/harness';

/** With REDIS_URL, sign-in counters live in Redis and are shared by every process. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

async function isRedisReachable(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const reachable = await isRedisReachable();
if (!reachable) console.warn(`Redis not reachable at ${redisUrl}: the Redis throttle test is skipped.`);

describe.skipIf(!reachable)('sign-in limits through Redis', () => {
  let first: TestContext;
  let second: TestContext;
  const ip = `10.9.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, LOGIN_FAILURES_PER_ACCOUNT_AND_IP: '3' };
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
    const redis = new Redis(redisUrl);
    await redis.del(`meterline:login-account-ip:a.admin|${ip}`, 'meterline:login-account:a.admin');
    redis.disconnect();
    expect((await create(second, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
