import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { runBillingJob } from '../../../test/jobs';
import { renderInvoiceDocument } from './invoice-document';
import { createPdfPrinter } from './pdf-printer';
import {
  backdateSubscriptions,
  expectMoneyInvariants,
  expectPermissions,
  servicePath,
  signInRoles,
  type RoleUnderTest,
} from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let bundleId: number;
let year: string;

const path = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);

async function meteredCustomer(fullName: string, readings: string[] = [], extra: Record<string, unknown> = {}) {
  const customer = (await admin.post(path('customers/'), { initial_reading: '0', full_name: fullName, bundle: bundleId, ...extra })).json();
  await backdateSubscriptions(context.db, customer.id);
  for (const counter of readings) {
    const response = await admin.put(path(`subscriptions/${customer.subscription.id}/update-counter/`), { counter });
    expect(response.statusCode).toBe(200);
  }
  return customer as { id: number; subscription: { id: number }; balance: string };
}

const billMeter = (subscription: number, periodStart = '2026-10-01', periodEnd = '2026-10-31') =>
  admin.post(path('invoices/'), { subscription, period_start: periodStart, period_end: periodEnd });

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-03T09:00:00Z'));
  year = '2026';
  fixture = await createFixture(context);
  await context.db.update(settings).set({ taxRate: '11.000', invoiceDueDays: 15 }).where(eq(settings.tenantId, fixture.tenantA.id));
  clients = await signInRoles(fixture);
  admin = clients.admin;
  bundleId = (await admin.post(path('bundles/'), { name: '5 A', price: '10', unit_price: '0.25' })).json().id;
});
afterAll(async () => context?.close());

describe('invoice from a meter', () => {
  it('bills the consumption since the last invoice times the unit price plus the monthly price, rounded once', async () => {
    const customer = await meteredCustomer('Meter Billed', ['100', '180.5']);
    const response = await billMeter(customer.subscription.id);
    expect(response.statusCode).toBe(201);
    const invoice = response.json();
    // 180.5 kWh x 0.25 = 45.125 -> 45.13 (half-up); subtotal 55.13; tax 11 % = 6.0643 -> 6.06.
    expect(invoice).toMatchObject({
      number: `INV-${year}-000001`,
      customer: customer.id,
      subscription: customer.subscription.id,
      status: 'unpaid',
      issued_on: '2026-11-03',
      due_on: '2026-11-18',
      currency: 'USD',
      subtotal: '55.13',
      tax: '6.06',
      total: '61.19',
      amount_paid: '0.00',
      balance_due: '61.19',
      previous_reading: '0.000',
      current_reading: '180.500',
      consumption: '180.500',
      is_overdue: false,
    });
    expect(
      invoice.lines.map((line: { description: string; quantity: string; unit_price: string; amount: string }) => [
        line.description,
        line.quantity,
        line.unit_price,
        line.amount,
      ]),
    ).toEqual([
      ['5 A: monthly fee', '1.000', '10.000000', '10.00'],
      ['Consumption: 180.5 kWh', '180.500', '0.250000', '45.13'],
    ]);
    expect(invoice.readings.map((reading: { value: string }) => reading.value)).toEqual(['100.000', '180.500']);
    expect((await admin.get(path(`customers/${customer.id}/`))).json().balance).toBe('61.19');

    const again = await billMeter(customer.subscription.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'period_already_billed' });

    // Next month: only what was read since, here nothing but the monthly price.
    const next = (await billMeter(customer.subscription.id, '2026-11-01', '2026-11-30')).json();
    expect(next).toMatchObject({
      number: `INV-${year}-000002`,
      consumption: '0.000',
      previous_reading: '180.500',
      subtotal: '10.00',
      tax: '1.10',
      total: '11.10',
    });
    expect((await admin.get(path(`customers/${customer.id}/`))).json().balance).toBe('72.29');
    const counters = (await admin.get(path('subscriptions/counters/?search=Meter Billed'))).json();
    expect(counters.results[0].consumption).toBe('0.000');
  });

  it('cancels while unpaid: the number stays, the period and its consumption are free again', async () => {
    const customer = await meteredCustomer('Cancel Me', ['40']);
    const invoice = (await billMeter(customer.subscription.id)).json();
    expect((await admin.post(path(`invoices/${invoice.id}/cancel/`), {})).statusCode).toBe(400);
    const cancelled = await admin.post(path(`invoices/${invoice.id}/cancel/`), { reason: 'Wrong reading' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      number: invoice.number,
      balance_due: '0.00',
      cancel_reason: 'Wrong reading',
    });
    expect((await admin.get(path(`customers/${customer.id}/`))).json().balance).toBe('0.00');
    expect((await admin.post(path(`invoices/${invoice.id}/cancel/`), { reason: 'again' })).json()).toMatchObject({
      code: 'invoice_cancelled',
    });
    const counters = (await admin.get(path('subscriptions/counters/?search=Cancel Me'))).json();
    expect(counters.results[0].consumption).toBe('40.000');
    const rebilled = (await billMeter(customer.subscription.id)).json();
    expect(rebilled).toMatchObject({ consumption: '40.000', status: 'unpaid' });
    expect(rebilled.number).not.toBe(invoice.number);

    await admin.put(path(`invoices/${rebilled.id}/create_payment/`), { amount: '1.00' });
    const refused = await admin.post(path(`invoices/${rebilled.id}/cancel/`), { reason: 'paid already' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'invoice_has_payments' });
  });

  it("refuses a closed subscription and another tenant's or service's subscription", async () => {
    const customer = await meteredCustomer('Closed Meter');
    await admin.put(path(`customers/${customer.id}/`), { bundle: null });
    // Closed today (2026-11-03): its last day was yesterday, nothing after it can be billed.
    expect((await billMeter(customer.subscription.id, '2026-11-03', '2026-11-03')).json()).toMatchObject({
      code: 'subscription_closed',
      subscription: [expect.any(String)],
    });
    const b = await fixture.as('b.admin');
    const bBundle = (await b.post(servicePath(fixture.tenantB, 'bundles/'), { name: 'B' })).json();
    const theirs = (
      await b.post(servicePath(fixture.tenantB, 'customers/'), { initial_reading: '0', full_name: 'Theirs', bundle: bBundle.id })
    ).json();
    const response = await billMeter(theirs.subscription.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ subscription: [`Invalid pk "${theirs.subscription.id}" - object does not exist.`] });
    expect(
      (
        await admin.post(path('invoices/', 'water'), {
          subscription: customer.subscription.id,
          period_start: '2026-10-01',
          period_end: '2026-10-31',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await admin.post(path('invoices/'), {
          subscription: customer.subscription.id,
          period_start: '2026-10-31',
          period_end: '2026-10-01',
        })
      ).json(),
    ).toHaveProperty('period_end');
    expect(
      (
        await admin.post(path('invoices/'), {
          subscription: customer.subscription.id,
          period_start: '2026-02-30',
          period_end: '2026-03-01',
        })
      ).json(),
    ).toHaveProperty('period_start');
  });
});

