import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, settings } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectMoneyInvariants, servicePath } from '../../../test/billing';
import { runBillingJob } from '../../../test/jobs';

/**
 * A subscription's start date (docs/billing.md, "Subscriptions") and the meter's opening reading. An operator
 * moving customers in on the 28th bills them the whole month; the first reading of a meter
 * connected today is not "implausible".
 */
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let bundles: { small: number; large: number; amps: number };
let flatPath: (rest: string) => string;
let flatBundle: number;

const path = (rest: string) => servicePath(fixture.tenantA, rest);
const november = { period_start: '2026-11-01', period_end: '2026-11-30' };

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-28T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  await context.db.update(settings).set({ proratePartialMonths: true }).where(eq(settings.tenantId, fixture.tenantA.id));
  const bundle = async (name: string, extra: Record<string, string> = {}) =>
    (await admin.post(path('bundles/'), { name, price: '10', unit_price: '0.25', ...extra })).json().id as number;
  bundles = {
    small: await bundle('Small'),
    large: await bundle('Large', { price: '20', unit_price: '0.5' }),
    amps: await bundle('10 A', { amperage: '10' }),
  };
  const flat = (await admin.post('/api/services/', { name: 'Hosting', unit: 'month', is_metered: false })).json();
  flatPath = (rest: string) => `/api/services/${flat.id}/${rest}`;
  flatBundle = (await admin.post(flatPath('bundles/'), { name: 'Site', price: '25', unit_price: '0' })).json().id;
});
afterAll(async () => context?.close());

async function customer(body: Record<string, unknown>) {
  const response = await admin.post(path('customers/'), { full_name: 'Moved In', bundle: bundles.small, initial_reading: '0', ...body });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; subscription: { id: number; started_on: string; counter: string } };
}

const feeOf = (invoice: { lines: { description: string; amount: string }[] }) =>
  invoice.lines.find((line) => line.description.endsWith('monthly fee'))?.amount;

describe('the start date on create', () => {
  it('is today by default; a customer moved in on the 28th and dated the 1st is billed the whole month from the 1st', async () => {
    const today = await customer({ full_name: 'Joined Today' });
    expect(today.subscription.started_on).toBe('2026-11-28');
    const refused = await admin.post(path('invoices/'), { subscription: today.subscription.id, ...november });
    expect(refused.json()).toMatchObject({ code: 'period_before_subscription', errors: [{ field: 'period_start' }] });

    const movedIn = await customer({ full_name: 'Moved In On The 28th', started_on: '2026-11-01', initial_reading: '3200' });
    expect(movedIn.subscription).toMatchObject({ started_on: '2026-11-01', counter: '3200.000' });
    expect((await admin.put(path(`subscriptions/${movedIn.subscription.id}/update-counter/`), { counter: '3240' })).statusCode).toBe(200);
    const invoice = await admin.post(path('invoices/'), { subscription: movedIn.subscription.id, ...november });
    expect(invoice.statusCode).toBe(201);
    // The whole fee (10.00, not 3 days of it) and 40 kWh above the opening reading x 0.25.
    expect(invoice.json()).toMatchObject({
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      consumption: '40.000',
      subtotal: '20.00',
    });
    expect(feeOf(invoice.json())).toBe('10.00');
    await expectMoneyInvariants(context.db);
  });

  it('takes Arabic-Indic digits and dates back exactly 12 months, no more', async () => {
    expect((await customer({ full_name: 'A Year Back', started_on: '٢٠٢٥-١١-٢٨' })).subscription.started_on).toBe('2025-11-28');
    const tooOld = await admin.post(path('customers/'), {
      full_name: 'Too Old',
      bundle: bundles.small,
      initial_reading: '0',
      started_on: '2025-11-27',
    });
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json()).toMatchObject({
      code: 'start_too_old',
      params: { earliest: '2025-11-28' },
      started_on: ['A subscription may start at most 12 months back, on 2025-11-28 or later.'],
    });
  });

  it('refuses the future and a date that is none, with the field message in the caller language, and creates nothing', async () => {
    const future = await admin.post(
      path('customers/'),
      { full_name: 'From Tomorrow', bundle: bundles.small, initial_reading: '0', started_on: '2026-11-29' },
      { 'accept-language': 'ar' },
    );
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: 'date_in_future', started_on: ['هذا التاريخ في المستقبل.'] });
    const garbage = await admin.post(path('customers/'), {
      full_name: 'From Tomorrow',
      bundle: bundles.small,
      initial_reading: '0',
      started_on: '2026-02-30',
    });
    expect(garbage.json()).toMatchObject({ code: 'invalid_date', errors: [{ field: 'started_on' }] });
    expect((await admin.get(path('customers/?search=From Tomorrow'))).json().count).toBe(0);
  });
});

