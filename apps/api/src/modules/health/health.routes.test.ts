import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMigrationMillis } from '../../db/client';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createJobService, type JobService } from '../jobs/jobs.service';

/*
 * The probes (docs/operations.md, "Watching it"). Two databases (`default` and `second`: PGlite copies, or two PostgreSQL
 * databases with TEST_DATABASE_URL) and a job queue the test holds, so it can stop it.
 */
let context: TestContext;
let queue: JobService;

beforeAll(async () => {
  context = await createTestContext({
    aliases: ['second'],
    jobs: (databases) => (queue = createJobService({ database: databases.database('default'), log: () => undefined })),
  });
});
afterAll(async () => {
  // `second` is closed (and dropped) by the last test.
  await context?.app.close();
  await context?.databases.database('default').close();
});

const get = (url: string, headers: Record<string, string> = {}) => context.app.inject({ method: 'GET', url, headers });
const ALL_OK = {
  'database.default': 'ok',
  'migrations.default': 'ok',
  'database.second': 'ok',
  'migrations.second': 'ok',
  job_queue: 'ok',
};

describe('GET /api/health/live', () => {
  it('answers 200 {status: ok} without a token, never cached', async () => {
    const response = await get('/api/health/live');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 with every check when the databases answer, are migrated and the queue runs', async () => {
    const response = await get('/api/health/ready');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: ALL_OK });
  });

  it('answers every probe of a burst (no limit on it)', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => get('/api/health/ready')));
    expect(answers.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
  });

  it('answers 503 not_ready, behind, while a database lacks the last migration', async () => {
    const second = context.databases.database('second');
    const latest = latestMigrationMillis();
    const { rows } = await second.sql.executeSql('delete from drizzle.__drizzle_migrations where created_at = $1 returning hash', [latest]);
    const { hash } = rows[0] as { hash: string };
    try {
      const response = await get('/api/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: 'The server is not ready to serve requests: see the failing checks.',
        code: 'not_ready',
        checks: { ...ALL_OK, 'migrations.second': 'behind' },
      });
    } finally {
      await second.sql.executeSql('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [hash, latest]);
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it("answers 503 with job_queue stopped while the queue is stopped, in the caller's language, and 200 once it runs again", async () => {
    await queue.stop();
    try {
      const response = await get('/api/health/ready', { 'accept-language': 'ar' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        detail: 'الخادم غير جاهز لخدمة الطلبات: راجع الفحوص التي لم تنجح.',
        code: 'not_ready',
        checks: { ...ALL_OK, job_queue: 'stopped' },
      });
      // Liveness does not depend on the queue.
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      await queue.start();
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('answers 503 naming the database that cannot be reached, without its address or error', async () => {
    await context.databases.database('second').close();
    const response = await get('/api/health/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'The server is not ready to serve requests: see the failing checks.',
      code: 'not_ready',
      checks: { ...ALL_OK, 'database.second': 'unreachable', 'migrations.second': 'unknown' },
    });
    expect(response.body).not.toMatch(/postgres|127\.0\.0\.1|localhost|tmp|closed|pool|stack/i);
    expect((await get('/api/health/live')).statusCode).toBe(200);
  });
});
