import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { defined } from '@meterline/contract/invariant';
import { notificationMessages } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';
import { startFakeProvider } from '../../../test/fake-provider';
import { waitForJob } from '../../../test/jobs';

/*
 * Reaching the household (docs/notifications.md): channel settings, the exact requests of each adapter
 * against a fake provider on 127.0.0.1, retries, idempotent bill sending, signed delivery callbacks,
 * receipts after a payment, and tenancy. Runs on PGlite and on PostgreSQL alike.
 */
let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let dataDir: string;
const SECRET = 'SECRET-token-7f3a9c';
const CALLBACK_KEY = 'callback-key-51b2';

const pathOf = (rest: string) => servicePath(fixture.tenantA, rest, 'electricity');
const channels = (client: Client = admin) => client.get('/api/notifications/channels/');
const putChannel = (channel: string, body: Record<string, unknown>, client: Client = admin) =>
  client.put(`/api/notifications/channels/${channel}/`, body);
const sign = (body: string, key = CALLBACK_KEY) => `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;
const callback = (url: string, body: string, signature?: string) =>
  context.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
  });

type Message = { kind: string; status: string; text: string; channel: string; language: string };

/** The customer's newest message of `kind` once it left the queue (sent after the answer, by the queued sender). */
async function sentMessage(customer: number, kind: string): Promise<Message | undefined> {
  let message: Message | undefined;
  for (let tries = 0; tries < 400 && (!message || message.status === 'queued'); tries += 1) {
    const results = (await admin.get(pathOf(`customers/${customer}/messages/`))).json().results as Message[];
    message = results.find((each) => each.kind === kind);
    if (!message || message.status === 'queued') await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return message;
}

async function invoiceFor(customer: number, amount: string): Promise<number> {
  const created = await admin.post(pathOf('invoices/'), {
    customer,
    period_start: '2026-09-01',
    period_end: '2026-09-30',
    lines: [{ description: 'Monthly fee', quantity: '1', unit_price: amount }],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

beforeAll(async () => {
  provider = await startFakeProvider();
  // Test mode writes to the outbox folder under DATA_DIR.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-notifications-'));
  context = await createTestContext({ env: { DATA_DIR: dataDir } });
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  context.clock.set(new Date('2026-10-01T09:00:00Z'));
});
afterAll(async () => {
  await context?.close();
  await provider?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('channel settings', () => {
  it('answers the three channels in order, unconfigured ones off with defaults', async () => {
    const response = await channels();
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .results.map((row: { channel: string; enabled: boolean; provider: string }) => [row.channel, row.enabled, row.provider]),
    ).toEqual([
      ['email', false, 'smtp'],
      ['whatsapp', false, 'whatsapp_cloud'],
      ['sms', false, 'http_sms'],
    ]);
  });

  it('is the admins’: 403 for the accountant, support and collectors, whatever the body', async () => {
    for (const role of ['accountant', 'support', 'collector'] as const) {
      const client = clients[role];
      expect((await channels(client)).statusCode).toBe(403);
      expect((await putChannel('sms', { nonsense: true }, client)).statusCode).toBe(403);
      expect((await client.post('/api/notifications/channels/sms/test/', {})).statusCode).toBe(403);
      expect((await client.get('/api/notifications/templates/')).statusCode).toBe(403);
      expect((await client.put('/api/notifications/templates/receipt/', {})).statusCode).toBe(403);
    }
    for (const role of ['support', 'collector'] as const)
      expect((await clients[role].post(pathOf('invoices/send/'), { invoice_ids: [1] })).statusCode).toBe(403);
  });

  it('refuses a live channel without credentials or address, and a bad address, in English and Arabic', async () => {
    const live = { enabled: true, test_mode: false, provider: 'whatsapp_cloud', sender: '1001', endpoint_url: '' };
    const english = await putChannel('whatsapp', live);
    expect(english.statusCode).toBe(400);
    expect(english.json().errors.map((error: { field: string; code: string }) => [error.field, error.code])).toEqual([
      ['credentials', 'channel_credentials_required'],
      ['endpoint_url', 'channel_endpoint_required'],
    ]);
    expect(english.json().errors[0].message).toBe('Enter the provider’s credentials, or keep the channel in test mode.');
    const arabic = await admin.put('/api/notifications/channels/whatsapp/', live, { 'accept-language': 'ar' });
    expect(arabic.json().errors[0].message).toBe('أدخل بيانات اعتماد المزوّد، أو أبقِ القناة في وضع التجربة.');
    const badUrl = await putChannel('sms', { ...live, provider: 'http_sms', endpoint_url: 'ftp://x', credentials: 'a' });
    expect(badUrl.json().errors).toMatchObject([{ field: 'endpoint_url', code: 'invalid_url' }]);
    const mismatch = await putChannel('sms', { ...live, provider: 'smtp', credentials: 'a', endpoint_url: provider.url });
    expect(mismatch.json().errors).toMatchObject([{ field: 'provider', code: 'channel_provider_mismatch' }]);
    const recipient = await admin.post('/api/notifications/channels/email/test/', { to: 'not an address' }, { 'accept-language': 'ar' });
    expect(recipient.json().errors).toMatchObject([{ field: 'to', code: 'invalid_recipient' }]);
    expect(recipient.json().errors[0].message).toContain('أدخل بريدًا إلكترونيًا');
  });

  it('keeps credentials sealed: never in any answer, kept when left out, cleared with ""', async () => {
    const saved = await putChannel('whatsapp', {
      enabled: true,
      test_mode: false,
      provider: 'whatsapp_cloud',
      sender: '1001',
      endpoint_url: `${provider.url}/v20.0/1001`,
      credentials: `${SECRET}\n${CALLBACK_KEY}`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ channel: 'whatsapp', enabled: true, has_credentials: true });
    expect(saved.json().callback_url).toMatch(/\/api\/notifications\/callbacks\/\d+\.[\w-]{43}\/$/);
    const sms = await putChannel('sms', {
      enabled: true,
      test_mode: false,
      provider: 'http_sms',
      sender: 'NourPower',
      endpoint_url: `${provider.url}/sms/send`,
      credentials: SECRET,
    });
    expect(sms.statusCode, sms.body).toBe(200);
    // Saved again without credentials: kept.
    expect(
      (
        await putChannel('sms', {
          enabled: true,
          test_mode: false,
          provider: 'http_sms',
          sender: 'NourPower',
          endpoint_url: `${provider.url}/sms/send`,
        })
      ).json(),
    ).toMatchObject({ has_credentials: true });
    for (const response of [saved, sms, await channels()]) expect(response.body).not.toContain(SECRET);
    const [stored] = await context.db
      .execute<{ credentials: string }>(
        // The row holds them sealed, not as typed.
        (await import('drizzle-orm'))
          .sql`select credentials from notification_channels where tenant_id = ${fixture.tenantA.id} and channel = 'sms'`,
      )
      .then((result) => (result as unknown as { rows: { credentials: string }[] }).rows);
    expect(defined(stored, 'the sms row').credentials).toMatch(/^v1\./);
    expect(defined(stored, 'the sms row').credentials).not.toContain(SECRET);
    const cleared = await putChannel('email', {
      enabled: false,
      test_mode: true,
      provider: 'smtp',
      sender: '',
      endpoint_url: '',
      credentials: '',
    });
    expect(cleared.json()).toMatchObject({ has_credentials: false });
  });
});

describe('sending through each adapter', () => {
  it('WhatsApp Cloud: POST {endpoint}/messages with the bearer token and a text message', async () => {
    provider.answer('/v20.0/1001/messages', { status: 200, body: { messages: [{ id: 'wamid.test1' }] } });
    const before = provider.received.length;
    const response = await admin.post('/api/notifications/channels/whatsapp/test/', { to: '+961 3 123 456' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toMatchObject({ kind: 'test', status: 'sent', provider_message_id: 'wamid.test1', attempts: 1 });
    const [request] = provider.received.slice(before);
    expect(request).toMatchObject({ method: 'POST', path: '/v20.0/1001/messages' });
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      messaging_product: 'whatsapp',
      to: '9613123456',
      type: 'text',
      text: { body: 'A test message from Meterline: this channel works.' },
    });
  });

  it('HTTP SMS: retried on a 500 and on a time-out, then sent once', async () => {
    provider.answer('/sms/send', { status: 500, body: { error: 'busy' } }, 'hang', { status: 200, body: { message_id: 'sms-42' } });
    const before = provider.received.length;
    const response = await admin.post('/api/notifications/channels/sms/test/', { to: '+9613000111' });
    expect(response.json().message).toMatchObject({ status: 'sent', provider_message_id: 'sms-42', attempts: 3, error: null });
    const requests = provider.received.slice(before);
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request).toMatchObject({ method: 'POST', path: '/sms/send' });
      expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
      expect(JSON.parse(request.body)).toEqual({
        to: '+9613000111',
        from: 'NourPower',
        text: 'A test message from Meterline: this channel works.',
      });
    }
  });

  it('fails at once on a 4xx, keeping the provider’s words', async () => {
    provider.answer('/sms/send', { status: 400, body: { error: 'unknown number' } });
    const before = provider.received.length;
    const response = await admin.post('/api/notifications/channels/sms/test/', { to: '+9613000112' });
    expect(response.json().message).toMatchObject({ status: 'failed', attempts: 1 });
    expect(response.json().message.error).toContain('unknown number');
    expect(provider.received.length - before).toBe(1);
  });

  it('e-mail in test mode goes to the outbox, and the checklist counts the channel and the test message', async () => {
    expect(
      (await putChannel('email', { enabled: true, test_mode: true, provider: 'smtp', sender: 'office@a.example', endpoint_url: '' }))
        .statusCode,
    ).toBe(200);
    const response = await admin.post('/api/notifications/channels/email/test/', { to: 'owner@a.example' });
    expect(response.json().message).toMatchObject({ status: 'sent', channel: 'email' });
    expect(response.json().message.provider_message_id).toMatch(/^outbox-/);
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, 'outbox', defined(files[0], 'the outbox file')), 'utf8')).toContain('To: owner@a.example');
    expect((await admin.get('/api/onboarding/')).json().items).toMatchObject({ channel: true, test_message: true });
  });
});

describe('templates', () => {
  it('answers every kind with its defaults, and refuses an unknown placeholder', async () => {
    const list = (await admin.get('/api/notifications/templates/')).json().results;
    expect(list.map((template: { kind: string }) => template.kind)).toEqual(['bill_issued', 'receipt', 'reminder', 'disconnection']);
    expect(list[0]).toMatchObject({ text_en: '', text_ar: '', whatsapp_template: '' });
    expect(list[0].default_en).toContain('{link}');
    const bad = await admin.put('/api/notifications/templates/receipt/', {
      text_en: 'Hi {name} {nope}',
      text_ar: '',
      whatsapp_template: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject([{ field: 'text_en', code: 'unknown_placeholder', params: { placeholder: '{nope}' } }]);
    expect(bad.json().errors[0].message).toBe('Unknown placeholder {nope}. Use only the placeholders listed for this message.');
    const saved = await admin.put('/api/notifications/templates/bill_issued/', {
      text_en: 'Bill for {name}: {amount} by {due_date}. {link}',
      text_ar: 'فاتورة {name}: {amount} قبل {due_date}. {link}',
      whatsapp_template: 'bill_v1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ kind: 'bill_issued', whatsapp_template: 'bill_v1' });
  });
});

describe('customers’ language and refused channels', () => {
  it('defaults to the tenant’s language, and keeps the channels refused in a fixed order', async () => {
    const plain = await admin.post(pathOf('customers/'), { full_name: 'Default Language' });
    expect(plain.json()).toMatchObject({ language: 'en', opted_out_channels: [] });
    const chosen = await admin.post(pathOf('customers/'), {
      full_name: 'سامي',
      language: 'ar',
      opted_out_channels: ['sms', 'email', 'sms'],
    });
    expect(chosen.json()).toMatchObject({ language: 'ar', opted_out_channels: ['email', 'sms'] });
    const bad = await admin.put(pathOf(`customers/${chosen.json().id}/`), { language: 'fr', opted_out_channels: ['fax'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { field: string; code: string }) => error.code)).toEqual(['invalid_choice', 'invalid_choice']);
  });

  it('answers the stored language as own_language (null: the tenant’s) beside the one in effect, and follows the tenant’s change', async () => {
    const settingsId = (await admin.get('/api/config/')).json().id;
    const me = async () => (await admin.get('/api/auth/users/me/')).json();
    const plain = (await admin.post(pathOf('customers/'), { full_name: 'Follows The Company' })).json();
    expect(plain).toMatchObject({ language: 'en', own_language: null });
    const chosen = (await admin.post(pathOf('customers/'), { full_name: 'Reads Arabic', language: 'ar' })).json();
    expect(chosen).toMatchObject({ language: 'ar', own_language: 'ar' });
    expect((await admin.get(pathOf(`customers/${chosen.id}/`))).json()).toMatchObject({ language: 'ar', own_language: 'ar' });
    expect(await me()).toMatchObject({ tenant: { customer_language: 'en' } });
    try {
      // The tenant writes in Arabic now: the customer without a language of its own follows, the other keeps English.
      const english = (await admin.put(pathOf(`customers/${chosen.id}/`), { language: 'en' })).json();
      expect(english).toMatchObject({ language: 'en', own_language: 'en' });
      expect((await admin.put(`/api/config/${settingsId}/`, { reminder_language: 'ar' })).statusCode).toBe(200);
      expect(await me()).toMatchObject({ tenant: { customer_language: 'ar' } });
      expect((await admin.get(pathOf(`customers/${plain.id}/`))).json()).toMatchObject({ language: 'ar', own_language: null });
      expect((await admin.get(pathOf(`customers/${chosen.id}/`))).json()).toMatchObject({ language: 'en', own_language: 'en' });
      // null on an update: none of its own again, the tenant's in effect.
      const back = await admin.put(pathOf(`customers/${chosen.id}/`), { language: null });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ language: 'ar', own_language: null });
      const listed = (await admin.get(pathOf('customers/?search=Reads Arabic'))).json().results[0];
      expect(listed).toMatchObject({ language: 'ar', own_language: null });
    } finally {
      await admin.put(`/api/config/${settingsId}/`, { reminder_language: 'en' });
    }
  });
});

describe('the CSV import’s columns', () => {
  it('reads language and opted_out_channels (separated by ; or |), refusing other values per row', async () => {
    const csv = ['full_name,language,opted_out_channels', 'Lina,AR,sms|email', 'Karim,,', 'Bad,fr,fax;sms'].join('\n');
    const send = (dryRun: boolean) =>
      admin.request({
        method: 'POST',
        url: pathOf(`customers/import/${dryRun ? '?dry_run=true' : ''}`),
        payload: dryRun ? csv : csv.split('\n').slice(0, 3).join('\n'),
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
    const preview = (await send(true)).json();
    expect(
      preview.rows.map((row: { values: { language: string; opted_out_channels: string[] } }) => [
        row.values.language,
        row.values.opted_out_channels,
      ]),
    ).toEqual([
      ['ar', ['email', 'sms']],
      ['', []],
      ['fr', ['sms']],
    ]);
    expect(preview.rows[2].errors.map((error: { field: string; code: string }) => [error.field, error.code])).toEqual([
      ['language', 'invalid_choice'],
      ['opted_out_channels', 'invalid_choice'],
    ]);
    const imported = await send(false);
    expect(imported.statusCode, imported.body).toBe(202);
    expect(await waitForJob(admin, imported.json().job.id)).toMatchObject({ state: 'done', result: { created: 2 } });
    const listed = (await admin.get(pathOf('customers/?search=Lina'))).json().results[0];
    expect(listed).toMatchObject({ language: 'ar', own_language: 'ar', opted_out_channels: ['email', 'sms'] });
    // An empty cell: the tenant's language, none of its own.
    expect((await admin.get(pathOf('customers/?search=Karim'))).json().results[0]).toMatchObject({
      language: 'en',
      own_language: null,
      opted_out_channels: [],
    });
  });
});

describe('sending bills, receipts and callbacks', () => {
  let arabic: number;
  let english: number;
  let bills: number[];

  it('queues one message per invoice on the customer’s first usable channel, in their language, once', async () => {
    arabic = (await admin.post(pathOf('customers/'), { full_name: 'رانيا', phone: '+9613555001', language: 'ar' })).json().id;
    english = (
      await admin.post(pathOf('customers/'), { full_name: 'Omar', phone: '+9613555002', language: 'en', opted_out_channels: ['whatsapp'] })
    ).json().id;
    const noAddress = (await admin.post(pathOf('customers/'), { full_name: 'Nobody' })).json().id;
    bills = [await invoiceFor(arabic, '25'), await invoiceFor(english, '40'), await invoiceFor(noAddress, '10')];
    provider.answer('/v20.0/1001/messages', { status: 200, body: { messages: [{ id: 'wamid.bill1' }] } });
    provider.answer('/sms/send', { status: 200, body: { id: 'sms-bill2' } });
    const before = provider.received.length;
    const started = await admin.post(pathOf('invoices/send/'), { invoice_ids: bills });
    expect(started.statusCode, started.body).toBe(202);
    const job = await waitForJob(admin, started.json().job.id);
    expect(job).toMatchObject({ kind: 'send_bills', state: 'done', result: { queued: 2, skipped: 1 }, progress: { done: 3, total: 3 } });
    const requests = provider.received.slice(before);
    expect(requests.map((request) => request.path)).toEqual(['/v20.0/1001/messages', '/sms/send']);
    const whatsapp = JSON.parse(defined(requests[0], 'the WhatsApp request').body);
    expect(whatsapp).toMatchObject({
      messaging_product: 'whatsapp',
      to: '9613555001',
      type: 'template',
      template: { name: 'bill_v1', language: { code: 'ar' } },
    });
    const parameters = whatsapp.template.components[0].parameters;
    expect(parameters[0]).toEqual({ type: 'text', text: 'رانيا' });
    expect(parameters).toHaveLength(4);
    // The link is the customer's public bill page (/b/{token}), the one the customer's record carries.
    const publicUrl = (await admin.get(pathOf(`customers/${arabic}/`))).json().public_url;
    expect(publicUrl).toMatch(/\/b\/[\w-]{20,}$/);
    expect(parameters[3].text).toBe(publicUrl);
    const sms = JSON.parse(defined(requests[1], 'the SMS request').body);
    expect(sms).toMatchObject({ to: '+9613555002', from: 'NourPower' });
    expect(sms.text).toMatch(/^Bill for Omar: \$40\.00 by .+\. http/);

    // Sent again: nothing queued, nothing sent.
    const again = await admin.post(pathOf('invoices/send/'), { invoice_ids: bills.slice(0, 2) });
    expect(await waitForJob(admin, again.json().job.id)).toMatchObject({ state: 'done', result: { queued: 0, skipped: 2 } });
    expect(provider.received.length - before).toBe(2);
  });

  it('refuses another service’s invoice before any job, on invoice_ids', async () => {
    const water = servicePath(fixture.tenantA, 'invoices/send/', 'water');
    const response = await admin.post(water, { invoice_ids: [defined(bills[0], 'a bill')] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject([{ field: 'invoice_ids', code: 'does_not_exist' }]);
    expect((await admin.post(pathOf('invoices/send/'), { invoice_ids: [] })).statusCode).toBe(400);
  });

  it('lists a customer’s messages newest first, and not across tenants', async () => {
    const list = await admin.get(pathOf(`customers/${arabic}/messages/`));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.json().results[0]).toMatchObject({
      kind: 'bill_issued',
      channel: 'whatsapp',
      language: 'ar',
      status: 'sent',
      invoice: bills[0],
      to: '+9613555001',
    });
    const other = await fixture.as('b.admin');
    expect((await other.get(servicePath(fixture.tenantB, `customers/${arabic}/messages/`, 'electricity'))).statusCode).toBe(404);
  });

  it('moves a message to delivered on a signed callback only, and only within its tenant', async () => {
    const url = (await channels()).json().results[1].callback_url as string;
    // Tenant B has a message with the same provider id: a callback of tenant A never touches it.
    const [foreign] = await context.db
      .insert(notificationMessages)
      .values({
        tenantId: fixture.tenantB.id,
        channel: 'whatsapp',
        kind: 'test',
        eventKey: 'test:b',
        toAddress: '+1',
        language: 'en',
        text: 'x',
        status: 'sent',
        providerMessageId: 'wamid.bill1',
      })
      .returning();
    const body = JSON.stringify({ entry: [{ changes: [{ value: { statuses: [{ id: 'wamid.bill1', status: 'delivered' }] } }] }] });
    expect((await callback(url, body)).statusCode).toBe(401);
    expect((await callback(url, body, sign(body, 'wrong'))).statusCode).toBe(401);
    expect((await callback(url, body, sign(`${body} `))).statusCode).toBe(401);
    const status = async () => (await admin.get(pathOf(`customers/${arabic}/messages/`))).json().results[0].status;
    expect(await status()).toBe('sent');
    const accepted = await callback(url, body, sign(body));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ updated: 1 });
    expect(await status()).toBe('delivered');
    const [untouched] = await context.db
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.id, defined(foreign, 'B').id));
    expect(untouched?.status).toBe('sent');
    expect((await callback(url.replace(/\.[\w-]+\/$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/'), body, sign(body))).statusCode).toBe(
      404,
    );
  });

  it('answers WhatsApp Cloud’s check of the callback address when the verify token is the address’s token, else 403 or 404', async () => {
    const url = new URL((await channels()).json().results[1].callback_url as string);
    const token = defined(url.pathname.split('/').at(-2), 'the token');
    const verify = (pathname: string, verifyToken: string, mode = 'subscribe') =>
      context.app.inject({
        method: 'GET',
        url: `${pathname}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=1158201444`,
      });
    const accepted = await verify(url.pathname, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.headers['content-type']).toContain('text/plain');
    expect(accepted.body).toBe('1158201444');
    // One character changed (never to itself: a token may end in `A`).
    const wrong = await verify(url.pathname, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
    expect((await verify(url.pathname, token, 'unsubscribe')).statusCode).toBe(403);
    expect((await verify(url.pathname, '')).statusCode).toBe(403);
    const unknown = url.pathname.replace(/\.[\w-]+\/$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/');
    expect((await verify(unknown, token)).statusCode).toBe(404);
  });

  it('queues and sends a receipt after a payment, without failing it', async () => {
    provider.answer('/sms/send', { status: 200, body: { id: 'sms-receipt' } });
    const paid = await admin.put(pathOf(`invoices/${bills[1]}/create_payment/`), {});
    expect(paid.statusCode, paid.body).toBe(201);
    const receipt = await sentMessage(english, 'receipt');
    expect(receipt).toMatchObject({ status: 'sent' });
    expect(receipt?.text).toMatch(/^Dear Omar, we received your payment of \$40\.00\. Receipt \d+\./);
  });
});

describe('disconnection notices', () => {
  it('sends a customer overdue long enough a notice in their language, on a channel they did not refuse, once', async () => {
    context.clock.set(new Date('2026-10-01T09:00:00Z'));
    const hadi = (
      await admin.post(pathOf('customers/'), { full_name: 'هادي', phone: '+9613555009', language: 'ar', opted_out_channels: ['whatsapp'] })
    ).json().id;
    await invoiceFor(hadi, '30'); // due 2026-10-16
    const recent = (await admin.post(pathOf('customers/'), { full_name: 'Recent', phone: '+9613555010' })).json().id;
    context.clock.set(new Date('2026-12-20T09:00:00Z')); // 65 days overdue: past the tenant's 60
    await invoiceFor(recent, '5'); // not yet due
    provider.answer('/sms/send', { status: 200, body: { id: 'sms-notice' } });
    const before = provider.received.length;
    const notices = (client: Client = admin) => client.post(pathOf('overdue/disconnection-notices/'), { customers: [hadi, recent] });
    const sent = await notices();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ queued: 1, skipped: 1 });
    // Sent after the answer, by the queued sender.
    const message = await sentMessage(hadi, 'disconnection');
    const requests = provider.received.slice(before);
    expect(requests.map((request) => request.path)).toEqual(['/sms/send']);
    const sms = JSON.parse(defined(requests[0], 'the SMS request').body);
    expect(sms.to).toBe('+9613555009');
    expect(sms.text).toMatch(/^عزيزنا هادي، رصيدكم البالغ .+ مستحق منذ .+ \(٦٥ يومًا\)\. قد يُقطع الاشتراك ما لم يُسدَّد\./);
    expect(message).toMatchObject({ kind: 'disconnection', channel: 'sms', language: 'ar', status: 'sent', text: sms.text });
    // Again: the same overdue episode is noticed once.
    expect((await notices()).json()).toEqual({ queued: 0, skipped: 2 });
    expect(provider.received.length - before).toBe(1);
    for (const role of ['support', 'collector'] as const) expect((await notices(clients[role])).statusCode).toBe(403);
    const foreign = await admin.post(pathOf('overdue/disconnection-notices/'), { customers: [999999] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toMatchObject([{ field: 'customers', code: 'does_not_exist' }]);
    context.clock.set(new Date('2026-10-01T09:00:00Z'));
  });
});

describe('reminders through the tenant’s channels', () => {
  it('queues a reminder on the customer’s first usable channel in its language and sends it after the answer', async () => {
    context.clock.set(new Date('2026-10-01T09:00:00Z'));
    const rana = (await admin.post(pathOf('customers/'), { full_name: 'رنا', phone: '+9613555021', language: 'ar' })).json().id;
    await invoiceFor(rana, '20'); // due 2026-10-16
    context.clock.set(new Date('2026-11-20T09:00:00Z'));
    provider.answer('/v20.0/1001/messages', { status: 200, body: { messages: [{ id: 'wamid.remind1' }] } });
    const before = provider.received.length;
    const response = await admin.post(pathOf('overdue/remind/'), { customers: [rana] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ channel: 'whatsapp', sent: 1, skipped: 0 });
    expect(body.results[0]).toMatchObject({ status: 'sent', channel: 'whatsapp', language: 'ar', reminder: expect.any(Number) });
    expect(body.results[0].message).toMatch(/^عزيزنا رنا،/);
    const message = await sentMessage(rana, 'reminder');
    expect(message).toMatchObject({ channel: 'whatsapp', language: 'ar', status: 'sent', text: body.results[0].message });
    const requests = provider.received.slice(before);
    expect(requests.map((request) => request.path)).toEqual(['/v20.0/1001/messages']);
    expect(JSON.parse(defined(requests[0], 'the WhatsApp request').body).to).toBe('9613555021');
    const overdue = (await admin.get(pathOf(`overdue/?search=${encodeURIComponent('رنا')}`))).json().results[0];
    expect(overdue.last_reminder_at).toBe('2026-11-20T09:00:00.000Z');
    // Within the cooldown the second press writes nothing.
    expect((await admin.post(pathOf('overdue/remind/'), { customers: [rana] })).json().results[0].reason).toBe('recently_reminded');
    expect(provider.received.length - before).toBe(1);
  });

  it('skips a customer who refused both phone channels when no channel of the tenant can write to them', async () => {
    context.clock.set(new Date('2026-10-01T09:00:00Z'));
    const body = { full_name: 'Nadim', phone: '+9613555022', opted_out_channels: ['whatsapp', 'sms'] };
    const nadim = (await admin.post(pathOf('customers/'), body)).json().id;
    await invoiceFor(nadim, '15');
    context.clock.set(new Date('2026-11-20T09:00:00Z'));
    const before = provider.received.length;
    const response = await admin.post(pathOf('overdue/remind/'), { customers: [nadim] });
    expect(response.json().results[0]).toMatchObject({ status: 'skipped', reason: 'opted_out', channel: null });
    expect((await admin.get(pathOf(`customers/${nadim}/messages/`))).json().count).toBe(0);
    expect(provider.received.length).toBe(before);
    context.clock.set(new Date('2026-10-01T09:00:00Z'));
  });
});

describe('a tenant with a second currency', () => {
  it('fills {amount_second} of a bill with its total in the second currency at the invoice’s rate', async () => {
    const bAdmin = await fixture.as('b.admin');
    const bPath = (rest: string) => servicePath(fixture.tenantB, rest, 'electricity');
    const settingsId = (await bAdmin.get('/api/config/')).json().id;
    expect((await bAdmin.put(`/api/config/${settingsId}/`, { second_currency: 'LBP' })).statusCode).toBe(200);
    const rate = await bAdmin.post(bPath('exchange-rates/'), { month: '2026-09', rate: '89500', base_currency: 'USD' });
    expect(rate.statusCode, rate.body).toBe(201);
    const channel = { enabled: true, test_mode: true, provider: 'http_sms', sender: 'B', endpoint_url: '' };
    expect((await bAdmin.put('/api/notifications/channels/sms/', channel)).statusCode).toBe(200);
    const template = { text_en: 'Bill for {name}: {amount} ({amount_second})', text_ar: '', whatsapp_template: '' };
    expect((await bAdmin.put('/api/notifications/templates/bill_issued/', template)).statusCode).toBe(200);
    const customer = (await bAdmin.post(bPath('customers/'), { full_name: 'Sami', phone: '+9613777001', language: 'en' })).json().id;
    const invoice = await bAdmin.post(bPath('invoices/'), {
      customer,
      period_start: '2026-09-01',
      period_end: '2026-09-30',
      lines: [{ description: 'Monthly fee', quantity: '1', unit_price: '25' }],
    });
    expect(invoice.json()).toMatchObject({ second_currency: 'LBP', total_second: '2237500' });
    const started = await bAdmin.post(bPath('invoices/send/'), { invoice_ids: [invoice.json().id] });
    expect(await waitForJob(bAdmin, started.json().job.id)).toMatchObject({ state: 'done', result: { queued: 1 } });
    const [message] = (await bAdmin.get(bPath(`customers/${customer}/messages/`))).json().results;
    expect(message.text.replace(/\u00a0/g, ' ')).toBe('Bill for Sami: $25.00 (LBP 2,237,500)');
  });
});