describe('the opening reading', () => {
  it('is required on a metered service (0 is an answer) and not asked on a flat one', async () => {
    const missing = await admin.post(path('customers/'), { full_name: 'No Reading', bundle: bundles.small }, { 'accept-language': 'ar' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'required', initial_reading: ['هذا الحقل مطلوب.'] });
    const empty = await admin.post(path('customers/'), { full_name: 'No Reading', bundle: bundles.small, initial_reading: '' });
    expect(empty.json()).toMatchObject({ code: 'required', errors: [{ field: 'initial_reading' }] });
    expect((await customer({ full_name: 'New Meter', initial_reading: '0' })).subscription.counter).toBe('0.000');
    // Without a bundle there is no meter to start.
    expect((await admin.post(path('customers/'), { full_name: 'No Bundle Yet' })).statusCode).toBe(201);
    const flat = await admin.post(flatPath('customers/'), { full_name: 'Flat Rate', bundle: flatBundle, started_on: '2026-11-01' });
    expect(flat.statusCode).toBe(201);
    expect(flat.json().subscription).toMatchObject({ started_on: '2026-11-01', counter: '0.000' });
  });

  it('is required when a bundle is set later, and starts that meter', async () => {
    const later = (await admin.post(path('customers/'), { full_name: 'Bundle Later' })).json();
    const missing = await admin.put(path(`customers/${later.id}/`), { bundle: bundles.small });
    expect(missing.json()).toMatchObject({ code: 'required', errors: [{ field: 'initial_reading' }] });
    const set = await admin.put(path(`customers/${later.id}/`), { bundle: bundles.small, initial_reading: '12', started_on: '2026-11-20' });
    expect(set.json().subscription).toMatchObject({ counter: '12.000', started_on: '2026-11-20' });
  });
});