describe('invoice with lines', () => {
  it('rounds each line once, sums, and taxes the subtotal once', async () => {
    const customer = (await admin.post(path('customers/'), { full_name: 'Lines Customer' })).json();
    const response = await admin.post(path('invoices/'), {
      customer: customer.id,
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      notes: 'Installation',
      lines: [
        { description: 'Cable', quantity: '٣', unit_price: '0.333335' },
        { description: 'Labour', quantity: '1.5', unit_price: '12.005' },
      ],
    });
    expect(response.statusCode).toBe(201);
    // 3 x 0.333335 = 1.000005 -> 1.00; 1.5 x 12.005 = 18.0075 -> 18.01; subtotal 19.01; tax 2.0911 -> 2.09.
    expect(response.json()).toMatchObject({
      subscription: null,
      consumption: null,
      subtotal: '19.01',
      tax: '2.09',
      total: '21.10',
      notes: 'Installation',
    });
    expect(response.json().lines.map((line: { amount: string }) => line.amount)).toEqual(['1.00', '18.01']);
    expect(
      (
        await admin.post(path('invoices/'), { customer: customer.id, period_start: '2026-10-01', period_end: '2026-10-31', lines: [] })
      ).json(),
    ).toHaveProperty('lines');
    expect(
      (
        await admin.post(path('invoices/'), {
          customer: customer.id,
          period_start: '2026-10-01',
          period_end: '2026-10-31',
          lines: [{ description: 'x', quantity: '0', unit_price: '1' }],
        })
      ).json(),
    ).toHaveProperty(['lines.0.quantity']);
    expect((await admin.post(path('invoices/'), { period_start: '2026-10-01', period_end: '2026-10-31' })).json()).toHaveProperty(
      'non_field_errors',
    );
    const otherService = (await admin.post(path('customers/', 'water'), { full_name: 'Water only' })).json();
    expect(
      (
        await admin.post(path('invoices/'), {
          customer: otherService.id,
          period_start: '2026-10-01',
          period_end: '2026-10-31',
          lines: [{ description: 'x', quantity: '1', unit_price: '1' }],
        })
      ).json(),
    ).toHaveProperty('customer');
  });

  it('numbers 100 invoices created at once gaplessly and uniquely', async () => {
    const customer = (await admin.post(path('customers/'), { full_name: 'Busy Customer' })).json();
    const before = (await admin.get(path('invoices/?page_size=1&ordering=-number'))).json().results[0].number as string;
    const last = Number(before.slice(-6));
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        admin.post(path('invoices/'), {
          customer: customer.id,
          period_start: '2026-10-01',
          period_end: '2026-10-31',
          lines: [{ description: `Item ${index}`, quantity: '1', unit_price: '1' }],
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(201));
    const numbers = responses.map((response) => Number((response.json().number as string).slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, index) => last + 1 + index));
    // 100 writes queued on one embedded database: seconds when idle, a minute on a loaded 2-core machine.
  });
});

