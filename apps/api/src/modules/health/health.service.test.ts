import { describe, expect, it } from 'vitest';
import { DatabaseRegistry, type Database } from '../../db/client';
import { createHealthService } from './health.service';

/** A database whose every statement waits until the test lets it answer. */
function stalledDatabase(alias: string) {
  const waiting: (() => void)[] = [];
  let statements = 0;
  const database = {
    alias,
    kind: 'postgres',
    sql: {
      executeSql: async () => {
        statements += 1;
        await new Promise<void>((resolve) => waiting.push(resolve));
        return { rows: [{ latest: String(Number.MAX_SAFE_INTEGER) }], rowCount: 1 };
      },
    },
  } as unknown as Database;
  return { database, statements: () => statements, release: () => waiting.splice(0).forEach((resolve) => resolve()) };
}

describe('the readiness check', () => {
  it('counts a database that does not answer within its time as timeout, and shares one check between concurrent callers', async () => {
    const stalled = stalledDatabase('default');
    const health = createHealthService({
      databases: new DatabaseRegistry(new Map([['default', stalled.database]])),
      jobs: { isRunning: () => true },
      timeoutMs: 50,
    });
    const [first, second] = await Promise.all([health.ready(), health.ready()]);
    expect(first).toBe(second);
    expect(stalled.statements()).toBe(1);
    expect(first).toMatchObject({
      isReady: false,
      checks: { 'database.default': 'timeout', 'migrations.default': 'unknown', job_queue: 'ok' },
    });
    stalled.release();
  });
});
