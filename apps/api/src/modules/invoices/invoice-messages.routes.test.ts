import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const invoice = {} as Record<'Adel' | 'Basma' | 'Carla' | 'Dani', number>; // filled in beforeAll

const pathOf = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);
const outbox = () => path.join(dataDir, 'outbox');
const outboxFiles = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : []);
const send = (ids: unknown, client: Client = admin) => client.post(pathOf('invoices/send/'), { invoices: ids });

beforeAll(async () => {
  // The reminders' built-in channel writes under DATA_DIR (its `outbox` folder).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-invoice-messages-'));
  context = await createTestContext({ env: { DATA_DIR: dataDir } });
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  settingsId = (await admin.get('/api/config/')).json().id;
  context.clock.set(new Date('2026-10-01T09:00:00Z'));
  for (const [name, phone, amount] of [
    ['Adel', '+9613000001', '25'],
    ['Basma', '', '40'],
    ['Carla', '+9613000003', '50'],
    ['Dani', '+9613000004', '12.5'],
  ] as const) {
    const customer = (await admin.post(pathOf('customers/'), { full_name: name, phone })).json().id;
    const created = await admin.post(pathOf('invoices/'), {
      customer,
      period_start: '2026-09-01',
      period_end: '2026-09-30',
      lines: [{ description: 'Monthly fee', quantity: '1', unit_price: amount }],
    });
    expect(created.statusCode).toBe(201);
    invoice[name] = created.json().id;
  }
  expect((await admin.post(pathOf(`invoices/${invoice.Carla}/cancel/`), { reason: 'Wrong reading' })).statusCode).toBe(200);
});
afterAll(async () => {
  await context?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /invoices/send/', () => {
  it('sends each invoice to its customer in the tenant’s reminder language, through the reminder channel’s outbox', async () => {
    expect(outboxFiles()).toEqual([]);
    const response = await send([invoice.Adel, invoice.Basma, invoice.Carla]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ channel: 'outbox', sent: 1, skipped: 2 });
    expect(body.results).toEqual([
      {
        invoice: invoice.Adel,
        status: 'sent',
        reason: null,
        sent_at: '2026-10-01T09:00:00.000Z',
        language: 'en',
        message: expect.stringMatching(
          /^Dear Adel, your invoice INV-2026-\d+ for September 2026 is \$25\.00, due by 16 Oct 2026\. Company A$/,
        ),
      },
      { invoice: invoice.Basma, status: 'skipped', reason: 'no_phone', sent_at: null, language: null, message: null },
      { invoice: invoice.Carla, status: 'skipped', reason: 'cancelled', sent_at: null, language: null, message: null },
    ]);
    const files = outboxFiles();
    expect(files).toHaveLength(1);
    const file = fs.readFileSync(path.join(outbox(), first(files)), 'utf8');
    expect(file).toContain('To: +9613000001');
    expect(file).toContain(body.results[0].message);
    const history = (await admin.get(`/api/audit/?entity=invoice&entity_id=${invoice.Adel}`)).json().results;
    expect(history[0]).toMatchObject({ action: 'send_invoice', entity: 'invoice', entity_id: String(invoice.Adel) });
  });

  it('sends an invoice once: a double click (two calls at once) and a later call skip it as already sent', async () => {
    const before = outboxFiles().length;
    const [one, two] = await Promise.all([send([invoice.Dani]), send([invoice.Dani])]);
    const outcomes = [one.json().results[0], two.json().results[0]].map((result) => result.reason ?? result.status).sort();
    expect(outcomes).toEqual(['already_sent', 'sent']);
    context.clock.set(new Date('2026-12-01T09:00:00Z'));
    const later = (await send([invoice.Dani, invoice.Adel, invoice.Dani])).json();
    expect(later).toMatchObject({ sent: 0, skipped: 2 });
    expect(later.results.map((result: { reason: string }) => result.reason)).toEqual(['already_sent', 'already_sent']);
    expect(outboxFiles()).toHaveLength(before + 1);
  });

  it('writes the message in Arabic when the tenant’s reminder language is Arabic', async () => {
    const extra = await admin.post(pathOf('invoices/'), {
      customer: (await admin.post(pathOf('customers/'), { full_name: 'Elie', phone: '+9613000005' })).json().id,
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      lines: [{ description: 'Monthly fee', quantity: '1', unit_price: '10' }],
    });
    await admin.put(`/api/config/${settingsId}/`, { reminder_language: 'ar' });
    const result = (await send([extra.json().id])).json().results[0];
    await admin.put(`/api/config/${settingsId}/`, { reminder_language: 'en' });
    expect(result).toMatchObject({ status: 'sent', language: 'ar' });
    expect(result.message).toContain('عزيزنا Elie، فاتورتكم INV-');
    expect(result.message).toContain('٢٠٢٦');
  });

  it('refuses another tenant’s or another service’s invoice on the field, before sending anything', async () => {
    const before = outboxFiles().length;
    const bAdmin = await fixture.as('b.admin');
    const foreignCustomer = (
      await bAdmin.post(servicePath(fixture.tenantB, 'customers/'), { full_name: 'Foreign', phone: '+9610000' })
    ).json().id;
    const foreign = (
      await bAdmin.post(servicePath(fixture.tenantB, 'invoices/'), {
        customer: foreignCustomer,
        period_start: '2026-09-01',
        period_end: '2026-09-30',
        lines: [{ description: 'Fee', quantity: '1', unit_price: '5' }],
      })
    ).json().id;
    expect(foreign).toEqual(expect.any(Number));
    const waterCustomer = (await admin.post(pathOf('customers/', 'water'), { full_name: 'Water', phone: '+9610001' })).json().id;
    const water = (
      await admin.post(pathOf('invoices/', 'water'), {
        customer: waterCustomer,
        period_start: '2026-09-01',
        period_end: '2026-09-30',
        lines: [{ description: 'Fee', quantity: '1', unit_price: '5' }],
      })
    ).json().id;
    for (const id of [foreign, water, 999999]) {
      const response = await send([invoice.Adel, id]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'does_not_exist', invoices: [expect.any(String)] });
    }
    expect(outboxFiles()).toHaveLength(before);
  });

  it('answers a bad body with a 400 on its field', async () => {
    for (const body of [[], 'all', ['x'], [0]]) {
      const response = await send(body);
      expect(response.statusCode).toBe(400);
      // The field is named (`invoices`, or `invoices.0` for a bad element).
      expect(Object.keys(response.json()).some((key) => key.startsWith('invoices'))).toBe(true);
    }
    expect((await admin.post(pathOf('invoices/send/'), {})).statusCode).toBe(400);
  });

  it('is for who runs billing runs and sends reminders: admins and accountants; collectors and support get 403 before any validation', async () => {
    await expectPermissions(clients, [
      { name: 'send', allowed: ['admin', 'accountant'], call: (client) => send([invoice.Carla], client) },
      { name: 'send (bad body)', allowed: ['admin', 'accountant'], call: (client) => send('nope', client) },
    ]);
  });
});
