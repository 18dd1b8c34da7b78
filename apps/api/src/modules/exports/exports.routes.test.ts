import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LISTS, type ExportListName } from '@meterline/contract/export-lists';
import type { Job } from '@meterline/contract/jobs';
import { servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';
import { createFixture, TEST_PASSWORD, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { waitForJob } from '../../../test/jobs';
import { insertJob } from '../jobs/jobs.repository';
import { createExportFiles } from './export-files';

// Large exports as jobs (docs/billing.md, "Exports"): the same CSV as `?format=csv`, the starter's alone.
let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let exportsDir: string;
const path_ = (rest: string) => servicePath(fixture.tenantA, rest);

/** Each list's own URL (its `?format=csv` answer is what the export must equal). */
const LIST_PATHS: Record<ExportListName, string> = {
  customers: 'customers/',
  bundles: 'bundles/',
  stations: 'stations/',
  tariffs: 'tariffs/',
  exchange_rates: 'exchange-rates/',
  invoices: 'invoices/',
  payments: 'payments/',
  overdue: 'overdue/',
  counters: 'subscriptions/counters/',
  route_assignments: 'routes/assignments/',
};

async function startExport(client: Client, list: string, query: Record<string, string> = {}) {
  return client.post(path_('exports/'), { list, query });
}

/** Starts an export as the admin, waits for it and answers the job and its downloaded file. */
async function exportAndDownload(list: ExportListName, query: Record<string, string> = {}) {
  const started = await startExport(admin, list, query);
  expect(started.statusCode, started.body).toBe(202);
  const { job } = started.json() as { job: Job };
  expect(job.kind).toBe('export');
  const done = await waitForJob(admin, job.id);
  expect(done.state, JSON.stringify(done)).toBe('done');
  const download = await admin.get(path_(`exports/${job.id}/download/`));
  return { job: done, download };
}

beforeAll(async () => {
  exportsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-exports-'));
  context = await createTestContext({ env: { EXPORTS_DIR: exportsDir } });
  context.clock.set(new Date('2026-11-03T09:00:00Z'));
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  const bundle = (await admin.post(path_('bundles/'), { name: '5 A', price: '10', unit_price: '0.25' })).json().id;
  for (const name of ['Export Ama', 'Export Bo', 'Export Cy', '=Export Formula', 'Other Dee']) {
    expect((await admin.post(path_('customers/'), { full_name: name, bundle, initial_reading: '0' })).statusCode).toBe(201);
  }
});
afterAll(async () => {
  await context?.close();
  if (exportsDir) fs.rmSync(exportsDir, { recursive: true, force: true });
});

describe('an export as a job', () => {
  it("writes the filtered list's CSV, equal to its ?format=csv answer, and serves it to its starter", async () => {
    const query = { search: 'Export', ordering: '-full_name' };
    const { job, download } = await exportAndDownload('customers', query);
    expect(job.result).toEqual({ rows: 4, filename: 'customers.csv' });
    expect(job.progress).toEqual({ done: 4, total: 4 });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    const streamed = await admin.get(path_(`customers/?format=csv&search=Export&ordering=-full_name`));
    expect(streamed.statusCode).toBe(200);
    expect(download.rawPayload.equals(streamed.rawPayload)).toBe(true);
    expect(download.body.startsWith('\uFEFFid,code,full_name')).toBe(true);
    expect(download.body).toContain("'=Export Formula");
    expect(download.body).not.toContain('Other Dee');
    // The starter sees it among the jobs too.
    expect((await admin.get('/api/jobs/?kind=export')).json().results.map((each: Job) => each.id)).toContain(job.id);
  });

  it('supports every list that answers ?format=csv, each equal to its own CSV', async () => {
    for (const list of EXPORT_LISTS) {
      const { download } = await exportAndDownload(list);
      expect(download.statusCode, list).toBe(200);
      const streamed = await admin.get(path_(`${LIST_PATHS[list]}?format=csv`));
      expect(streamed.statusCode, list).toBe(200);
      expect(download.body, list).toBe(streamed.body);
      expect(download.headers['content-disposition'], list).toBe(streamed.headers['content-disposition']);
    }
  });

  it("refuses a list without the list's own permission with 403, whatever the body", async () => {
    // Support desks list customers and invoices, never payments or meters.
    expect((await startExport(clients.support, 'payments')).statusCode).toBe(403);
    expect((await startExport(clients.support, 'counters', { ordering: 'nonsense' })).statusCode).toBe(403);
    expect((await startExport(clients.collector, 'payments', { page_size: 'x' })).statusCode).toBe(403);
    const allowed = await startExport(clients.support, 'customers', { search: 'Export' });
    expect(allowed.statusCode).toBe(202);
    const mine = await waitForOwnExport(clients.support, (allowed.json() as { job: Job }).job.id);
    expect(mine).toMatchObject({ state: 'done', created_by: { id: fixture.tenantA.users.support }, result: { rows: 4 } });
    const file = await clients.support.get(path_(`exports/${mine.id}/download/`));
    expect(file.statusCode).toBe(200);
    expect(file.body.split('\n').length).toBe(6);
  });

  it('answers 400 with a code on its field for an unknown list or a bad query, before any job', async () => {
    const before = (await admin.get('/api/jobs/?kind=export')).json().count;
    const unknown = await startExport(admin, 'secrets');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid_choice', list: [expect.any(String)] });
    const badStatus = await startExport(admin, 'invoices', { status: 'sideways' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()['query.status']).toEqual([expect.any(String)]);
    const badOrdering = await startExport(admin, 'customers', { ordering: 'password' });
    expect(badOrdering.statusCode).toBe(400);
    expect(badOrdering.json()).toMatchObject({ code: 'unknown_ordering' });
    expect(badOrdering.json()['query.ordering']).toEqual([expect.any(String)]);
    const arabic = await admin.post(path_('exports/'), { list: 'secrets' }, { 'accept-language': 'ar' });
    expect(arabic.json().list[0]).not.toBe(unknown.json().list[0]);
    expect((await admin.post(path_('exports/'), { query: {} })).statusCode).toBe(400);
    expect((await admin.get('/api/jobs/?kind=export')).json().count).toBe(before);
  });

  it("is its starter's alone: another user of the tenant and another tenant get 404", async () => {
    const { job } = await exportAndDownload('customers');
    const urls = [`exports/${job.id}/`, `exports/${job.id}/download/`];
    for (const client of [clients.accountant, await fixture.as('b.admin')]) {
      for (const url of urls) expect((await client.get(path_(url))).statusCode, url).toBe(404);
      expect((await client.post(path_(`exports/${job.id}/cancel/`))).statusCode).toBe(404);
      expect((await client.get(`/api/jobs/${job.id}/`)).statusCode).toBe(404);
      expect((await client.get('/api/jobs/?kind=export')).json().results.map((each: Job) => each.id)).not.toContain(job.id);
    }
    // Tenant B's own service path does not reach it either.
    const other = await fixture.as('b.admin');
    expect((await other.get(servicePath(fixture.tenantB, `exports/${job.id}/download/`))).statusCode).toBe(404);
    // Under another service of the same tenant it is not found.
    expect((await admin.get(servicePath(fixture.tenantA, `exports/${job.id}/`, 'water'))).statusCode).toBe(404);
  });

  it('cancels a queued export (no file to download), and a finished one is a 409', async () => {
    const queued = await insertJob(context.db, {
      tenantId: fixture.tenantA.id,
      serviceId: fixture.tenantA.electricityId,
      kind: 'export',
      params: { input: { list: 'customers', query: {} } },
      createdBy: fixture.tenantA.users.admin,
    });
    expect((await clients.accountant.post(path_(`exports/${queued.id}/cancel/`))).statusCode).toBe(404);
    const early = await admin.get(path_(`exports/${queued.id}/download/`));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('job_not_done');
    const cancelled = await admin.post(path_(`exports/${queued.id}/cancel/`));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    expect((await admin.get(path_(`exports/${queued.id}/download/`))).statusCode).toBe(409);
    expect((await admin.post(path_(`exports/${queued.id}/cancel/`))).statusCode).toBe(409);
    expect(fs.existsSync(path.join(exportsDir, String(fixture.tenantA.id), `${queued.id}.csv`))).toBe(false);
  });

  it('serves a file only within its retention: an expired one is deleted and its download is a 404', async () => {
    const { job, download } = await exportAndDownload('bundles');
    expect(download.statusCode).toBe(200);
    const file = path.join(exportsDir, String(fixture.tenantA.id), `${job.id}.csv`);
    const dayAndMore = new Date(Date.now() - 25 * 3600_000);
    fs.utimesSync(file, dayAndMore, dayAndMore);
    expect(await createExportFiles(exportsDir).removeExpired(new Date())).toBe(1);
    expect((await admin.get(path_(`exports/${job.id}/download/`))).statusCode).toBe(404);
  });
});

describe('the download asks the list permission again', () => {
  it("refuses the file with 403 once the starter's role no longer lists it", async () => {
    const created = await admin.post('/api/auth/users/', { username: 'export.accountant', password: TEST_PASSWORD, role: 'accountant' });
    expect(created.statusCode).toBe(201);
    const accountant = await fixture.as('export.accountant');
    const started = await startExport(accountant, 'payments');
    expect(started.statusCode).toBe(202);
    const done = await waitForOwnExport(accountant, (started.json() as { job: Job }).job.id);
    expect(done.state).toBe('done');
    expect((await accountant.get(path_(`exports/${done.id}/download/`))).statusCode).toBe(200);
    expect((await admin.put(`/api/auth/users/${created.json().id}/`, { role: 'support' })).statusCode).toBe(200);
    const demoted = await fixture.as('export.accountant');
    expect((await demoted.get(path_(`exports/${done.id}/`))).statusCode).toBe(200);
    expect((await demoted.get(path_(`exports/${done.id}/download/`))).statusCode).toBe(403);
  });
});

/** Reads the caller's own export until it has finished (the export's own route: support cannot read /api/jobs/). */
async function waitForOwnExport(client: Client, id: number): Promise<Job> {
  for (;;) {
    const response = await client.get(path_(`exports/${id}/`));
    expect(response.statusCode).toBe(200);
    const job = response.json() as Job;
    if (!['queued', 'running'].includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
