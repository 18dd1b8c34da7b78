import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_TEMPLATES } from '@meterline/contract/overdue';
import { first } from '@meterline/contract/invariant';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let dataDir: string;
let settingsId: number;
const customer = {} as Record<'Adel' | 'Basma' | 'Carla' | 'Dani', number>; // filled in beforeAll

const pathOf = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);
const outbox = () => path.join(dataDir, 'outbox');
const outboxFiles = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : []);
const remind = (ids: number[], client: Client = admin) => client.post(pathOf('overdue/remind/'), { customers: ids });

async function bill(name: keyof typeof customer, amount: string, month: string) {
  const response = await admin.post(pathOf('invoices/'), {
    customer: customer[name],
    period_start: `${month}-01`,
    period_end: `${month}-28`,
    lines: [{ description: 'Monthly fee', quantity: '1', unit_price: amount }],
  });
  expect(response.statusCode).toBe(201);
}

beforeAll(async () => {
  // The built-in channel writes under DATA_DIR (its `outbox` folder), like the password e-mails.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-reminders-'));
  context = await createTestContext({ env: { DATA_DIR: dataDir } });
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  settingsId = (await admin.get('/api/config/')).json().id;
  for (const [name, phone] of [
    ['Adel', '+9613000001'],
    ['Basma', ''],
    ['Carla', '+9613000003'],
    ['Dani', '+9613000004'],
  ] as const) {
    customer[name] = (await admin.post(pathOf('customers/'), { full_name: name, phone })).json().id;
  }
  // Invoices fall due 15 days after they are issued (the tenant's default).
  context.clock.set(new Date('2026-08-01T09:00:00Z'));
  await bill('Adel', '25', '2026-07'); // due 2026-08-16
  await bill('Basma', '40', '2026-07');
  await bill('Dani', '12.5', '2026-07');
  context.clock.set(new Date('2026-10-01T09:00:00Z'));
  await bill('Carla', '50', '2026-09'); // due 2026-10-16: not overdue yet
});
afterAll(async () => {
  await context?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /overdue/remind/', () => {
  it('sends each overdue customer with a phone a message in the tenant’s language, written to the outbox under DATA_DIR', async () => {
    expect(outboxFiles()).toEqual([]);
    const response = await remind([customer.Adel, customer.Basma, customer.Carla]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ channel: 'outbox', sent: 1, skipped: 2 });
    expect(body.results).toEqual([
      {
        customer: customer.Adel,
        status: 'sent',
        reason: null,
        reminder: expect.any(Number),
        sent_at: '2026-10-01T09:00:00.000Z',
        language: 'en',
        message: 'Dear Adel, your balance of $25.00 has been overdue since 16 Aug 2026. Please pay at your earliest convenience. Company A',
        channel: 'outbox',
      },
      expect.objectContaining({ customer: customer.Basma, status: 'skipped', reason: 'no_phone', message: null }),
      expect.objectContaining({ customer: customer.Carla, status: 'skipped', reason: 'not_overdue' }),
    ]);
    const files = outboxFiles();
    expect(files).toHaveLength(1);
    const file = fs.readFileSync(path.join(outbox(), first(files)), 'utf8');
    expect(file).toContain('To: +9613000001');
    expect(file).toContain('Language: en');
    expect(file).toContain(body.results[0].message);
  });

  it('shows the reminder in the overdue list (last_reminder_at) and on the customer’s history', async () => {
    const rows = (await admin.get(pathOf('overdue/?ordering=customer_name'))).json().results;
    expect(
      rows.map((row: { customer_name: string; last_reminder_at: string | null }) => [row.customer_name, row.last_reminder_at]),
    ).toEqual([
      ['Adel', '2026-10-01T09:00:00.000Z'],
      ['Basma', null],
      ['Dani', null],
    ]);
    const csv = (await admin.get(pathOf('overdue/?format=csv&ordering=last_reminder_at'))).body;
    expect(csv.split(/\r?\n/)[1]).toContain('2026-10-01T09:00:00.000Z');
    const history = (await admin.get(`/api/audit/?entity=customer&entity_id=${customer.Adel}`)).json().results;
    expect(history[0]).toMatchObject({ action: 'send_reminder', entity: 'customer', entity_id: String(customer.Adel) });
    expect(history[0].changes).toEqual(expect.arrayContaining([{ field: 'recipient', before: null, after: '+9613000001' }]));
  });

  it('skips a second reminder to the same customer within the hour (a double click sends once), sends again after it', async () => {
    const [first, second] = await Promise.all([remind([customer.Dani]), remind([customer.Dani])]);
    const statuses = [first.json().results[0], second.json().results[0]].map((result) => result.reason ?? result.status).sort();
    expect(statuses).toEqual(['recently_reminded', 'sent']);
    expect(outboxFiles()).toHaveLength(2);
    context.clock.set(new Date('2026-10-01T09:59:00Z'));
    expect((await remind([customer.Adel])).json().results[0].reason).toBe('recently_reminded');
    context.clock.set(new Date('2026-10-01T10:01:00Z'));
    expect((await remind([customer.Adel])).json().results[0].status).toBe('sent');
    expect(outboxFiles()).toHaveLength(3);
  });

  it('writes the message in Arabic from the tenant’s Arabic template when the reminder language is Arabic', async () => {
    const saved = await admin.put(`/api/config/${settingsId}/`, {
      reminder_language: 'ar',
      reminder_template_ar: 'مرحبا {name}، المبلغ {amount} مستحق منذ {due_date} ({days} يومًا).',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ reminder_language: 'ar', reminder_template_en: DEFAULT_REMINDER_TEMPLATES.en });
    context.clock.set(new Date('2026-10-01T12:00:00Z'));
    const result = (await remind([customer.Adel])).json().results[0];
    expect(result).toMatchObject({ status: 'sent', language: 'ar' });
    expect(result.message.replace(/\u00a0/g, ' ')).toBe('مرحبا Adel، المبلغ \u200f٢٥٫٠٠ US$ مستحق منذ ١٦/٠٨/٢٠٢٦ (٤٦ يومًا).');
    const newest = outboxFiles()
      .map((name) => fs.readFileSync(path.join(outbox(), name), 'utf8'))
      .find((text) => text.includes('Language: ar'));
    expect(newest).toContain(result.message);
    // An empty template is the built-in text again.
    expect((await admin.put(`/api/config/${settingsId}/`, { reminder_template_ar: '' })).json().reminder_template_ar).toBe(
      DEFAULT_REMINDER_TEMPLATES.ar,
    );
    await admin.put(`/api/config/${settingsId}/`, { reminder_language: 'en' });
  });

  it('writes each customer’s reminder in their own language, with the tenant’s template for it; null follows the tenant again', async () => {
    const template = { text_en: 'Reminder for {name}: {amount}', text_ar: 'تذكير {name}: {amount}', whatsapp_template: '' };
    expect((await admin.put('/api/notifications/templates/reminder/', template)).statusCode).toBe(200);
    // The tenant writes in English; Dani reads Arabic.
    expect((await admin.put(pathOf(`customers/${customer.Dani}/`), { language: 'ar' })).json().language).toBe('ar');
    context.clock.set(new Date('2026-10-01T15:00:00Z'));
    const [dani, adel] = (await remind([customer.Dani, customer.Adel])).json().results;
    expect(dani).toMatchObject({ status: 'sent', language: 'ar' });
    expect(dani.message.replace(/\u00a0/g, ' ')).toBe('تذكير Dani: \u200f١٢٫٥٠ US$');
    expect(adel).toMatchObject({ status: 'sent', language: 'en', message: 'Reminder for Adel: $25.00' });
    // null: no language of its own, the tenant's (answered as it).
    expect((await admin.put(pathOf(`customers/${customer.Dani}/`), { language: null })).json().language).toBe('en');
    context.clock.set(new Date('2026-10-01T17:00:00Z'));
    expect((await remind([customer.Dani])).json().results[0]).toMatchObject({ language: 'en', message: 'Reminder for Dani: $12.50' });
    await admin.put('/api/notifications/templates/reminder/', { text_en: '', text_ar: '', whatsapp_template: '' });
  });

  it('refuses another tenant’s or another service’s customer on the field, before sending anything', async () => {
    const before = outboxFiles().length;
    const bAdmin = await fixture.as('b.admin');
    const foreign = (await bAdmin.post(servicePath(fixture.tenantB, 'customers/'), { full_name: 'Foreign', phone: '+9610000' })).json().id;
    const water = (await admin.post(pathOf('customers/', 'water'), { full_name: 'Water', phone: '+9610001' })).json().id;
    for (const id of [foreign, water, 999999]) {
      context.clock.set(new Date('2026-10-02T12:00:00Z'));
      const response = await remind([customer.Dani, id]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'does_not_exist', customers: [expect.any(String)] });
    }
    expect(outboxFiles()).toHaveLength(before);
    expect((await remind([])).statusCode).toBe(400);
    expect((await admin.post(pathOf('overdue/remind/'), { customers: 'all' })).statusCode).toBe(400);
  });

  it('is for the office: admins and accountants; collectors and support get 403 before any validation', async () => {
    await expectPermissions(clients, [
      {
        name: 'remind',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(pathOf('overdue/remind/'), { customers: [customer.Carla] }),
      },
      {
        name: 'remind (bad body)',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(pathOf('overdue/remind/'), { customers: 'nope' }),
      },
    ]);
  });
});

