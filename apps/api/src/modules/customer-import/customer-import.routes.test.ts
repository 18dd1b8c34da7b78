import { and, eq, inArray, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { formatErrorMessage } from '@meterline/contract/error-messages';
import type { Job } from '@meterline/contract/jobs';
import { auditLog, customers, jobs, subscriptions } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';
import { waitForJob } from '../../../test/jobs';

/** Customers brought in from a CSV file, previewed with per-row errors, then all or nothing. */
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let bundleId: number;

const path = (rest: string) => servicePath(fixture.tenantA, rest);
const HEADER = 'code,full_name,phone,email,region,street,building,floor,apartment,station,bundle,initial_reading,status';

function sendCsv(client: Client, csv: string | Buffer, options: { dryRun?: boolean; headers?: Record<string, string> } = {}) {
  return client.request({
    method: 'POST',
    url: path(`customers/import/${options.dryRun ? '?dry_run=true' : ''}`),
    payload: csv,
    headers: { 'content-type': 'text/csv; charset=utf-8', ...options.headers },
  });
}

/** The bytes as a browser sends a file: `text/csv` and no charset, whatever it was saved in. */
const sendFile = (bytes: Buffer, options: { dryRun?: boolean; headers?: Record<string, string> } = {}) =>
  sendCsv(admin, bytes, { ...options, headers: { 'content-type': 'text/csv', ...options.headers } });

/** An import: 202 with its job, followed to its end; the done job's result (the old answer) and the job. */
async function importFile(csv: string | Buffer, options: { headers?: Record<string, string> } = {}) {
  const response = Buffer.isBuffer(csv) ? await sendFile(csv, options) : await sendCsv(admin, csv, options);
  expect(response.statusCode, response.body).toBe(202);
  const started = (response.json() as { job: Job }).job;
  expect(started).toMatchObject({ kind: 'customer_import' });
  const job = await waitForJob(admin, started.id);
  expect(job, JSON.stringify(job)).toMatchObject({ state: 'done' });
  return { result: job.result, job, response };
}

async function importJobCount() {
  const row = first(
    await context.db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.tenantId, fixture.tenantA.id), eq(jobs.kind, 'customer_import'))),
  );
  return Number(row.count);
}

async function storedNames(names: string[]) {
  const rows = await context.db
    .select({ fullName: customers.fullName, notes: customers.notes })
    .from(customers)
    .where(and(eq(customers.tenantId, fixture.tenantA.id), inArray(customers.fullName, names)));
  return rows.sort((a, b) => a.fullName.localeCompare(b.fullName));
}

async function customerCount(tenantId = fixture.tenantA.id) {
  const row = first(
    await context.db
      .select({ count: sql<number>`count(*)::int` })
      .from(customers)
      .where(eq(customers.tenantId, tenantId)),
  );
  return Number(row.count);
}

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-03T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  bundleId = (await admin.post(path('bundles/'), { name: '5 A', price: '10', unit_price: '0.25' })).json().id;
  await admin.post(path('stations/'), { name: 'North station', region: fixture.tenantA.regionId });
  // Tenant B's own names: never found from tenant A.
  const otherAdmin = await fixture.as('b.admin');
  await otherAdmin.post(servicePath(fixture.tenantB, 'bundles/'), { name: 'B only bundle', price: '1', unit_price: '0.1' });
});
afterAll(async () => context?.close());

const MIXED = [
  HEADER,
  ',Rania Khoury,+961 3 123 456,rania@example.com,Region a,Street a,Building a,2,2B,North station,5 A,٣٢٠٠,active',
  ',,,not-an-email,,,,,,,,,',
  'K-7,Bad Reading,,,,,,,,,5 A,-4,',
  ',Unknown Names,,,Region a,Street a,Nowhere,,,,Gold,0,',
  ',Other Tenant Bundle,,,Region b,,,,,,B only bundle,0,',
].join('\n');