describe('billing run', () => {
  it('bills every open subscription once per period, idempotently', async () => {
    const run = (body: Record<string, unknown>) => runBillingJob(admin, path('invoices/generate/'), body);
    const fresh = await meteredCustomer('Run One', ['12']);
    await meteredCustomer('Run Two', [], { station: (await admin.post(path('stations/'), { name: 'Run station' })).json().id });
    // A past month: the billing run refuses a month that has not begun.
    const { created, skipped, errors } = await run({ period_start: '2026-08-01', period_end: '2026-08-31' });
    expect(errors).toEqual([]);
    expect(created).toBeGreaterThanOrEqual(2);
    expect(skipped).toBe(0);
    const second = await run({ period_start: '2026-08-01', period_end: '2026-08-31' });
    expect(second).toMatchObject({ created: 0, skipped: created, errors: [] });
    const billed = (await admin.get(path(`invoices/?customer=${fresh.id}&period_start=2026-08-01`))).json();
    expect(billed.results[0]).toMatchObject({ consumption: '12.000', total: '14.43' });
    const badStation = { period_start: '2026-08-01', period_end: '2026-08-31', station: 999999 };
    expect((await admin.post(path('invoices/generate/'), badStation)).statusCode).toBe(400);
  });

  it('counts what a run would do with ?dry_run=true, creating nothing', async () => {
    const run = (body: Record<string, unknown>, query = '') => admin.post(path(`invoices/generate/${query}`), body);
    const period = { period_start: '2026-07-01', period_end: '2026-07-31' };
    const preview = await run(period, '?dry_run=true');
    expect(preview.statusCode).toBe(200);
    const { created: wouldCreate, skipped: alreadyBilled } = preview.json();
    expect(wouldCreate).toBeGreaterThan(0);
    expect(alreadyBilled).toBe(0);
    expect((await admin.get(path('invoices/?period_start=2026-07-01&period_end=2026-07-31'))).json().count).toBe(0);
    expect(await runBillingJob(admin, path('invoices/generate/'), period)).toMatchObject({ created: wouldCreate, skipped: 0 });
    expect((await run(period, '?dry_run=true')).json()).toMatchObject({ created: 0, skipped: wouldCreate, invoices: [] });
    expect((await run(period, '?dry_run=maybe')).statusCode).toBe(400);
    expect((await clients.support.post(path('invoices/generate/?dry_run=true'), period)).statusCode).toBe(403);
  });
});