describe('GET /overdue/disconnection-list/', () => {
  it('prints customers overdue at least the tenant’s default of 60 days, or ?min_days=, in English or Arabic', async () => {
    context.clock.set(new Date('2026-10-20T09:00:00Z'));
    const english = await admin.get(pathOf('overdue/disconnection-list/?output=html&lang=en'));
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/html');
    // Adel, Basma and Dani are 65 days overdue; Carla 4.
    expect(english.body).toContain('Disconnection list');
    expect(english.body).toContain('Customers overdue at least <bdi dir="ltr">60</bdi> days');
    for (const name of ['Adel', 'Basma', 'Dani']) expect(english.body).toContain(`<bdi>${name}</bdi>`);
    expect(english.body).not.toContain('<bdi>Carla</bdi>');
    expect(english.body).toMatch(/data-figure="total"><bdi dir="ltr">\$77\.50<\/bdi>/);
    const arabic = await admin.get(pathOf('overdue/disconnection-list/?output=html&lang=ar&min_days=3'));
    expect(arabic.body).toContain('dir="rtl"');
    expect(arabic.body).toContain('قائمة الفصل');
    expect(arabic.body).toContain('<bdi>Carla</bdi>');
    await admin.put(`/api/config/${settingsId}/`, { disconnection_after_days: 90 });
    expect((await admin.get(pathOf('overdue/disconnection-list/?output=html'))).body).not.toContain('<bdi>Adel</bdi>');
    expect((await admin.get(pathOf('overdue/disconnection-list/?min_days=-1'))).statusCode).toBe(400);
    await expectPermissions(clients, [
      {
        name: 'disconnection list',
        allowed: ['admin', 'accountant', 'support', 'collector'],
        call: (client) => client.get(pathOf('overdue/disconnection-list/?output=html')),
      },
    ]);
  });
});
