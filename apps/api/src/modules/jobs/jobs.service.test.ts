import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import type { Job } from '@meterline/contract/jobs';
import { tenants, users } from '../../db/schema/index';
import type { TenantActor } from '../../plugins/request-context';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createJobService, type JobControl, type JobService } from './jobs.service';

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

function serviceOn() {
  const service = createJobService({ database: context.databases.database('jobs'), log: () => undefined });
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
});