describe('a bundle change', () => {
  it('ends the old subscription on the start date and opens the new one from it, the reading at the change billed on the old bundle', async () => {
    const changing = await customer({ full_name: 'Changes Back On The 15th', started_on: '2026-11-01', initial_reading: '100' });
    const old = changing.subscription.id;
    const put = (body: Record<string, unknown>) => admin.put(path(`customers/${changing.id}/`), { bundle: bundles.large, ...body });
    expect((await put({ initial_reading: '100', started_on: '2026-10-31' })).json()).toMatchObject({
      code: 'start_before_subscription',
      params: { started_on: '2026-11-01' },
    });
    expect((await put({ initial_reading: '100', started_on: '2026-11-29' })).json()).toMatchObject({ code: 'date_in_future' });
    expect((await put({ started_on: '2026-11-15' })).json()).toMatchObject({ code: 'required', errors: [{ field: 'initial_reading' }] });
    expect((await put({ initial_reading: '99', started_on: '2026-11-15' })).json()).toMatchObject({
      code: 'lower_reading',
      errors: [{ field: 'initial_reading' }],
    });
    const changed = await put({ initial_reading: '140', started_on: '2026-11-15' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({ bundle: bundles.large, started_on: '2026-11-15', counter: '140.000' });
    const history = (await admin.get(path(`subscriptions/${old}/readings/`))).json().results;
    expect(history[0]).toMatchObject({
      kind: 'reading',
      value: '140.000',
      previous_value: '100.000',
      taken_at: '2026-11-15T00:00:00.000Z',
    });
    expect((await admin.put(path(`subscriptions/${changed.json().subscription.id}/update-counter/`), { counter: '150' })).statusCode).toBe(
      200,
    );

    const run = await runBillingJob(admin, path('invoices/generate/'), november);
    expect(run.errors).toEqual([]);
    const billed = (await admin.get(path(`invoices/?customer=${changing.id}&ordering=id`))).json().results;
    // Small: 1 to 14 November (10.00 x 14/30 = 4.67) and 40 kWh x 0.25; large: 15 to 30 November (20.00 x 16/30 = 10.67) and 10 kWh x 0.50.
    expect(billed).toMatchObject([
      { subscription: old, period_start: '2026-11-01', period_end: '2026-11-14', consumption: '40.000', subtotal: '14.67' },
      { period_start: '2026-11-15', period_end: '2026-11-30', consumption: '10.000', subtotal: '15.67' },
    ]);
    await expectMoneyInvariants(context.db);
  });

  it('may not start inside a period the current subscription was billed for, nor before its last reading', async () => {
    const billed = await customer({ full_name: 'Billed Then Changed', started_on: '2026-11-01' });
    await admin.put(path(`subscriptions/${billed.subscription.id}/update-counter/`), { counter: '5' });
    const invoice = (
      await admin.post(path('invoices/'), { subscription: billed.subscription.id, period_start: '2026-11-01', period_end: '2026-11-20' })
    ).json();
    const inside = await admin.put(path(`customers/${billed.id}/`), {
      bundle: bundles.large,
      initial_reading: '5',
      started_on: '2026-11-20',
    });
    expect(inside.statusCode).toBe(400);
    expect(inside.json()).toMatchObject({ code: 'start_in_billed_period', params: { number: invoice.number, period_end: '2026-11-20' } });
    // The reading of today (the 28th) stays on the old bundle: the change may not be dated before it.
    const beforeReading = await admin.put(path(`customers/${billed.id}/`), {
      bundle: bundles.large,
      initial_reading: '5',
      started_on: '2026-11-21',
    });
    expect(beforeReading.json()).toMatchObject({ code: 'date_before_previous', params: { previous: '2026-11-28' } });
    const today = await admin.put(path(`customers/${billed.id}/`), { bundle: bundles.large, initial_reading: '5' });
    expect(today.json().subscription).toMatchObject({ started_on: '2026-11-28', counter: '5.000' });
  });

  it('refuses another tenant bundle on the change', async () => {
    const mine = await customer({ full_name: 'Mine' });
    const bAdmin = await fixture.as('b.admin');
    const theirs = (await bAdmin.post(servicePath(fixture.tenantB, 'bundles/'), { name: 'Theirs', price: '1', unit_price: '0' })).json();
    const refused = await admin.put(path(`customers/${mine.id}/`), { bundle: theirs.id, initial_reading: '0' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('bundle');
  });
});

describe('the plausibility of the first reading', () => {
  const read = (subscription: number, counter: string) => admin.put(path(`subscriptions/${subscription}/update-counter/`), { counter });

  it('counts from the start of the start date, not from when the customer was typed in', async () => {
    // Connected today: 9 hours since midnight UTC at 10 A x 230 V x 1.1 = 22.77 kWh at most.
    const today = await customer({ full_name: 'Installed Today', bundle: bundles.amps });
    expect((await read(today.subscription.id, '20')).statusCode).toBe(200);
    const other = await customer({ full_name: 'Installed Today, Typo', bundle: bundles.amps });
    expect((await read(other.subscription.id, '23')).json()).toMatchObject({ code: 'reading_implausible', params: { limit: '22.77' } });

    // Connected on the 1st: 27 days and 9 hours, 6,656.73 kWh at most.
    const first = await customer({ full_name: 'Installed On The 1st', bundle: bundles.amps, started_on: '2026-11-01' });
    expect((await read(first.subscription.id, '500')).statusCode).toBe(200);
    context.clock.advance(3600);
    // From the last reading now: one hour, 2.53 kWh.
    expect((await read(first.subscription.id, '503')).json()).toMatchObject({ code: 'reading_implausible', params: { limit: '2.53' } });
  });

  it('after a bundle change today, counts from the reading taken at the change', async () => {
    const changing = await customer({ full_name: 'Upgraded Today', bundle: bundles.amps, started_on: '2026-11-01' });
    const amps20 = (await admin.post(path('bundles/'), { name: '20 A', amperage: '20', price: '20', unit_price: '0.25' })).json().id;
    const changed = (await admin.put(path(`customers/${changing.id}/`), { bundle: amps20, initial_reading: '700' })).json();
    expect(changed.subscription).toMatchObject({ started_on: '2026-11-28', counter: '700.000' });
    context.clock.advance(3600);
    // One hour since the reading at the change at 20 A: 5.06 kWh, though the new subscription has no reading yet.
    expect((await read(changed.subscription.id, '706')).json()).toMatchObject({ code: 'reading_implausible', params: { limit: '5.06' } });
    expect((await read(changed.subscription.id, '705')).statusCode).toBe(200);
  });
});

describe('an invoice created under an Idempotency-Key', () => {
  it('is created once: the same key and body answer the same invoice, another body is refused', async () => {
    const billed = await customer({ full_name: 'Retried After A Time-out', started_on: '2026-11-01' });
    const body = { subscription: billed.subscription.id, ...november };
    const key = { 'idempotency-key': 'invoice-once' };
    const first = await admin.post(path('invoices/'), body, key);
    expect(first.statusCode).toBe(201);
    const again = await admin.post(path('invoices/'), body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await admin.post(path('invoices/'), { ...body, notes: 'another' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });
    const rows = await context.db.select().from(invoices).where(eq(invoices.customerId, billed.id));
    expect(rows).toHaveLength(1);

    const lines = { customer: billed.id, ...november, lines: [{ description: 'Connection', quantity: '1', unit_price: '15' }] };
    const linesKey = { 'idempotency-key': 'lines-once' };
    const made = await admin.post(path('invoices/'), lines, linesKey);
    expect(made.statusCode).toBe(201);
    expect((await admin.post(path('invoices/'), lines, linesKey)).json()).toEqual(made.json());
    expect(await context.db.select().from(invoices).where(eq(invoices.customerId, billed.id))).toHaveLength(2);
  });
});
