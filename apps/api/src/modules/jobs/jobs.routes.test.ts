import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@meterline/contract/jobs';
import { MAX_BULK_STATEMENTS } from '@meterline/contract/account';
import { backdateSubscriptions, expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { runBillingJob, waitForJob } from '../../../test/jobs';
import { insertJob } from './jobs.repository';

// The tenant's jobs (docs/billing.md, "Jobs"): who sees them, one running per tenant and kind, cancelling.
let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
const path = (rest: string) => servicePath(fixture.tenantA, rest);
const september = { period_start: '2026-09-01', period_end: '2026-09-30' };

/** A queued job of tenant A written straight to the table: the queue never gets it, so it stays queued. */
async function queuedJob(kind: 'billing_run' | 'statements') {
  return insertJob(context.db, {
    tenantId: fixture.tenantA.id,
    serviceId: fixture.tenantA.electricityId,
    kind,
    params: {},
    createdBy: fixture.tenantA.users.admin,
  });
}

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-03T09:00:00Z'));
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  const bundle = (await admin.post(path('bundles/'), { name: '5 A', price: '10', unit_price: '0.25' })).json().id;
  for (const name of ['Job One', 'Job Two', 'Job Three']) {
    const customer = (await admin.post(path('customers/'), { full_name: name, bundle, initial_reading: '0' })).json();
    await backdateSubscriptions(context.db, customer.id);
  }
});
afterAll(async () => context?.close());

