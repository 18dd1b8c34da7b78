import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import type { Job } from '@meterline/contract/jobs';
import { customerImportBatches, customers } from '../../db/schema/index';
import { serviceContextFor } from '../../scope/service-scope';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';
import { waitForJob } from '../../../test/jobs';
import { createCustomerImportService } from './customer-import.service';

/** The import's job: followed only by its tenant, and run again after a crash without importing anybody twice. */
let context: TestContext;
let fixture: Fixture;
let admin: Client;

const path = (rest: string) => servicePath(fixture.tenantA, rest);
const audit = () => ({
  actorId: fixture.tenantA.users.admin,
  actorRole: 'admin' as const,
  tenantId: fixture.tenantA.id,
  ip: null,
  requestId: null,
});

async function countNamed(prefix: string) {
  const row = first(
    await context.db
      .select({ count: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${customers.fullName})::int` })
      .from(customers)
      .where(and(eq(customers.tenantId, fixture.tenantA.id), like(customers.fullName, `${prefix}%`))),
  );
  return { count: Number(row.count), distinct: Number(row.distinct) };
}

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-03T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
});
afterAll(async () => context?.close());

describe('the customer import job', () => {
  it('is its tenant\u2019s: another tenant\u2019s admin neither follows it nor imports into the service', async () => {
    const started = await admin.request({
      method: 'POST',
      url: path('customers/import/'),
      payload: 'full_name\nTenant A Only',
      headers: { 'content-type': 'text/csv' },
    });
    expect(started.statusCode).toBe(202);
    const job = (started.json() as { job: Job }).job;
    expect(await waitForJob(admin, job.id)).toMatchObject({ state: 'done', result: { created: 1 } });

    const other = await fixture.as('b.admin');
    expect((await other.get(`/api/jobs/${job.id}/`)).statusCode).toBe(404);
    expect((await other.post(`/api/jobs/${job.id}/cancel/`, {})).statusCode).toBe(404);
    const intoA = await other.request({
      method: 'POST',
      url: path('customers/import/'),
      payload: 'full_name\nIntruder',
      headers: { 'content-type': 'text/csv' },
    });
    expect(intoA.statusCode).toBe(404);
    expect(await countNamed('Intruder')).toEqual({ count: 0, distinct: 0 });
  });

  it('runs again after a crash between batches and imports nobody twice', async () => {
    const imports = createCustomerImportService({ clock: context.clock });
    const actor = {
      userId: fixture.tenantA.users.admin,
      tenantId: fixture.tenantA.id,
      role: 'admin' as const,
      username: 'a.admin',
      dbAlias: 'default',
    };
    const serviceContext = await serviceContextFor(context.databases, actor, fixture.tenantA.electricityId);
    const rows = Array.from({ length: 1_200 }, (_, index) => `Crash Test ${String(index).padStart(4, '0')},K-CRASH-${index}`);
    const file = Buffer.from(['full_name,code', ...rows].join('\n'));
    const jobId = 900_001;
    const progress: [number, number][] = [];

    // The first run dies right after its first batch committed (before it could report it).
    const crashing = {
      onProgress: async (done: number, total: number) => {
        progress.push([done, total]);
        if (done > 0) throw new Error('the process died');
      },
      isCancelled: () => false,
    };
    await expect(
      imports.importInBatches(serviceContext, file, { jobId, today: '2026-11-03', audit: audit(), control: crashing }),
    ).rejects.toThrow('the process died');
    expect(progress).toEqual([
      [0, 1_200],
      [500, 1_200],
    ]);
    expect(await countNamed('Crash Test')).toEqual({ count: 500, distinct: 500 });

    // The run again skips the committed batch (its codes taken by itself are no error) and imports the rest.
    const again: [number, number][] = [];
    const result = await imports.importInBatches(serviceContext, file, {
      jobId,
      today: '2026-11-03',
      audit: audit(),
      control: { onProgress: async (done, total) => void again.push([done, total]), isCancelled: () => false },
    });
    expect(result).toEqual({ dry_run: false, created: 1_200, subscriptions: 0 });
    expect(again).toEqual([
      [500, 1_200],
      [1_000, 1_200],
      [1_200, 1_200],
    ]);
    expect(await countNamed('Crash Test')).toEqual({ count: 1_200, distinct: 1_200 });

    // A third delivery of the finished job writes nothing and answers the same result.
    const third = await imports.importInBatches(serviceContext, file, {
      jobId,
      today: '2026-11-03',
      audit: audit(),
      control: { onProgress: async () => undefined, isCancelled: () => false },
    });
    expect(third).toEqual(result);
    expect(await countNamed('Crash Test')).toEqual({ count: 1_200, distinct: 1_200 });
    const batches = await context.db
      .select({ batch: customerImportBatches.batch, created: customerImportBatches.created })
      .from(customerImportBatches)
      .where(eq(customerImportBatches.jobId, jobId));
    expect(batches.sort((a, b) => a.batch - b.batch)).toEqual([
      { batch: 0, created: 500 },
      { batch: 1, created: 500 },
      { batch: 2, created: 200 },
    ]);
  });
});
