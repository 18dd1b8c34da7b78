import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GenerateInvoicesResult } from '@meterline/contract/invoices';
import type { Job } from '@meterline/contract/jobs';
import { openPglite } from '../db/client';
import { isPostgres } from '../../test/harness';
import { call, PASSWORD, prepare, rows, startServer, USERNAME, type Server } from './crash-rounds';

/** Enough customers that the run is still going when the test sees its first progress (every 25). */
const CUSTOMERS = 300;
/** A wait fails only when nothing moves for this long (never a speed limit). */
const STALL_MS = 120_000;

/** Reads the job until `until` holds; fails only when the job stops moving for STALL_MS. */
async function waitFor(server: Server, token: string, id: number, until: (job: Job) => boolean): Promise<Job> {
  let lastSeen = '';
  let movedAt = Date.now();
  for (;;) {
    const answer = await call(server.baseUrl, token, 'GET', `/api/jobs/${id}/`);
    expect(answer.status).toBe(200);
    const job = answer.body as unknown as Job;
    if (until(job)) return job;
    const seen = `${job.state} ${job.progress.done}`;
    if (seen !== lastSeen) [lastSeen, movedAt] = [seen, Date.now()];
    else if (Date.now() - movedAt > STALL_MS) throw new Error(`job ${id} made no progress: ${JSON.stringify(job)}`);
    await sleep(20);
  }
}

// `kill -9` in the middle of a billing run loses nothing and bills nobody twice.
// Embedded engine: one process owns the data directory, so at start every running job is an
// orphan and is sent to the queue again (on PostgreSQL the queue retries it once its delivery
// expires, docs/billing.md "Crash safety", which this test does not wait for).
describe.skipIf(isPostgres)('kill -9 during a billing run (PGlite)', () => {
  it('finishes the run after the restart: every subscription has exactly one live invoice for the period', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-job-crash-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const open = () => openPglite(path.join(dataDir, 'pglite'));
    const servers: Server[] = [];
    try {
      const setup = await open();
      const { serviceId } = await prepare(setup);
      await setup.close();
      let server = await startServer(env);
      servers.push(server);
      const signIn = await call(server.baseUrl, null, 'POST', '/api/auth/jwt/create/', { username: USERNAME, password: PASSWORD });
      expect(signIn.status).toBe(200);
      const token = signIn.body.access as string;
      const base = `/api/services/${serviceId}`;
      const bundle = await call(server.baseUrl, token, 'POST', `${base}/bundles/`, { name: '10 A', price: '10', unit_price: '0.25' });
      expect(bundle.status).toBe(201);
      for (let index = 0; index < CUSTOMERS; index += 1) {
        const customer = await call(server.baseUrl, token, 'POST', `${base}/customers/`, {
          full_name: `Crash ${index}`,
          bundle: bundle.body.id,
          initial_reading: '0',
        });
        expect(customer.status).toBe(201);
      }
      const today = new Date().toISOString().slice(0, 10);
      const period = { period_start: `${today.slice(0, 8)}01`, period_end: today };
      const started = await call(server.baseUrl, token, 'POST', `${base}/invoices/generate/`, period);
      expect(started.status).toBe(202);
      const jobId = (started.body.job as Job).id;

      // Killed once the run has billed some and not all.
      const seen = await waitFor(
        server,
        token,
        jobId,
        (job) => job.state !== 'queued' && (job.progress.done >= 25 || job.state !== 'running'),
      );
      server.child.kill('SIGKILL');
      await server.exited;
      expect(seen.state, JSON.stringify(seen).slice(0, 1500)).toBe('running');
      // The only invoices of the service are this run's (its subscriptions opened today: each is billed from today).
      const between = await open();
      const [billedBefore] = await rows<{ n: number }>(
        between.db,
        sql`select count(*)::int as n from invoices where status <> 'cancelled' and service_id = ${serviceId}`,
      );
      await between.close();
      expect(billedBefore!.n).toBeGreaterThan(0);
      expect(billedBefore!.n).toBeLessThan(CUSTOMERS);

      // Started again as is: the orphaned job is taken up again and finishes.
      server = await startServer(env);
      servers.push(server);
      const done = await waitFor(server, token, jobId, (job) => job.state !== 'queued' && job.state !== 'running');
      expect(done.state).toBe('done');
      const report = done.result as GenerateInvoicesResult;
      expect(report.errors).toEqual([]);
      // What the first process billed is skipped as already billed; the rest is billed now.
      expect(report.created + report.skipped).toBe(CUSTOMERS);
      expect(report.skipped_details.every((skip) => skip.reason === 'already_billed')).toBe(true);
      server.child.kill('SIGTERM');
      await server.exited;

      const check = await open();
      try {
        const perSubscription = await rows<{ subscription: number; live: number }>(
          check.db,
          sql`select s.id as subscription, count(i.id)::int as live
                from subscriptions s
                left join invoices i on i.subscription_id = s.id and i.status <> 'cancelled'
               where s.service_id = ${serviceId}
               group by s.id`,
        );
        expect(perSubscription).toHaveLength(CUSTOMERS);
        expect(perSubscription.filter((row) => row.live !== 1)).toEqual([]);
        const [job] = await rows<{ state: string; attempts: number }>(check.db, sql`select state, attempts from jobs where id = ${jobId}`);
        expect(job).toEqual({ state: 'done', attempts: 2 });
      } finally {
        await check.close();
      }
    } finally {
      for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 2_400_000);
});