describe('the billing run as a job', () => {
  it('answers 202 with the job, whose result is the report once done, and lists it newest first', async () => {
    const started = await admin.post(path('invoices/generate/'), september);
    expect(started.statusCode).toBe(202);
    const { job } = started.json() as { job: Job };
    expect(job).toMatchObject({
      kind: 'billing_run',
      result: null,
      error: null,
      created_by: { id: fixture.tenantA.users.admin },
      finished_at: null,
    });
    expect(['queued', 'running']).toContain(job.state);
    expect(Object.keys(job).sort()).toEqual([
      'created_at',
      'created_by',
      'error',
      'finished_at',
      'id',
      'kind',
      'progress',
      'result',
      'state',
    ]);
    const done = await waitForJob(admin, job.id);
    expect(done).toMatchObject({ state: 'done', progress: { done: 3, total: 3 }, error: null });
    expect(done.finished_at).not.toBeNull();
    expect(done.result).toMatchObject({ created: 3, skipped: 0, errors: [] });
    const billed = (await admin.get(path('invoices/?period_start=2026-09-01'))).json();
    expect(billed.count).toBe(3);

    const accountant = await clients.accountant.get('/api/jobs/');
    expect(accountant.statusCode).toBe(200);
    const list = accountant.json();
    expect(list).toMatchObject({ count_capped: false, previous: null });
    expect(list.results[0]).toMatchObject({ id: job.id, state: 'done' });
    expect((await clients.accountant.get(`/api/jobs/${job.id}/`)).json()).toEqual(done);
    // A second run of the month bills nobody again.
    expect(await runBillingJob(admin, path('invoices/generate/'), september)).toMatchObject({ created: 0, skipped: 3 });
    expect((await admin.get('/api/jobs/?page_size=1')).json()).toMatchObject({ count: 2, results: [{ kind: 'billing_run' }] });
  });

  it('refuses a second run while one is queued or running (409 with its id), and cancels a queued one', async () => {
    const waiting = await queuedJob('billing_run');
    const second = await admin.post(path('invoices/generate/'), september);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'job_already_running', job: waiting.id, params: { job: waiting.id } });
    // The other kind has its own slot.
    const statements = await admin.post(path('statements/'), {});
    expect(statements.statusCode).toBe(202);
    await waitForJob(admin, statements.json().job.id);

    const cancelled = await clients.accountant.post(`/api/jobs/${waiting.id}/cancel/`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: waiting.id, state: 'cancelled' });
    expect(cancelled.json().finished_at).not.toBeNull();
    const again = await admin.post(`/api/jobs/${waiting.id}/cancel/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('job_not_active');
    // A done job cannot be cancelled either; the slot is free again.
    const done = (await admin.get('/api/jobs/?kind=billing_run')).json().results.find((job: Job) => job.state === 'done');
    expect((await admin.post(`/api/jobs/${done.id}/cancel/`)).statusCode).toBe(409);
    expect(await runBillingJob(admin, path('invoices/generate/'), september)).toMatchObject({ created: 0 });
  });

  it('keeps the 400s of the run and refuses support and collectors whatever the body', async () => {
    const before = (await admin.get('/api/jobs/')).json().count;
    const badStation = await admin.post(path('invoices/generate/'), { ...september, station: 999999 });
    expect(badStation.statusCode).toBe(400);
    expect(badStation.json().code).toBe('does_not_exist');
    const notBegun = await admin.post(path('invoices/generate/'), { period_start: '2026-12-01', period_end: '2026-12-31' });
    expect(notBegun.json()).toMatchObject({ code: 'month_not_begun' });
    expect((await admin.get('/api/jobs/')).json().count).toBe(before);
    for (const role of ['support', 'collector'] as const) {
      expect((await clients[role].post(path('invoices/generate/'), { period_start: 'x' })).statusCode).toBe(403);
    }
  });
});

describe('the jobs routes', () => {
  it('follow the rule table: the office sees and cancels jobs, support and collectors do not', async () => {
    const id = (await admin.get('/api/jobs/?page_size=1')).json().results[0].id;
    await expectPermissions(clients, [
      { name: 'GET list', allowed: ['admin', 'accountant'], call: (client) => client.get('/api/jobs/') },
      { name: 'GET detail', allowed: ['admin', 'accountant'], call: (client) => client.get(`/api/jobs/${id}/`) },
      { name: 'POST cancel', allowed: ['admin', 'accountant'], call: (client) => client.post('/api/jobs/999999/cancel/') },
      { name: 'GET file', allowed: ['admin', 'accountant'], call: (client) => client.get('/api/jobs/999999/file/') },
    ]);
  });

  it("answers 404 for another tenant's job, and lists none of them", async () => {
    const theirs = await queuedJob('statements');
    const other = await fixture.as('b.admin');
    expect((await other.get(`/api/jobs/${theirs.id}/`)).statusCode).toBe(404);
    expect((await other.post(`/api/jobs/${theirs.id}/cancel/`)).statusCode).toBe(404);
    expect((await other.get(`/api/jobs/${theirs.id}/file/`)).statusCode).toBe(404);
    expect((await other.get('/api/jobs/')).json()).toMatchObject({ count: 0, results: [] });
    // Still queued: tenant B's cancel touched nothing. Its document is not ready (409).
    expect((await admin.get(`/api/jobs/${theirs.id}/`)).json().state).toBe('queued');
    const early = await admin.get(`/api/jobs/${theirs.id}/file/`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('job_not_done');
    expect((await admin.post(`/api/jobs/${theirs.id}/cancel/`)).json().state).toBe('cancelled');
    expect((await admin.get('/api/jobs/abc/')).statusCode).toBe(404);
    expect((await admin.get('/api/jobs/?kind=other')).statusCode).toBe(400);
  });
});

describe('bulk statements as a job', () => {
  it(`refuses more than ${MAX_BULK_STATEMENTS} customers with a 400 max_items, before any job`, async () => {
    const water = fixture.tenantA.waterId;
    await context.db.execute(
      sql`insert into customers (tenant_id, service_id, code, full_name)
          select ${fixture.tenantA.id}, ${water}, 'BULK-' || n, 'Bulk ' || n from generate_series(1, ${MAX_BULK_STATEMENTS + 1}) as n`,
    );
    const before = (await admin.get('/api/jobs/')).json().count;
    const refused = await admin.post(servicePath(fixture.tenantA, 'statements/', 'water'), {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'max_items', params: { max: MAX_BULK_STATEMENTS } });
    expect((await admin.get('/api/jobs/')).json().count).toBe(before);
  });
});
