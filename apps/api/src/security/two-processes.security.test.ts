import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { call as callServer, startServer, type Server } from './crash-rounds';
import { createFixture, TEST_PASSWORD, type Fixture } from '../../test/fixtures';
import { databaseUrlFor } from '../../test/global-setup';
import { createTestContext, isPostgres, type TestContext } from '../../test/harness';

/**
 * Two API processes (docs/operations.md) over one PostgreSQL (and one Redis when REDIS_URL is set, as
 * CI's PostgreSQL run does), as `WEB_CONCURRENCY=2` or two machines behind a balancer run them. Each
 * process has its own port here, so the test chooses which one answers. What a request needs from
 * an earlier one lives in the database or Redis, never in a process: the sign-in throttle,
 * idempotency keys, refresh-token rotation and jobs.
 */
const baseUrl = process.env.TEST_DATABASE_URL ?? '';
/** Redis database 13 of REDIS_URL's server: its own, flushed at the start (other tests use others). */
const redisUrl = process.env.REDIS_URL ? Object.assign(new URL(process.env.REDIS_URL), { pathname: '/13' }).toString() : null;
describe.runIf(isPostgres)('two API processes over one PostgreSQL' + (redisUrl ? ' and one Redis' : ''), () => {
  let context: TestContext;
  let fixture: Fixture;
  let a: Server;
  let b: Server;
  let dataDir: string;
  const servicePath = (rest: string) => `/api/services/${fixture.tenantA.electricityId}/${rest}`;
  /** A call to one of the two processes (`startServer`'s answer: status, headers, JSON body). */
  const call = (server: Server, method: string, url: string, options: { token?: string; body?: unknown; key?: string } = {}) =>
    callServer(server.baseUrl, options.token ?? null, method, url, options.body, options.key ? { 'idempotency-key': options.key } : {});
  const signIn = async (server: Server, username: string, password = TEST_PASSWORD) =>
    call(server, 'POST', '/api/auth/jwt/create/', { body: { username, password } });

  beforeAll(async () => {
    // The fixture's tenants and users are written by an in-process app on its own database; the two
    // processes are then started on that same database.
    context = await createTestContext();
    fixture = await createFixture(context);
    const result = (await context.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const databaseUrl = databaseUrlFor(baseUrl, first(result.rows, 'the database').name);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-two-'));
    if (redisUrl) {
      // The suite was told Redis is there: it fails when it is not, it never skips.
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      await redis.connect();
      await redis.flushdb();
      redis.disconnect();
    }
    const env = {
      DATABASE_URL: databaseUrl,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOGIN_FAILURES_PER_ACCOUNT_AND_IP: '4',
      LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000',
      REFRESH_GRACE_SECONDS: '0',
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  });

  afterAll(async () => {
    for (const server of [a, b]) server?.child.kill('SIGTERM');
    await Promise.all([a?.exited, b?.exited]);
    await context?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts failed sign-ins across both processes: the account locks after four, whichever process is asked', async () => {
    for (const server of [a, b, a, b]) expect((await signIn(server, 'a.support', 'wrong-password-1')).status).toBe(401);
    const locked = await signIn(a, 'a.support');
    expect(locked.status).toBe(429);
    expect((await signIn(b, 'a.support')).status).toBe(429);
    // Another account is not touched.
    expect((await signIn(b, 'a.accountant')).status).toBe(200);
  });

  it('answers an Idempotency-Key sent to the other process with the first answer, and writes once', async () => {
    const token = (await signIn(a, 'a.admin')).body.access as string;
    const customer = await call(a, 'POST', servicePath('customers/'), { token, body: { full_name: 'Two Processes' } });
    expect(customer.status).toBe(201);
    const body = {
      customer: customer.body.id,
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      lines: [{ description: 'Supply', quantity: '1', unit_price: '12.50' }],
    };
    const created = await call(a, 'POST', servicePath('invoices/'), { token, body, key: 'two-processes-1' });
    expect(created.status).toBe(201);
    const replayed = await call(b, 'POST', servicePath('invoices/'), { token, body, key: 'two-processes-1' });
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.id).toBe(created.body.id);
    const list = await call(b, 'GET', servicePath(`invoices/?customer=${String(customer.body.id)}`), { token });
    expect(list.body.count).toBe(1);
  });

  it('rotates refresh tokens across processes: a token used on one is spent on the other, and its reuse ends the family', async () => {
    const pair = (await signIn(a, 'a.collector')).body as { access: string; refresh: string };
    const rotated = await call(b, 'POST', '/api/auth/jwt/refresh/', { body: { refresh: pair.refresh } });
    expect(rotated.status).toBe(200);
    const next = rotated.body as { access: string; refresh: string };
    expect((await call(a, 'GET', '/api/auth/users/me/', { token: next.access })).status).toBe(200);
    // The first token again, on the other process: reuse, refused, and the whole family revoked.
    expect((await call(a, 'POST', '/api/auth/jwt/refresh/', { body: { refresh: pair.refresh } })).status).toBe(401);
    expect((await call(b, 'POST', '/api/auth/jwt/refresh/', { body: { refresh: next.refresh } })).status).toBe(401);
  });

  it('shares the job queue: a billing run started on one process holds the slot on the other, and both see it done', async () => {
    const token = (await signIn(a, 'a.admin')).body.access as string;
    const started = await call(a, 'POST', servicePath('invoices/generate/'), {
      token,
      body: { period_start: '2026-09-01', period_end: '2026-09-30' },
    });
    expect(started.status).toBe(202);
    const job = started.body.job as { id: number };
    // The second run of the same service is refused by the other process while the first is on.
    const second = await call(b, 'POST', servicePath('invoices/generate/'), {
      token,
      body: { period_start: '2026-09-01', period_end: '2026-09-30' },
    });
    expect([202, 409]).toContain(second.status);
    if (second.status === 409) expect(second.body).toMatchObject({ code: 'job_already_running', job: job.id });
    // Whichever process's worker takes it, both see it finish.
    let state = '';
    for (let moved = Date.now(); !['done', 'failed', 'cancelled'].includes(state);) {
      const read = await call(b, 'GET', `/api/jobs/${job.id}/`, { token });
      expect(read.status).toBe(200);
      if (read.body.state !== state) moved = Date.now();
      state = read.body.state as string;
      if (Date.now() - moved > 120_000) throw new Error(`job ${job.id} stayed ${state}`);
      await sleep(100);
    }
    expect(state).toBe('done');
    expect((await call(a, 'GET', `/api/jobs/${job.id}/`, { token })).body).toMatchObject({ state: 'done' });
  });
});
