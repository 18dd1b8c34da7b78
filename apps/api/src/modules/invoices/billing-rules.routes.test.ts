import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { backdateSubscriptions, expectMoneyInvariants, servicePath } from '../../../test/billing';
import { runBillingJob } from '../../../test/jobs';

let context: TestContext;
let fixture: Fixture;
let admin: Client;
let bundleId: number;

const path = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);

async function customer(fullName: string, extra: Record<string, unknown> = {}, service: 'electricity' | 'water' = 'electricity') {
  const response = await admin.post(path('customers/', service), { initial_reading: '0', full_name: fullName, bundle: bundleId, ...extra });
  expect(response.statusCode).toBe(201);
  const created = response.json() as { id: number; subscription: { id: number } };
  await backdateSubscriptions(context.db, created.id);
  return created;
}
const bill = (subscription: number, periodStart: string, periodEnd: string) =>
  admin.post(path('invoices/'), { subscription, period_start: periodStart, period_end: periodEnd });

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-20T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  bundleId = (await admin.post(path('bundles/'), { name: '5 A', price: '10', unit_price: '0.25' })).json().id;
});
afterAll(async () => context?.close());

describe('invoice periods', () => {
  it('never overlap a live invoice of the subscription, start by today and last 31 days at most', async () => {
    const { subscription } = await customer('Periods');
    expect((await bill(subscription.id, '2026-11-01', '2026-11-15')).statusCode).toBe(201);
    const first = (await admin.get(path(`invoices/?subscription=${subscription.id}`))).json().results[0];
    const overlapping = await bill(subscription.id, '2026-11-10', '2026-11-20');
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toMatchObject({
      code: 'period_overlaps',
      params: { number: first.number, period_start: '2026-11-01', period_end: '2026-11-15' },
    });
    expect(overlapping.json().detail).toContain(first.number);
    expect((await bill(subscription.id, '2026-10-20', '2026-11-01')).json()).toMatchObject({ code: 'period_overlaps' });
    expect((await bill(subscription.id, '2026-11-01', '2026-11-15')).json()).toMatchObject({ code: 'period_already_billed' });
    expect((await bill(subscription.id, '2026-11-16', '2026-11-20')).statusCode).toBe(201);
    // Cancelling frees the days.
    expect((await admin.post(path(`invoices/${first.id}/cancel/`), { reason: 'rebill' })).statusCode).toBe(200);
    expect((await bill(subscription.id, '2026-11-05', '2026-11-15')).statusCode).toBe(201);

    const future = await bill(subscription.id, '2026-11-21', '2026-11-30');
    expect(future.json()).toMatchObject({ period_start: ['The period starts after today (2026-11-20).'], code: 'period_in_future' });
    const long = await bill(subscription.id, '2026-09-01', '2026-10-02');
    expect(long.json()).toMatchObject({ code: 'period_too_long', params: { days: 31 } });
    expect((await bill(subscription.id, '2026-09-01', '2026-10-01')).statusCode).toBe(201);
    await expectMoneyInvariants(context.db);
  });
});

describe('amounts beyond the stored range', () => {
  it('are a 400 amount_too_large, never a 500', async () => {
    const dear = (await admin.post(path('bundles/'), { name: 'Dear', price: '10', unit_price: '999999999999.999999' })).json().id;
    const { subscription } = await customer('Huge', { bundle: dear });
    const reading = await admin.put(path(`subscriptions/${subscription.id}/update-counter/`), {
      counter: '99999999999.999',
      confirm_unusual: true,
    });
    expect(reading.statusCode).toBe(200);
    const invoice = await bill(subscription.id, '2026-11-01', '2026-11-20');
    expect(invoice.statusCode).toBe(400);
    expect(invoice.json()).toMatchObject({ code: 'amount_too_large', subscription: [expect.any(String)] });

    const lines = await admin.post(path('invoices/'), {
      customer: (await customer('Lines')).id,
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      lines: [{ description: 'x', quantity: '99999999999.999', unit_price: '999999999999.999999' }],
    });
    expect(lines.statusCode).toBe(400);
    expect(lines.json()).toMatchObject({
      code: 'amount_too_large',
      lines: ['The amounts of this invoice are beyond what can be stored: check the readings and prices.'],
    });
    await expectMoneyInvariants(context.db);
  });
});