describe('invoice list', () => {
  it('filters by status, overdue, customer, dates and search; exports CSV', async () => {
    const customer = await meteredCustomer('Overdue Customer', ['10']);
    const invoice = (await billMeter(customer.subscription.id, '2026-09-01', '2026-09-30')).json();
    expect((await admin.get(path('invoices/?status=overdue'))).json().count).toBe(0);
    context.clock.set(new Date('2026-11-25T09:00:00Z'));
    const overdue = (await admin.get(path('invoices/?status=overdue&page_size=100'))).json();
    expect(overdue.results.map((row: { id: number }) => row.id)).toContain(invoice.id);
    expect(overdue.results.every((row: { is_overdue: boolean }) => row.is_overdue)).toBe(true);
    expect((await admin.get(path(`invoices/?search=${invoice.number}`))).json().results.map((row: { id: number }) => row.id)).toEqual([
      invoice.id,
    ]);
    expect((await admin.get(path('invoices/?search=overdue customer'))).json().count).toBe(1);
    expect((await admin.get(path(`invoices/?customer=${customer.id}&status=unpaid`))).json().count).toBe(1);
    expect((await admin.get(path('invoices/?date_from=2026-11-04'))).json().count).toBe(0);
    expect((await admin.get(path('invoices/?date_from=2026-11-03&date_to=2026-11-03'))).json().count).toBeGreaterThan(100);
    expect((await admin.get(path('invoices/?status=lost'))).statusCode).toBe(400);
    expect((await admin.get(path(`invoices/?customer=999999`))).statusCode).toBe(400);
    const csv = await admin.get(path('invoices/?format=csv&status=overdue'));
    expect(csv.body).toContain(invoice.number);
    context.clock.set(new Date('2026-11-03T09:00:00Z'));
  });
});

describe('printed invoice', () => {
  it('prints A4 and 80 mm receipts as PDF with Chromium (printable HTML without it)', async () => {
    // June 2027 is billed once it has begun.
    context.clock.set(new Date('2027-07-01T09:00:00Z'));
    const customer = await meteredCustomer('طباعة الفاتورة', ['250.75'], {
      building: fixture.tenantA.buildingId,
      floor: '1',
      apartment: '1A',
    });
    const invoice = (await billMeter(customer.subscription.id, '2027-06-01', '2027-06-30')).json();
    const hasChromium = fs.existsSync(context.config.chromiumPath ?? '/usr/bin/chromium');
    for (const query of ['', '?format=receipt&lang=ar']) {
      const response = await admin.get(path(`invoices/${invoice.id}/pdf/${query}`), { 'accept-language': 'en-US' });
      expect(response.statusCode).toBe(200);
      if (hasChromium) {
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      } else {
        expect(response.headers['content-type']).toContain('text/html');
      }
    }
    expect((await clients.collector.get(path(`invoices/${invoice.id}/pdf/?format=receipt`))).statusCode).toBe(200);
    expect((await admin.get(path(`invoices/${invoice.id}/pdf/?format=letter`))).statusCode).toBe(400);
    const printable = await admin.get(path(`invoices/${invoice.id}/pdf/?format=receipt&lang=ar&output=html`));
    expect(printable.headers['content-type']).toContain('text/html');
    expect(printable.headers['content-language']).toBe('ar');
    expect(printable.body).toContain('<html lang="ar" dir="rtl">');
    expect(printable.body).toContain('إيصال');
    expect((await (await fixture.as('b.admin')).get(servicePath(fixture.tenantB, `invoices/${invoice.id}/pdf/`))).statusCode).toBe(404);

    // The page itself: right to left in Arabic, every amount exactly as the API gives it.
    const html = renderInvoiceDocument({
      invoice,
      customer: (await admin.get(path(`customers/${customer.id}/`))).json(),
      issuer: { companyName: 'Nour <Power>', address: 'Beirut', phone: '+961 1 555', email: '', footer: 'Thank you', logo: null },
      unit: 'kWh',
      language: 'ar',
      format: 'a4',
    });
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('فاتورة');
    expect(html).toContain('Nour &lt;Power&gt;');
    expect(html).toContain(invoice.number);
    // Readings in the document's digits (Arabic-Indic in Arabic, like the amounts), dates and periods in words.
    expect(html).toContain('<bdi dir="ltr">٢٥٠٫٧٥</bdi>');
    expect(html).toContain('يونيو ٢٠٢٧');
    const english = renderInvoiceDocument({
      invoice,
      customer: null,
      issuer: { companyName: 'N', address: '', phone: '', email: '', footer: '', logo: null },
      unit: 'kWh',
      language: 'en',
      format: 'receipt',
    });
    expect(english).toContain(`$${invoice.total}`);
    expect(english).toContain('dir="ltr"');
    expect(english).toContain('June 2027');
    expect(english).toContain('<bdi dir="ltr">250.75</bdi>');
    context.clock.set(new Date('2026-11-03T09:00:00Z'));
  });

  it('answers null from the printer where no Chromium is installed', async () => {
    const printer = createPdfPrinter({ chromiumPath: '/nonexistent/chromium' });
    expect(await printer.print('<p>x</p>', 'a4')).toBeNull();
    await printer.close();
  });
});

