import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let admin: Client;
let collector: Client;
let otherAdmin: Client;
let customerId: number;
let publicUrl: string;

const path = (rest: string) => servicePath(fixture.tenantA, rest, 'electricity');
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const open = (token: string, ip = '10.0.0.1') =>
  context.app.inject({ method: 'GET', url: `/api/public/bills/${token}/`, remoteAddress: ip });

async function invoice(month: string, price: string) {
  const response = await admin.post(path('invoices/'), {
    customer: customerId,
    period_start: `${month}-01`,
    period_end: `${month}-28`,
    lines: [{ description: 'Subscription', quantity: '1', unit_price: price }],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; number: string };
}

beforeAll(async () => {
  context = await createTestContext({
    logger: { level: 'error' },
    env: { PUBLIC_URL: 'https://bills.example', PUBLIC_BILL_REQUESTS_PER_MINUTE: '30' },
  });
  context.clock.set(new Date('2026-10-20T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  collector = await fixture.as('a.collector');
  otherAdmin = await fixture.as('b.admin');
  const settingsId = (await admin.get('/api/config/')).json().id;
  const settings = await admin.put(`/api/config/${settingsId}/`, {
    second_currency: 'LBP',
    phone: '+961 1 555 000',
    address: 'Main street 4',
    reminder_language: 'ar',
  });
  expect(settings.statusCode).toBe(200);
  expect((await admin.post(path('exchange-rates/'), { month: '2026-10', rate: '89500', base_currency: 'USD' })).statusCode).toBe(201);
  const created = await admin.post(path('customers/'), {
    full_name: 'إبراهيم خليل الحسن',
    phone: '+961 3 123 4567',
    national_id: 'NID-99',
  });
  customerId = created.json().id;
  const first = await invoice('2026-09', '30');
  await invoice('2026-10', '20');
  const paid = await admin.put(path(`invoices/${first.id}/create_payment/`), { amount: '10.00', method: 'cash' });
  expect(paid.statusCode).toBe(201);
  publicUrl = (await admin.get(path(`customers/${customerId}/`))).json().public_url;
});
afterAll(async () => context?.close());

describe('the public bill link', () => {
  it('is on the customer’s detail: a short signed link under PUBLIC_URL', () => {
    expect(publicUrl).toMatch(/^https:\/\/bills\.example\/b\/[A-Za-z0-9_-]{32}$/);
  });

  it('shows the bill without signing in: masked name and phone, open invoices and the balance in both currencies, payments with receipt numbers', async () => {
    const response = await open(tokenOf(publicUrl));
    expect(response.statusCode).toBe(200);
    const bill = response.json();
    expect(bill).toMatchObject({
      language: 'ar',
      operator: { name: 'Company A', phone: '+961 1 555 000', address: 'Main street 4' },
      customer: { name: 'إبراهيم خ…', phone: '•••• 4567' },
      // 40.00 USD due; at 89,500 LBP a dollar: 3,580,000 LBP.
      balance_due: [
        { currency: 'USD', amount: '40.00' },
        { currency: 'LBP', amount: '3580000' },
      ],
    });
    expect(bill.invoices).toHaveLength(2);
    expect(bill.invoices[0]).toMatchObject({
      period_start: '2026-09-01',
      total: [{ currency: 'USD', amount: '30.00' }],
      amount_due: [{ currency: 'USD', amount: '20.00' }],
    });
    expect(bill.payments).toEqual([
      { paid_at: expect.any(String), amount: { currency: 'USD', amount: '10.00' }, receipt_number: expect.any(Number) },
    ]);
    // Nothing beyond the paper bill: no full name, phone, national id or ids.
    expect(response.body).not.toContain('خليل');
    expect(response.body).not.toContain('123 4567');
    expect(response.body).not.toContain('NID-99');
    expect(response.body).not.toContain(`"id"`);
  });

  it('opens in the customer’s own language, not the company’s', async () => {
    const english = await admin.post(path('customers/'), { full_name: 'Karim Haddad', phone: '+961 3 765 4321', language: 'en' });
    expect(english.statusCode, english.body).toBe(201);
    const link = (await admin.get(path(`customers/${english.json().id}/`))).json().public_url;
    const response = await open(tokenOf(link), '10.0.0.77');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ language: 'en', customer: { name: 'Karim H…' } });
  });

  it('answers with the app’s strict headers: no caching, no framing, no referrer, a CSP', async () => {
    const response = await open(tokenOf(publicUrl));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('answers the same 404 to a wrong, altered, cut, other-tenant or revoked token, after the same work', async () => {
    const token = tokenOf(publicUrl);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const otherCustomer = (await otherAdmin.post(servicePath(fixture.tenantB, 'customers/'), { full_name: 'Other Tenant' })).json().id;
    const otherToken = tokenOf((await otherAdmin.get(servicePath(fixture.tenantB, `customers/${otherCustomer}/`))).json().public_url);
    // Tenant B's signature with tenant A's ids in front: the tag does not hold.
    const swapped = Buffer.from(otherToken, 'base64url');
    Buffer.from(token, 'base64url').copy(swapped, 0, 0, 8);
    const renewed = await admin.post(path(`customers/${customerId}/public-link/`));
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().public_url).not.toBe(publicUrl);
    publicUrl = renewed.json().public_url;
    const refusals = [token, altered, token.slice(0, 20), 'garbage', 'x'.repeat(32), swapped.toString('base64url')];
    const bodies = new Set<string>();
    const samples: Record<'revoked' | 'garbage', number[]> = { revoked: [], garbage: [] };
    for (const [index, candidate] of refusals.entries()) {
      const response = await open(candidate, `10.0.1.${index}`);
      expect(response.statusCode).toBe(404);
      bodies.add(response.body);
    }
    for (let round = 0; round < 7; round += 1) {
      for (const [kind, candidate] of [
        ['revoked', token],
        ['garbage', 'x'.repeat(32)],
      ] as const) {
        const started = process.hrtime.bigint();
        const response = await open(candidate, `10.0.2.${round}`);
        samples[kind].push(Number(process.hrtime.bigint() - started));
        expect(response.statusCode).toBe(404);
        bodies.add(response.body);
      }
    }
    // Measured, not asserted (a slow machine must not fail it): the medians are in the test's output.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    console.info(`public bill 404: revoked median ${median(samples.revoked) / 1e6} ms, garbage median ${median(samples.garbage) / 1e6} ms`);
    expect(bodies.size).toBe(1);
    expect((await open(tokenOf(publicUrl))).statusCode).toBe(200);
    expect((await open(otherToken)).json().operator.name).toBe('Company B');
  });

  it('puts the current link on the invoice’s answers (detail and list), its printed page and the receipt’s check', async () => {
    const list = (await admin.get(path(`invoices/?customer=${customerId}`))).json();
    expect(list.results.map((row: { public_url: string }) => row.public_url)).toEqual([publicUrl, publicUrl]);
    const invoiceId = list.results[0].id;
    expect((await admin.get(path(`invoices/${invoiceId}/`))).json().public_url).toBe(publicUrl);
    const printed = await admin.get(path(`invoices/${invoiceId}/pdf/?lang=en&output=html`));
    expect(printed.statusCode).toBe(200);
    expect(printed.body).toContain(`data-url="${publicUrl}"`);
    expect(printed.body).toContain(publicUrl.replace('https://', ''));
    const paymentId = (await admin.get(path(`payments/?customer=${customerId}`))).json().results[0].id;
    expect((await admin.get(path(`payments/${paymentId}/verification/`))).json().public_url).toBe(publicUrl);
  });

  it('refuses a new link to a collector (403) and another tenant’s customer (404)', async () => {
    expect((await collector.post(path(`customers/${customerId}/public-link/`))).statusCode).toBe(403);
    const foreign = await otherAdmin.post(servicePath(fixture.tenantB, `customers/${customerId}/public-link/`));
    expect(foreign.statusCode).toBe(404);
    expect((await open(tokenOf(publicUrl))).statusCode).toBe(200);
  });

  it('limits each client address to 30 calls a minute (429 with a code)', async () => {
    const token = tokenOf(publicUrl);
    for (let call = 0; call < 30; call += 1) expect((await open(token, '10.9.9.9')).statusCode).toBe(200);
    const refused = await open(token, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('throttled');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await open(token, '10.9.9.10')).statusCode).toBe(200);
  });
});
