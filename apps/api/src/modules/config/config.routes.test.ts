import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_TEMPLATES } from '@meterline/contract/overdue';
import { first, nth } from '@meterline/contract/invariant';
import { auditLog, customers, invoices, settings, uploads } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, fieldsOf, type Client, type TestContext } from '../../../test/harness';
import { buildMultipart, HTML_PAGE, JPEG_HEAD, PNG_1X1, SVG_WITH_SCRIPT, WEBP_HEAD, type MultipartFile } from '../../../test/multipart';

let context: TestContext;
let fixture: Fixture;
let admin: Client;
let settingsId: number;

beforeAll(async () => {
  context = await createTestContext({ env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000' } });
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  settingsId = (await admin.get('/api/config/')).json().id;
});
afterAll(async () => context?.close());

const putForm = (client: Client, fields: Record<string, string>, files: Record<string, MultipartFile> = {}, id = settingsId) => {
  const { payload, headers } = buildMultipart(fields, files);
  return client.request({ method: 'PUT', url: `/api/config/${id}/`, payload, headers });
};
const logoFile = (data: Buffer, filename = 'logo.png', contentType = 'image/png'): Record<string, MultipartFile> => ({
  logo: { filename, contentType, data },
});

describe('config', () => {
  it("answers the caller's tenant's settings as one object", async () => {
    const response = await admin.get('/api/config/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: settingsId,
      company_name: 'Company A',
      logo: null,
      currency: 'USD',
      currency_decimals: 2,
      tax_rate: '0.000',
      invoice_prefix: 'INV',
      invoice_due_days: 15,
      phone: '',
      email: '',
      address: '',
      invoice_footer: '',
      timezone: 'UTC',
      second_currency: null,
      second_currency_decimals: null,
      cash_rounding: {},
      voltage: 230,
      prorate_partial_months: true,
      backdate_days: 31,
      collectors_take_payments: true,
      late_fee_kind: 'none',
      late_fee_value: '0.000',
      late_fee_after_days: 30,
      reminder_language: 'en',
      reminder_template_en: DEFAULT_REMINDER_TEMPLATES.en,
      reminder_template_ar: DEFAULT_REMINDER_TEMPLATES.ar,
      disconnection_after_days: 60,
      default_digits: 'arab',
    });
    const other = await (await fixture.as('b.admin')).get('/api/config/');
    expect(other.json().company_name).toBe('Company B');
    expect(other.json().id).not.toBe(settingsId);
  });

  it('updates partially as JSON, normalising numbers (Arabic-Indic digits too)', async () => {
    const response = await admin.put(`/api/config/${settingsId}/`, {
      company_name: 'Nour Power',
      tax_rate: '١١',
      invoice_due_days: '٣٠',
      timezone: 'asia/beirut',
      invoice_prefix: 'NP',
      logo: '/api/media/whatever.png',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      company_name: 'Nour Power',
      tax_rate: '11.000',
      invoice_due_days: 30,
      timezone: 'Asia/Beirut',
      invoice_prefix: 'NP',
      currency: 'USD',
      logo: null,
    });
    const again = await admin.put(`/api/config/${settingsId}/`, { tax_rate: 7.5 });
    expect(again.json()).toMatchObject({ tax_rate: '7.500', company_name: 'Nour Power' });
    const me = await admin.get('/api/auth/users/me/');
    expect(me.json().tenant).toMatchObject({ company_name: 'Nour Power', timezone: 'Asia/Beirut', currency: 'USD' });
  });

  it('keeps the billing rules settings: voltage, proration, backdating window', async () => {
    const response = await admin.put(`/api/config/${settingsId}/`, { voltage: '١١٠', prorate_partial_months: false, backdate_days: 7 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ voltage: 110, prorate_partial_months: false, backdate_days: 7 });
    expect((await admin.get('/api/config/')).json()).toMatchObject({ voltage: 110, prorate_partial_months: false, backdate_days: 7 });
    const bad = await admin.put(`/api/config/${settingsId}/`, { voltage: 0, prorate_partial_months: 'maybe', backdate_days: 400 });
    expect(
      bad
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['backdate_days', 'prorate_partial_months', 'voltage']);
    await admin.put(`/api/config/${settingsId}/`, { voltage: 230, prorate_partial_months: true, backdate_days: 31 });
  });

  it('refuses bad values with field messages', async () => {
    const response = await admin.put(`/api/config/${settingsId}/`, {
      tax_rate: '101',
      invoice_due_days: -1,
      timezone: 'Mars/Olympus',
      currency: 'ABC',
      email: 'nope',
      invoice_prefix: 'IN V',
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(['currency', 'email', 'invoice_due_days', 'invoice_prefix', 'tax_rate', 'timezone']);
    for (const timezone of ['+05:00', 'Beirut', '../etc/passwd', '']) {
      expect((await admin.put(`/api/config/${settingsId}/`, { timezone })).statusCode).toBe(400);
    }
    expect((await admin.put(`/api/config/${settingsId}/`, { tax_rate: '1.0005' })).statusCode).toBe(400);
    const tenant = await admin.put(`/api/config/${settingsId}/`, { tenant: fixture.tenantB.id });
    expect(tenant.statusCode).toBe(400);
    expect(tenant.json()).toHaveProperty('tenant');
  });

  it("keeps the tenant's default digits (issue 17), refuses another value in the caller's language, and me/ carries it", async () => {
    const saved = await admin.put(`/api/config/${settingsId}/`, { default_digits: 'latn' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().default_digits).toBe('latn');
    expect((await admin.get('/api/auth/users/me/')).json().tenant.default_digits).toBe('latn');
    const bad = await admin.put(`/api/config/${settingsId}/`, { default_digits: 'hindi' }, { 'accept-language': 'ar' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_digits');
    expect(bad.json().default_digits).toEqual(['اختر الأرقام العربية المشرقية (arab) أو الغربية (latn).']);
    expect((await admin.get('/api/config/')).json().default_digits).toBe('latn');
    await admin.put(`/api/config/${settingsId}/`, { default_digits: 'arab' });
  });

  it("another tenant's settings id in the path is a 404", async () => {
    const otherId = (await (await fixture.as('b.admin')).get('/api/config/')).json().id;
    expect((await admin.put(`/api/config/${otherId}/`, { company_name: 'Hijack' })).statusCode).toBe(404);
    expect((await putForm(admin, { company_name: 'Hijack' }, logoFile(PNG_1X1), otherId)).statusCode).toBe(404);
    const row = first(await context.db.select().from(settings).where(eq(settings.id, otherId)), 'a row from settings');
    expect(row.companyName).toBe('Company B');
  });

  it('changes the currency while there is no money; 409 currency_locked after', async () => {
    const changed = await admin.put(`/api/config/${settingsId}/`, { currency: 'jod' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ currency: 'JOD', currency_decimals: 3 });
    expect((await admin.get('/api/auth/users/me/')).json().tenant).toMatchObject({ currency: 'JOD', currency_decimals: 3 });

    const customer = first(
      await context.db
        .insert(customers)
        .values({ tenantId: fixture.tenantA.id, serviceId: fixture.tenantA.electricityId, code: 'C-1', fullName: 'Customer' })
        .returning(),
      'a row inserted into customers',
    );
    await context.db.insert(invoices).values({
      tenantId: fixture.tenantA.id,
      serviceId: fixture.tenantA.electricityId,
      number: 'INV-1',
      customerId: customer.id,
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      issuedOn: '2026-02-01',
      dueOn: '2026-02-15',
      subtotal: 1000n,
      tax: 0n,
      total: 1000n,
    });
    const locked = await admin.put(`/api/config/${settingsId}/`, { currency: 'USD', company_name: 'Not saved' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'currency_locked' });
    // The same currency is not a change; the other fields still save.
    const same = await admin.put(`/api/config/${settingsId}/`, { currency: 'JOD', company_name: 'Saved' });
    expect(same.statusCode).toBe(200);
    expect(same.json().company_name).toBe('Saved');
    // Tenant B has no money: its currency still changes.
    const other = await fixture.as('b.admin');
    const otherId = (await other.get('/api/config/')).json().id;
    expect((await other.put(`/api/config/${otherId}/`, { currency: 'LBP' })).json()).toMatchObject({
      currency: 'LBP',
      currency_decimals: 0,
    });
  });
});

describe('logo', () => {
  it('uploads a PNG as multipart with other fields, and serves it with its type, nosniff and a long cache', async () => {
    const response = await putForm(
      admin,
      { company_name: 'With Logo', invoice_due_days: '20', logo: '' },
      logoFile(PNG_1X1, 'my logo.PNG'),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ company_name: 'With Logo', invoice_due_days: 20 });
    expect(body.logo).toMatch(new RegExp(`^/api/media/${fixture.tenantA.id}-[0-9a-f]{32}\\.png$`));
    expect(body.logo).not.toContain('my logo');

    const image = await admin.get(body.logo);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(image.rawPayload.equals(PNG_1X1)).toBe(true);
    expect((await admin.get('/api/auth/users/me/')).json().tenant.logo).toBe(body.logo);
  });

  it('takes JPEG and WebP by content whatever their name; replacing a logo removes the old file', async () => {
    const first = (await putForm(admin, {}, logoFile(JPEG_HEAD, 'photo.gif', 'image/gif'))).json().logo;
    expect(first).toMatch(/\.jpg$/);
    expect((await admin.get(first)).headers['content-type']).toBe('image/jpeg');
    const second = await putForm(admin, {}, logoFile(WEBP_HEAD, 'logo.bin', 'application/octet-stream'));
    expect(second.statusCode).toBe(200);
    expect(second.json().logo).toMatch(/\.webp$/);
    expect((await admin.get(first)).statusCode).toBe(404);
    const rows = await context.db.select({ name: uploads.name }).from(uploads).where(eq(uploads.tenantId, fixture.tenantA.id));
    expect(rows.map((row) => `/api/media/${row.name}`)).toEqual([second.json().logo]);
  });

  it('refuses SVG, HTML named .png, empty and unknown files with a 400 on logo, and keeps the old logo', async () => {
    const before = (await admin.get('/api/config/')).json().logo;
    const cases: [Buffer, string, string][] = [
      [SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml'],
      [HTML_PAGE, 'logo.png', 'image/png'],
      [Buffer.from('GIF89a....'), 'logo.gif', 'image/gif'],
      [Buffer.alloc(0), 'logo.png', 'image/png'],
    ];
    for (const [data, filename, type] of cases) {
      const response = await putForm(admin, { company_name: 'Should not save' }, logoFile(data, filename, type));
      expect(response.statusCode, filename).toBe(400);
      expect(response.json().logo).toHaveLength(1);
    }
    const after = (await admin.get('/api/config/')).json();
    expect(after.logo).toBe(before);
    expect(after.company_name).not.toBe('Should not save');
  });

  it('reports the logo and other fields together', async () => {
    const response = await putForm(admin, { tax_rate: 'abc' }, logoFile(SVG_WITH_SCRIPT, 'x.svg', 'image/svg+xml'));
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(['logo', 'tax_rate']);
  });

  it('refuses a 20 MB upload with a 400 on logo, not a 413 or a 500', async () => {
    const huge = Buffer.concat([PNG_1X1, Buffer.alloc(20 * 1024 * 1024, 1)]);
    const response = await putForm(admin, {}, logoFile(huge));
    expect(response.statusCode).toBe(400);
    expect(response.json().logo[0]).toContain('1 MB');
    // Just over the limit too.
    const justOver = await putForm(admin, {}, logoFile(Buffer.concat([PNG_1X1, Buffer.alloc(1024 * 1024)])));
    expect(justOver.statusCode).toBe(400);
    // A malformed body and a second file are 400s too.
    const malformed = await admin.request({
      method: 'PUT',
      url: `/api/config/${settingsId}/`,
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(malformed.statusCode).toBe(400);
    const { payload, headers } = buildMultipart(
      {},
      {
        logo: { filename: 'a.png', contentType: 'image/png', data: PNG_1X1 },
        other: { filename: 'b.png', contentType: 'image/png', data: PNG_1X1 },
      },
    );
    expect((await admin.request({ method: 'PUT', url: `/api/config/${settingsId}/`, payload, headers })).statusCode).toBe(400);
  });

  it('answers a 20 MB upload over a real connection with the 400 too (the body is drained, not reset)', async () => {
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('company_name', 'Too big');
    form.append('logo', new Blob([PNG_1X1, Buffer.alloc(20 * 1024 * 1024, 1)], { type: 'image/png' }), 'big.png');
    const response = await fetch(`${address}/api/config/${settingsId}/`, {
      method: 'PUT',
      body: form,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      logo: ['The logo is too large: at most 1 MB.'],
      code: 'logo_too_large',
      params: { max: 1 },
    });
    // A caller without the permission is refused before the body is read.
    const support = await fixture.as('a.support');
    const refused = await fetch(`${address}/api/config/${settingsId}/`, {
      method: 'PUT',
      body: form,
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(refused.status).toBe(403);
  });

  it('deletes the logo (204); its URL is gone; JSON logo null removes it too', async () => {
    const logo = (await putForm(admin, {}, logoFile(PNG_1X1))).json().logo;
    const response = await admin.delete('/api/config/logo/');
    expect(response.statusCode).toBe(204);
    expect((await admin.get('/api/config/')).json().logo).toBeNull();
    expect((await admin.get(logo)).statusCode).toBe(404);
    expect((await admin.delete('/api/config/logo/')).statusCode).toBe(204);

    const again = (await putForm(admin, {}, logoFile(PNG_1X1))).json().logo;
    const removed = await admin.put(`/api/config/${settingsId}/`, { logo: null });
    expect(removed.json().logo).toBeNull();
    expect((await admin.get(again)).statusCode).toBe(404);
  });

  it('answers 404 for unknown or malformed media names', async () => {
    for (const name of [
      'nothing.png',
      `${fixture.tenantA.id}-${'0'.repeat(32)}.png`,
      '999999-' + 'a'.repeat(32) + '.png',
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      expect((await admin.get(`/api/media/${name}`)).statusCode).toBe(404);
    }
  });

  it("records each change once, in the tenant's database, without the file's bytes", async () => {
    const before = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.tenantId, fixture.tenantA.id)));
    await putForm(admin, { company_name: 'Audited' }, logoFile(PNG_1X1));
    const after = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.tenantId, fixture.tenantA.id)));
    expect(after).toHaveLength(before.length + 1);
    const row = nth(after, after.length - 1);
    expect(row).toMatchObject({ action: 'update', actorId: fixture.tenantA.users.admin, actorRole: 'admin', entityId: String(settingsId) });
    expect((row.after as { company_name: string }).company_name).toBe('Audited');
    expect(JSON.stringify(row)).not.toContain(PNG_1X1.toString('base64').slice(0, 20));
  });
});
