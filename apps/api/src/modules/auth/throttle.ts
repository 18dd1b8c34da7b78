import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import { authThrottle } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';

/**
 * Counters of failed sign-ins, shared by every API process: in the database by default,
 * in Redis when REDIS_URL is set.
 */
export interface ThrottleStore {
  /** Counts one failure in a window of `windowSeconds`; answers the failures in the current window. */
  recordFailure(key: string, windowSeconds: number): Promise<number>;
  failures(key: string, windowSeconds: number): Promise<number>;
  /** Seconds left on a lock, 0 when there is none. */
  lockedFor(key: string): Promise<number>;
  lock(key: string, seconds: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createDatabaseThrottleStore(db: Db, clock: Clock): ThrottleStore {
  return {
    async recordFailure(key, windowSeconds) {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - windowSeconds * 1000);
      const [row] = await db
        .insert(authThrottle)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: sql`case when ${authThrottle.windowStartedAt} < ${windowStart.toISOString()} then 1 else ${authThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else ${authThrottle.windowStartedAt} end`,
          },
        })
        .returning({ failures: authThrottle.failures });
      return row.failures;
    },
    async failures(key, windowSeconds) {
      const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
      if (!row) return 0;
      return row.windowStartedAt.getTime() < clock.now().getTime() - windowSeconds * 1000 ? 0 : row.failures;
    },
    async lockedFor(key) {
      const [row] = await db.select({ lockedUntil: authThrottle.lockedUntil }).from(authThrottle).where(eq(authThrottle.key, key));
      if (!row?.lockedUntil) return 0;
      return Math.max(0, Math.ceil((row.lockedUntil.getTime() - clock.now().getTime()) / 1000));
    },
    async lock(key, seconds) {
      const until = new Date(clock.now().getTime() + seconds * 1000);
      await db
        .insert(authThrottle)
        .values({ key, failures: 0, windowStartedAt: clock.now(), lockedUntil: until })
        .onConflictDoUpdate({ target: authThrottle.key, set: { lockedUntil: until } });
    },
    async reset(key) {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },
  };
}

export function createRedisThrottleStore(redis: Redis, prefix = 'meterline:throttle:'): ThrottleStore {
  return {
    async recordFailure(key, windowSeconds) {
      const name = `${prefix}${key}`;
      const [[, count]] = (await redis.multi().incr(name).expire(name, windowSeconds, 'NX').exec()) as [[null, number], unknown];
      return count;
    },
    async failures(key) {
      return Number((await redis.get(`${prefix}${key}`)) ?? 0);
    },
    async lockedFor(key) {
      const ttl = await redis.ttl(`${prefix}lock:${key}`);
      return ttl > 0 ? ttl : 0;
    },
    async lock(key, seconds) {
      await redis.set(`${prefix}lock:${key}`, '1', 'EX', seconds);
    },
    async reset(key) {
      await redis.del(`${prefix}${key}`, `${prefix}lock:${key}`);
    },
  };
}