describe('permissions and tenancy', () => {
  it('follows the rule table on every invoice route', async () => {
    // The months 2027 billed below have begun.
    context.clock.set(new Date('2027-12-15T09:00:00Z'));
    const customer = await meteredCustomer('Permission Invoice', ['5']);
    const invoice = (await billMeter(customer.subscription.id, '2027-01-01', '2027-01-31')).json();
    let month = 1;
    await expectPermissions(clients, [
      { name: 'GET invoices', allowed: ['admin', 'accountant', 'support', 'collector'], call: (client) => client.get(path('invoices/')) },
      {
        name: 'GET invoice',
        allowed: ['admin', 'accountant', 'support', 'collector'],
        call: (client) => client.get(path(`invoices/${invoice.id}/`)),
      },
      {
        name: 'POST invoices',
        allowed: ['admin', 'accountant', 'support', 'collector'],
        call: (client) => {
          month += 1;
          const start = `2027-${String(month).padStart(2, '0')}-01`;
          return client.post(path('invoices/'), { subscription: customer.subscription.id, period_start: start, period_end: start });
        },
      },
      {
        name: 'GET pdf',
        allowed: ['admin', 'accountant', 'support', 'collector'],
        call: (client) => client.get(path('invoices/999999/pdf/')),
      },
      {
        name: 'POST cancel',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(path('invoices/999999/cancel/'), { reason: 'x' }),
      },
      {
        name: 'POST generate',
        allowed: ['admin', 'accountant'],
        call: (client) =>
          client.post(path('invoices/generate/'), { period_start: '2030-01-01', period_end: '2030-01-31', station: 999999 }),
      },
    ]);
    context.clock.set(new Date('2026-11-03T09:00:00Z'));
  });

  it("answers 404 for another tenant's invoice or service", async () => {
    const b = await fixture.as('b.admin');
    const theirs = (await b.post(servicePath(fixture.tenantB, 'customers/'), { full_name: 'B customer' })).json();
    const invoice = (
      await b.post(servicePath(fixture.tenantB, 'invoices/'), {
        customer: theirs.id,
        period_start: '2026-10-01',
        period_end: '2026-10-31',
        lines: [{ description: 'x', quantity: '1', unit_price: '5' }],
      })
    ).json();
    expect(invoice.number).toBe(`INV-${year}-000001`);
    expect((await admin.get(path(`invoices/${invoice.id}/`))).statusCode).toBe(404);
    expect((await admin.post(path(`invoices/${invoice.id}/cancel/`), { reason: 'x' })).statusCode).toBe(404);
    expect((await admin.get(servicePath(fixture.tenantB, 'invoices/'))).statusCode).toBe(404);
    expect((await admin.get(path(`invoices/${invoice.id}/`, 'water'))).statusCode).toBe(404);
  });

  it('keeps the money invariants', async () => {
    await expectMoneyInvariants(context.db);
  });
});

// Last in the file: it bills two invoices of its own (the numbers above are counted from 1).
describe('the readings an invoice shows', () => {
  it('shows the readings it billed: not a reading back-dated before it was made, which the next invoice shows', async () => {
    context.clock.set(new Date('2026-11-01T09:00:00Z'));
    const customer = await meteredCustomer('Own Readings', ['100', '180.5']);
    context.clock.set(new Date('2026-11-03T09:00:00Z'));
    const october = (await billMeter(customer.subscription.id)).json();
    // Entered at noon, taken (back-dated) the day before the October invoice was made.
    context.clock.set(new Date('2026-11-03T12:00:00Z'));
    const late = await admin.put(path(`subscriptions/${customer.subscription.id}/update-counter/`), {
      counter: '200',
      taken_at: '2026-11-02T09:00:00Z',
    });
    expect(late.statusCode, late.body).toBe(200);
    const readingsOf = async (invoiceId: number) =>
      (await admin.get(path(`invoices/${invoiceId}/`))).json().readings.map((reading: { value: string }) => reading.value);
    expect(await readingsOf(october.id)).toEqual(['100.000', '180.500']);
    const november = (await billMeter(customer.subscription.id, '2026-11-01', '2026-11-30')).json();
    expect(november).toMatchObject({ previous_reading: '180.500', current_reading: '200.000' });
    expect(await readingsOf(november.id)).toEqual(['200.000']);
    expect(await readingsOf(october.id)).toEqual(['100.000', '180.500']);
    context.clock.set(new Date('2026-11-03T09:00:00Z'));
  });
});