describe('billing run', () => {
  it('bills who should pay and reports every skip with its reason, in the run and its dry run', async () => {
    const water = (rest: string) => path(rest, 'water');
    const waterBundle = (await admin.post(water('bundles/'), { name: 'Water', price: '5', unit_price: '1' })).json().id;
    const free = (await admin.post(water('bundles/'), { name: 'Free', price: '0', unit_price: '1' })).json().id;
    const retired = (await admin.post(water('bundles/'), { name: 'Retired', price: '5' })).json().id;
    const dear = (await admin.post(water('bundles/'), { name: 'Dear water', price: '1', unit_price: '999999999999.999999' })).json().id;
    const make = async (name: string, bundle: number, extra: Record<string, unknown> = {}) => {
      const response = await admin.post(water('customers/'), { initial_reading: '0', full_name: name, bundle, ...extra });
      expect(response.statusCode).toBe(201);
      return response.json() as { id: number; subscription: { id: number } };
    };
    const payer = await make('Payer', waterBundle);
    const disconnected = await make('Cut off', waterBundle, { status: 'disconnected' });
    const suspended = await make('Paused', waterBundle, { status: 'suspended' });
    const inactive = await make('Old plan', retired);
    expect((await admin.put(water(`bundles/${retired}/`), { is_active: false })).statusCode).toBe(200);
    const idle = await make('Idle', free);
    const huge = await make('Huge water', dear);
    await admin.put(water(`subscriptions/${huge.subscription.id}/update-counter/`), { counter: '99999999999', confirm_unusual: true });

    const period = { period_start: '2026-11-01', period_end: '2026-11-30' };
    const expectedSkips = [
      { customer: disconnected.id, customer_name: 'Cut off', reason: 'customer_disconnected' },
      { customer: suspended.id, customer_name: 'Paused', reason: 'customer_suspended' },
      { customer: inactive.id, customer_name: 'Old plan', reason: 'bundle_inactive' },
      { customer: idle.id, customer_name: 'Idle', reason: 'no_consumption_and_no_fee' },
    ];
    const preview = await admin.post(water('invoices/generate/?dry_run=true'), period);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ created: 1, skipped: 4, skipped_details: expectedSkips, invoices: [] });
    expect(preview.json().errors).toEqual([expect.objectContaining({ customer: huge.id, code: 'amount_too_large' })]);

    const run = await runBillingJob(admin, water('invoices/generate/'), period);
    expect(run).toMatchObject({ created: 1, skipped: 4, skipped_details: expectedSkips });
    expect(run.errors).toEqual([expect.objectContaining({ customer: huge.id, code: 'amount_too_large' })]);
    const billed = (await admin.get(water('invoices/?page_size=100'))).json().results.map((row: { customer: number }) => row.customer);
    expect(billed).toEqual([payer.id]);

    const again = await runBillingJob(admin, water('invoices/generate/'), period);
    expect(again).toMatchObject({ created: 0, skipped: 5 });
    expect(again.skipped_details).toContainEqual({
      subscription: payer.subscription.id,
      customer: payer.id,
      customer_name: 'Payer',
      reason: 'already_billed',
    });

    const notBegun = await admin.post(water('invoices/generate/'), { period_start: '2026-12-01', period_end: '2026-12-31' });
    expect(notBegun.statusCode).toBe(400);
    expect(notBegun.json()).toMatchObject({ code: 'month_not_begun', period_start: [expect.stringContaining('2026-11-20')] });
    await expectMoneyInvariants(context.db);
  });
});
