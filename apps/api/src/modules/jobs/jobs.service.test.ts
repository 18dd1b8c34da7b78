import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import type { Job } from '@meterline/contract/jobs';
import { jobs, tenants, users } from '../../db/schema/index';
import type { TenantActor } from '../../plugins/request-context';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createJobService, type HeartbeatOptions, type JobControl, type JobService } from './jobs.service';

// The queue's cooperation with a job's work, on a database of its own (the app's queue runs on
// `default`): a cancel is seen at the next progress, and a stop leaves the job for the next start.
let context: TestContext;
let actor: TenantActor;
const services: JobService[] = [];

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** No sweep on a timer unless given: a test sends stale jobs again itself (requeueStale), at the moment it chooses. */
function serviceOn(heartbeat: HeartbeatOptions = { staleAfterSeconds: 60, beatMs: 15_000, sweepMs: 0 }) {
  const service = createJobService({ database: context.databases.database('jobs'), log: () => undefined, heartbeat });
  services.push(service);
  return service;
}

/** Reads the job until `until` holds (the queue delivers within its polling interval). */
async function waitUntil(service: JobService, id: number, until: (job: Job) => boolean): Promise<Job> {
  for (;;) {
    const job = await service.detail(actor, id);
    if (until(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const startedBy = () => ({
  actor,
  audit: { actorId: actor.userId, actorRole: actor.role, tenantId: actor.tenantId, ip: null, requestId: null },
});

beforeAll(async () => {
  context = await createTestContext({ aliases: ['jobs'] });
  const db = context.databases.get('jobs');
  const tenant = first(await db.insert(tenants).values({ name: 'Jobs', slug: 'jobs' }).returning(), 'the tenant');
  const user = first(
    await db.insert(users).values({ tenantId: tenant.id, username: 'jobs.admin', passwordHash: 'x', role: 'admin' }).returning(),
    'the user',
  );
  actor = { userId: user.id, tenantId: tenant.id, role: 'admin', username: user.username, dbAlias: 'jobs' };
});
afterAll(async () => {
  for (const service of services) await service.stop();
  await context?.close();
});

describe('the job queue', () => {
  it('stops a running job at its next progress once cancelled; what it did is its result', async () => {
    const service = serviceOn();
    const reached = gate();
    const resume = gate();
    const seen: boolean[] = [];
    service.handle('billing_run', async (_job, control: JobControl) => {
      await control.onProgress(1, 3);
      reached.open();
      await resume.opened;
      await control.onProgress(2, 3);
      seen.push(control.isCancelled());
      return { result: { stopped_at: control.isCancelled() ? 2 : null } };
    });
    await service.start();
    const job = await service.enqueue('billing_run', { serviceId: null, input: {}, startedBy: startedBy() });
    await reached.opened;
    expect((await service.detail(actor, job.id)).state).toBe('running');
    const cancelled = await service.cancel(actor, job.id);
    expect(cancelled.state).toBe('cancelled');
    resume.open();
    const ended = await waitUntil(service, job.id, (each) => each.result !== null);
    expect(seen).toEqual([true]);
    expect(ended).toMatchObject({ state: 'cancelled', progress: { done: 2, total: 3 }, result: { stopped_at: 2 } });
    await expect(service.cancel(actor, job.id)).rejects.toMatchObject({ statusCode: 409 });
    await service.stop();
  });

  it('leaves a job running when the process stops, and finishes it at the next start', async () => {
    const before = serviceOn();
    const reached = gate();
    let runs = 0;
    before.handle('statements', async (_job, control) => {
      runs += 1;
      reached.open();
      // Works until told to stop (here: the process stopping).
      while (!control.isCancelled()) await new Promise((resolve) => setTimeout(resolve, 10));
      return { result: { count: 0, language: 'en' } };
    });
    await before.start();
    const job = await before.enqueue('statements', { serviceId: null, input: {}, startedBy: startedBy() });
    await reached.opened;
    await before.stop();
    expect((await serviceOn().detail(actor, job.id)).state).toBe('running');

    const after = serviceOn();
    after.handle('statements', async (_job, control) => {
      runs += 1;
      await control.onProgress(1, 1);
      return { result: { count: 1, language: 'en' }, document: '<p>done</p>' };
    });
    await after.start();
    const done = await waitUntil(after, job.id, (each) => each.state === 'done');
    expect(done).toMatchObject({ result: { count: 1, language: 'en' }, progress: { done: 1, total: 1 } });
    expect(runs).toBe(2);
    expect((await after.document(actor, job.id)).html).toBe('<p>done</p>');
  });

  it('sends again at once a running job whose process died (its heartbeat is stale), and only that one', async () => {
    const alive = serviceOn();
    let runs = 0;
    alive.handle('customer_import', async (_job, control) => {
      runs += 1;
      await control.onProgress(1, 1);
      return { result: { dry_run: false, created: 1, subscriptions: 0 } };
    });
    await alive.start();
    // A job a dead process was running: claimed, its heartbeat ten minutes old, its delivery still active.
    const dead = await serviceOn().enqueue('customer_import', { serviceId: null, input: {}, startedBy: startedBy() });
    const db = context.databases.get('jobs');
    await db
      .update(jobs)
      .set({
        state: 'running',
        attempts: 1,
        startedAt: sql`now() - interval '11 minutes'`,
        heartbeatAt: sql`now() - interval '10 minutes'`,
      })
      .where(eq(jobs.id, dead.id));
    expect(await alive.requeueStale()).toEqual([dead.id]);
    const done = await waitUntil(alive, dead.id, (each) => each.state === 'done');
    expect(done).toMatchObject({ result: { created: 1 }, progress: { done: 1, total: 1 } });
    expect(runs).toBe(1);
    // Done: nothing stale any more.
    expect(await alive.requeueStale()).toEqual([]);
    await alive.stop();
  });

  it('leaves a live but slow job alone: its heartbeat timer keeps it fresh between progresses', async () => {
    // Beats every 20 ms (injected), the threshold stays 60 s: the test waits on the beat, never on a time.
    const slow = serviceOn({ staleAfterSeconds: 60, beatMs: 20, sweepMs: 0 });
    const reached = gate();
    const resume = gate();
    let runs = 0;
    slow.handle('billing_run', async (_job, control) => {
      runs += 1;
      await control.onProgress(0, 1);
      reached.open();
      await resume.opened;
      await control.onProgress(1, 1);
      return { result: { created: 1 } };
    });
    await slow.start();
    const job = await slow.enqueue('billing_run', { serviceId: null, input: {}, startedBy: startedBy() });
    await reached.opened;
    const db = context.databases.get('jobs');
    // As if its last progress were long ago: the timer writes the heartbeat again while the handler waits.
    await db
      .update(jobs)
      .set({ heartbeatAt: sql`now() - interval '10 minutes'` })
      .where(eq(jobs.id, job.id));
    for (;;) {
      const [row] = await db
        .select({ isFresh: sql<boolean>`${jobs.heartbeatAt} > now() - interval '60 seconds'` })
        .from(jobs)
        .where(eq(jobs.id, job.id));
      if (row?.isFresh) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The sweep (any process's: the rule reads only the row) finds nothing stale.
    expect(await slow.requeueStale()).toEqual([]);
    expect((await slow.detail(actor, job.id)).state).toBe('running');
    resume.open();
    const done = await waitUntil(slow, job.id, (each) => each.state === 'done');
    expect(done.result).toEqual({ created: 1 });
    expect(runs).toBe(1);
    await slow.stop();
  });
});
