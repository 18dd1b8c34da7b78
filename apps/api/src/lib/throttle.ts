import type { Redis } from 'ioredis';
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/index';
import { tooManyRequests } from './http-errors';

/**
 * Counters of attempts (failed sign-ins, password-reset requests), kept by rate-limiter-flexible:
 * in the database by default (an atomic upsert, shared by every API process), in Redis when
 * REDIS_URL is set.
 */
export type LimiterStore = { kind: 'database'; db: Db } | { kind: 'redis'; redis: Redis };

export interface LimitRule {
  /** Name of the counter (key prefix). */
  name: string;
  /** Attempts allowed in the window; 0 turns the limit off. */
  points: number;
  windowSeconds: number;
  /** Once the attempts are spent, further ones are refused for this long (0: until the window ends). */
  blockSeconds?: number;
}

export interface Limiter {
  /** Spends one attempt; throws 429 (with Retry-After) when none is left. Atomic across processes. */
  consume(key: string): Promise<number>;
  /** Gives an attempt back (the attempt turned out not to be a failure). */
  reward(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createLimiter(store: LimiterStore, rule: LimitRule): Limiter {
  if (rule.points <= 0) return { consume: async () => 0, reward: async () => undefined, reset: async () => undefined };
  const options = {
    keyPrefix: `meterline:${rule.name}`,
    points: rule.points,
    duration: rule.windowSeconds,
    blockDuration: rule.blockSeconds ?? 0,
  };
  const limiter: RateLimiterAbstract =
    store.kind === 'redis'
      ? new RateLimiterRedis({ ...options, storeClient: store.redis })
      : new RateLimiterDrizzle({ ...options, storeClient: store.db, schema: rateLimits });
  return {
    async consume(key) {
      try {
        return (await limiter.consume(key)).consumedPoints;
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyRequests(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        throw error;
      }
    },
    async reward(key) {
      await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