describe('customer import', () => {
  it('offers a template: the machine column names and one example row in the caller\u2019s language', async () => {
    const english = await admin.get(path('customers/import/template/'));
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/csv');
    const [header, example] = english.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toBe(
      'code,full_name,phone,email,national_id,region,street,building,floor,apartment,station,bundle,initial_reading,started_on,status,notes,language,opted_out_channels',
    );
    expect(example).toContain('Rania Khoury');
    const arabic = await admin.get(path('customers/import/template/'), { 'accept-language': 'ar' });
    expect(arabic.body).toContain('code,full_name');
    expect(arabic.body).toContain('رانيا خوري');
  });

  it('previews every row with its parsed values and its errors, in English and in Arabic, writing nothing', async () => {
    const before = await customerCount();
    const response = await sendCsv(admin, MIXED, { dryRun: true });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ dry_run: true, total: 5, valid: 1, invalid: 4 });
    const [good, blank, badReading, unknown, otherTenant] = preview.rows;
    expect(good).toMatchObject({
      row: 2,
      errors: [],
      values: {
        full_name: 'Rania Khoury',
        region: fixture.tenantA.regionId,
        street: fixture.tenantA.streetId,
        building: fixture.tenantA.buildingId,
        bundle: bundleId,
        bundle_name: '5 A',
        initial_reading: '3200.000',
        station_name: 'North station',
      },
    });
    expect(blank.errors.map((error: { field: string; code: string }) => `${error.field}:${error.code}`).sort()).toEqual(
      ['email:invalid_email', 'full_name:blank'].sort(),
    );
    expect(badReading.errors).toEqual([expect.objectContaining({ field: 'initial_reading', code: 'min_value' })]);
    expect(unknown.errors).toEqual([
      expect.objectContaining({ field: 'bundle', code: 'import_name_not_found', message: 'Nothing named "Gold" was found here.' }),
      expect.objectContaining({ field: 'building', code: 'import_name_not_found' }),
    ]);
    // Another tenant's bundle and region are simply not found.
    expect(otherTenant.errors.map((error: { field: string; code: string }) => `${error.field}:${error.code}`)).toEqual([
      'bundle:import_name_not_found',
      'region:import_name_not_found',
    ]);

    const arabic = (await sendCsv(admin, MIXED, { dryRun: true, headers: { 'accept-language': 'ar' } })).json();
    expect(arabic.rows[3].errors[0]).toMatchObject({ code: 'import_name_not_found', message: 'لا يوجد عنصر باسم "Gold" هنا.' });
    expect(await customerCount()).toBe(before);
  });

  it('refuses a file it cannot read as customers with a file error', async () => {
    const unknownColumn = await sendCsv(admin, 'full_name,phon\nA,1', { dryRun: true });
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json()).toMatchObject({ code: 'import_unknown_column', errors: [{ field: 'file', params: { column: 'phon' } }] });
    expect((await sendCsv(admin, 'phone\n123', { dryRun: true })).json()).toMatchObject({ code: 'import_missing_column' });
    expect((await sendCsv(admin, 'full_name\n', { dryRun: true })).json()).toMatchObject({ code: 'import_empty' });
    expect((await sendCsv(admin, 'full_name\n"never closed', { dryRun: true })).json()).toMatchObject({ code: 'import_unreadable' });
    const json = await admin.post(path('customers/import/'), { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('starts no job for a file with a bad row: 400 with each row\u2019s errors, nothing written', async () => {
    const before = await customerCount();
    const jobsBefore = await importJobCount();
    const response = await sendCsv(admin, MIXED);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'import_has_errors', params: { count: 4 } });
    expect(body['rows.4.initial_reading']).toEqual(['Ensure this value is greater than or equal to 0.']);
    expect(body['rows.5.bundle']).toEqual(['Nothing named "Gold" was found here.']);
    expect(await customerCount()).toBe(before);
    expect(await importJobCount()).toBe(jobsBefore);
  });

  it('imports a clean file as a job: customers, their meters at the initial reading, audit rows; the same Idempotency-Key answers once', async () => {
    const csv = [
      HEADER,
      ',Rania Khoury,+961 3 123 456,rania@example.com,Region a,Street a,Building a,2,2B,North station,5 A,٣٢٠٠,active',
      'K-100,Omar Said,,,,,,,,,,,suspended',
      `,Sami Haddad,'+961 70 000 000,,,,Building a,,,,${bundleId},0,`,
    ].join('\r\n');
    const before = await customerCount();
    const headers = { 'idempotency-key': 'import-once-1' };
    const { result, job, response } = await importFile(csv, { headers });
    expect(result).toEqual({ dry_run: false, created: 3, subscriptions: 2 });
    expect(job.progress).toEqual({ done: 3, total: 3 });
    const replay = await sendCsv(admin, csv, { headers });
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().job.id).toBe(response.json().job.id);
    expect(await customerCount()).toBe(before + 3);

    const rania = (await admin.get(path('customers/?search=Rania'))).json().results[0];
    expect(rania).toMatchObject({
      building: fixture.tenantA.buildingId,
      street: fixture.tenantA.streetId,
      station_name: 'North station',
      subscription: { bundle: bundleId, counter: '3200.000', started_on: '2026-11-03' },
    });
    expect(rania.code).toMatch(/^C-\d{6}$/);
    const omar = (await admin.get(path('customers/?search=Omar'))).json().results[0];
    expect(omar).toMatchObject({ code: 'K-100', status: 'suspended', subscription: null });
    const sami = (await admin.get(path('customers/?search=Sami'))).json().results[0];
    // The exported formula guard (a leading ') is dropped; a building alone fills its street and region.
    expect(sami).toMatchObject({ phone: '+961 70 000 000', region: fixture.tenantA.regionId, subscription: { counter: '0.000' } });
    const audits = await context.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tenantId, fixture.tenantA.id),
          eq(auditLog.entity, 'customer'),
          eq(auditLog.action, 'create'),
          sql`${auditLog.after} ? 'importedFromRow'`,
        ),
      );
    expect(audits.length).toBe(3);

    // A code already taken, or twice in the file, is a row error.
    const again = (await sendCsv(admin, 'code,full_name\nK-100,Twice\nK-200,One\nK-200,Two', { dryRun: true })).json();
    expect(again.rows[0].errors).toEqual([expect.objectContaining({ field: 'code', code: 'customer_code_taken' })]);
    expect(again.rows[2].errors).toEqual([expect.objectContaining({ field: 'code', code: 'import_code_repeated', params: { row: 3 } })]);
  });

  it('is the admins\u2019: 403 for an accountant, a collector and support whatever the body', async () => {
    for (const username of ['a.accountant', 'a.collector', 'a.support']) {
      const client = await fixture.as(username);
      expect((await sendCsv(client, MIXED, { dryRun: true })).statusCode).toBe(403);
      expect((await sendCsv(client, 'full_name\nX')).statusCode).toBe(403);
      expect((await client.get(path('customers/import/template/'))).statusCode).toBe(403);
    }
  });

  it('imports 10,000 rows as a job in batches (the time is printed, not asserted)', async () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, index) =>
        `,Bulk Customer ${index},+961 1 ${String(index).padStart(6, '0')},,Region a,Street a,Building a,${index % 9},${index},North station,5 A,${index}.5,active`,
    );
    const csv = [HEADER, ...rows].join('\n');
    const before = await customerCount();
    const started = performance.now();
    const preview = await sendCsv(admin, csv, { dryRun: true });
    const previewed = performance.now();
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ total: 10_000, valid: 10_000 });
    const { result, job } = await importFile(csv);
    const committed = performance.now();
    expect(result).toMatchObject({ created: 10_000, subscriptions: 10_000 });
    expect(job.progress).toEqual({ done: 10_000, total: 10_000 });
    console.log(
      `10,000-row import (PGlite): preview ${Math.round(previewed - started)} ms, commit ${Math.round(committed - previewed)} ms`,
    );
    expect(await customerCount()).toBe(before + 10_000);
    const meters = first(
      await context.db
        .select({ count: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(and(eq(subscriptions.tenantId, fixture.tenantA.id), eq(subscriptions.counter, '9999.500'))),
    );
    expect(Number(meters.count)).toBe(1);
  });

  it('dates each subscription from its started_on cell (issue 29) and asks a metered meter for its opening reading', async () => {
    const header = 'full_name,bundle,initial_reading,started_on';
    const csv = [
      header,
      'Moved In,5 A,120,2026-11-01',
      'Default Today,5 A,0,',
      'No Reading,5 A,,2026-11-01',
      'Tomorrow,5 A,0,2026-11-04',
      'Too Old,5 A,0,2025-11-02',
      'Not A Date,5 A,0,2026-02-30',
      'No Meter,,,2026-11-01',
    ].join('\n');
    const preview = (await sendCsv(admin, csv, { dryRun: true, headers: { 'accept-language': 'ar' } })).json();
    const errors = preview.rows.map((row: { errors: { field: string; code: string }[] }) =>
      row.errors.map((error) => `${error.field}:${error.code}`),
    );
    expect(errors).toEqual([
      [],
      [],
      ['initial_reading:required'],
      ['started_on:date_in_future'],
      ['started_on:start_too_old'],
      ['started_on:invalid_date'],
      ['bundle:required'],
    ]);
    expect(preview.rows[2].errors[0].message).toBe('هذا الحقل مطلوب.');
    expect(preview.rows.slice(0, 2).map((row: { values: { started_on: string } }) => row.values.started_on)).toEqual([
      '2026-11-01',
      '2026-11-03',
    ]);

    const good = [header, 'Moved In Early,5 A,120,2026-11-01', 'Joined Today,5 A,0,'].join('\n');
    await importFile(good);
    const rows = await context.db
      .select({ fullName: customers.fullName, startedOn: subscriptions.startedOn, counter: subscriptions.counter })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .where(and(eq(customers.tenantId, fixture.tenantA.id), sql`${customers.fullName} in ('Moved In Early', 'Joined Today')`));
    expect(rows.sort((a, b) => a.fullName.localeCompare(b.fullName))).toEqual([
      { fullName: 'Joined Today', startedOn: '2026-11-03', counter: '0.000' },
      { fullName: 'Moved In Early', startedOn: '2026-11-01', counter: '120.000' },
    ]);
  });

  it('reads a file saved by Excel on an Arabic Windows (Windows-1256): the Arabic names are stored as written', async () => {
    const text = 'full_name,phone,notes\r\nرانيا خوري,+961 3 111 111,"شقة 2, الطابق الثاني"\r\nعمر سعيد,,\r\n';
    const bytes = iconv.encode(text, 'windows-1256');
    expect(iconv.decode(bytes, 'windows-1256')).toBe(text);
    // The bytes are what a UTF-8 reader refuses, one byte a letter.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(bytes.length).toBeLessThan(Buffer.byteLength(text));

    const preview = await sendFile(bytes, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rows.map((row: { values: { full_name: string } }) => row.values.full_name)).toEqual(['رانيا خوري', 'عمر سعيد']);
    expect((await importFile(bytes)).result).toMatchObject({ created: 2 });
    expect(await storedNames(['رانيا خوري', 'عمر سعيد'])).toEqual([
      { fullName: 'رانيا خوري', notes: 'شقة 2, الطابق الثاني' },
      { fullName: 'عمر سعيد', notes: '' },
    ]);
  });

  it('reads Excel\u2019s "Unicode text" (UTF-16 little-endian with its mark, tab-delimited) and UTF-8 with a mark', async () => {
    const unicodeText = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('full_name\tnotes\r\nهالة نصر\tUTF-16\r\n', 'utf16le')]);
    expect((await importFile(unicodeText)).result).toMatchObject({ created: 1 });
    expect(await storedNames(['هالة نصر'])).toEqual([{ fullName: 'هالة نصر', notes: 'UTF-16' }]);

    // The mark is not part of the first column's name (else "\uFEFFfull_name" would be an unknown column).
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('full_name,notes\nنادين حداد,UTF-8\n')]);
    const preview = await sendFile(marked, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rows[0]).toMatchObject({ row: 2, errors: [], values: { full_name: 'نادين حداد', notes: 'UTF-8' } });
    expect((await importFile(marked)).result).toMatchObject({ created: 1 });
    expect(await storedNames(['نادين حداد'])).toEqual([{ fullName: 'نادين حداد', notes: 'UTF-8' }]);
  });

  it('refuses bytes that cannot be text in any encoding with import_unreadable, in English and in Arabic', async () => {
    const before = await customerCount();
    // A workbook (.xlsx is a zip) chosen instead of its CSV: valid UTF-8, but NUL bytes.
    const workbook = Buffer.concat([Buffer.from('PK\u0003\u0004\u0014\u0000\u0006\u0000'), Buffer.from('[Content_Types].xml')]);
    // UTF-16 without its mark, and a UTF-8 mark over bytes that are not UTF-8.
    const unmarkedUtf16 = Buffer.from('full_name\nRania\n', 'utf16le');
    const falseMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), iconv.encode('full_name\nرانيا\n', 'windows-1256')]);
    for (const bytes of [workbook, unmarkedUtf16, falseMark]) {
      const response = await sendFile(bytes, { dryRun: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'import_unreadable',
        errors: [{ field: 'file', code: 'import_unreadable' }],
        file: [formatErrorMessage('import_unreadable', 'en')],
      });
    }
    const arabic = await sendFile(workbook, { headers: { 'accept-language': 'ar' } });
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json()).toMatchObject({ code: 'import_unreadable', file: [formatErrorMessage('import_unreadable', 'ar')] });
    expect(arabic.json().file[0]).toMatch(/[\u0600-\u06ff]/);
    expect(await customerCount()).toBe(before);
  });
});
