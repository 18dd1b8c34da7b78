import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first, nth } from '@meterline/contract/invariant';
import { settings } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectMoneyInvariants, servicePath } from '../../../test/billing';
import { runBillingJob } from '../../../test/jobs';

let context: TestContext;
let fixture: Fixture;
let admin: Client;
let bundles: { small: number; large: number };

const path = (rest: string) => servicePath(fixture.tenantA, rest);
const at = (instant: string) => context.clock.set(new Date(instant));
const november = { period_start: '2026-11-01', period_end: '2026-11-30' };

async function newCustomer(fullName: string, bundle: number) {
  const response = await admin.post(path('customers/'), { initial_reading: '0', full_name: fullName, bundle });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; subscription: { id: number } };
}

async function openSubscription(customerId: number): Promise<number> {
  return (await admin.get(path(`customers/${customerId}/`))).json().subscription.id;
}

async function read(customerId: number, counter: string) {
  const response = await admin.put(path(`subscriptions/${await openSubscription(customerId)}/update-counter/`), {
    counter,
    confirm_unusual: true,
  });
  expect(response.statusCode).toBe(200);
}

async function invoicesOf(customerId: number) {
  const rows = (await admin.get(path(`invoices/?customer=${customerId}&ordering=id&page_size=100`))).json().results as {
    id: number;
    subscription: number;
    period_start: string;
    period_end: string;
    subtotal: string;
    consumption: string | null;
    status: string;
  }[];
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      lines: (await admin.get(path(`invoices/${row.id}/`))).json().lines as { description: string; amount: string }[],
    })),
  );
}

const feeOf = (invoice: { lines: { description: string; amount: string }[] }) =>
  invoice.lines.find((line) => line.description.endsWith('monthly fee'))?.amount ?? '0.00';

async function setProrate(prorate: boolean) {
  await context.db.update(settings).set({ proratePartialMonths: prorate }).where(eq(settings.tenantId, fixture.tenantA.id));
}

beforeAll(async () => {
  context = await createTestContext();
  at('2026-10-01T09:00:00Z');
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  bundles = {
    small: (await admin.post(path('bundles/'), { name: 'Small', price: '10', unit_price: '0.25' })).json().id,
    large: (await admin.post(path('bundles/'), { name: 'Large', price: '20', unit_price: '0.5' })).json().id,
  };
});
afterAll(async () => context?.close());

describe('a new customer in mid month', () => {
  it('pays the monthly fee for the days since it joined, in the run and on a single invoice', async () => {
    await setProrate(true);
    at('2026-11-24T09:00:00Z');
    const late = await newCustomer('Joined 24th', bundles.small);
    const single = await newCustomer('Joined 24th too', bundles.small);
    at('2026-12-02T09:00:00Z');
    const run = await runBillingJob(admin, path('invoices/generate/'), november);
    expect(run.errors).toEqual([]);
    const invoice = first(await invoicesOf(late.id));
    // 10.00 x 7 / 30 = 2.333 -> 2.33, for 24 to 30 November.
    expect(invoice).toMatchObject({ period_start: '2026-11-24', period_end: '2026-11-30', subtotal: '2.33' });
    expect(feeOf(invoice)).toBe('2.33');
    // The run billed the other one too; cancelled, it is billed alone for the same days.
    const runInvoice = first(await invoicesOf(single.id));
    await admin.post(path(`invoices/${runInvoice.id}/cancel/`), { reason: 'rebill alone' });
    const before = await admin.post(path('invoices/'), { subscription: single.subscription.id, ...november });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({
      code: 'period_before_subscription',
      params: { started_on: '2026-11-24' },
      period_start: ['The period starts before the subscription started (2026-11-24).'],
    });
    const alone = await admin.post(path('invoices/'), {
      subscription: single.subscription.id,
      period_start: '2026-11-24',
      period_end: '2026-11-30',
    });
    expect(alone.statusCode).toBe(201);
    expect(alone.json()).toMatchObject({ subtotal: '2.33' });
  });

  it('pays the whole fee when the tenant does not prorate', async () => {
    await setProrate(false);
    at('2026-11-24T09:00:00Z');
    const late = await newCustomer('Joined 24th, no proration', bundles.small);
    at('2026-12-02T09:00:00Z');
    await runBillingJob(admin, path('invoices/generate/'), november);
    const [invoice] = await invoicesOf(late.id);
    expect(invoice).toMatchObject({ period_start: '2026-11-24', subtotal: '10.00' });
    await setProrate(true);
  });
});

describe('a bundle change in mid month', () => {
  it('bills each subscription for its days and its consumption, split at the reading taken at the change', async () => {
    await setProrate(true);
    at('2026-11-01T09:00:00Z');
    const customer = await newCustomer('Changes on the 15th', bundles.small);
    at('2026-11-10T09:00:00Z');
    await read(customer.id, '100');
    at('2026-11-15T08:00:00Z');
    await read(customer.id, '140'); // the reading taken at the change
    expect((await admin.put(path(`customers/${customer.id}/`), { bundle: bundles.large, initial_reading: '140' })).statusCode).toBe(200);
    at('2026-11-25T09:00:00Z');
    await read(customer.id, '200');
    at('2026-12-02T09:00:00Z');
    const preview = (await admin.post(path('invoices/generate/?dry_run=true'), november)).json();
    const run = await runBillingJob(admin, path('invoices/generate/'), november);
    expect(run.errors).toEqual([]);
    expect(run.created).toBe(preview.created);
    const invoices = await invoicesOf(customer.id);
    const [old, current] = [first(invoices), nth(invoices, 1)];
    // Small: 1 to 14 November, 10.00 x 14/30 = 4.67, and 140 kWh x 0.25 = 35.00.
    expect(old).toMatchObject({
      subscription: customer.subscription.id,
      period_start: '2026-11-01',
      period_end: '2026-11-14',
      consumption: '140.000',
      subtotal: '39.67',
    });
    expect(feeOf(old)).toBe('4.67');
    // Large: 15 to 30 November, 20.00 x 16/30 = 10.67, and 60 kWh x 0.50 = 30.00.
    expect(current).toMatchObject({ period_start: '2026-11-15', period_end: '2026-11-30', consumption: '60.000', subtotal: '40.67' });
    expect(current.subscription).not.toBe(customer.subscription.id);
    expect(feeOf(current)).toBe('10.67');
    // Billed once: a second run finds both subscriptions billed.
    const again = await runBillingJob(admin, path('invoices/generate/'), november);
    expect(again.created).toBe(0);
    expect(again.skipped_details.filter((row: { customer: number }) => row.customer === customer.id)).toEqual([
      expect.objectContaining({ subscription: customer.subscription.id, reason: 'already_billed' }),
      expect.objectContaining({ subscription: current.subscription, reason: 'already_billed' }),
    ]);
    await expectMoneyInvariants(context.db);
  });

  it('without proration, a change bills the new bundle only up to the dearer fee', async () => {
    await setProrate(false);
    at('2026-11-01T09:00:00Z');
    const customer = await newCustomer('Upgrade, no proration', bundles.small);
    at('2026-11-15T09:00:00Z');
    await admin.put(path(`customers/${customer.id}/`), { bundle: bundles.large, initial_reading: '0' });
    at('2026-12-02T09:00:00Z');
    await runBillingJob(admin, path('invoices/generate/'), november);
    const fees = (await invoicesOf(customer.id)).map(feeOf);
    expect(fees).toEqual(['10.00', '10.00']);
    await setProrate(true);
  });
});

describe('fees of a month over random change dates', () => {
  it('never add up to more than one full fee of the dearest bundle involved', async () => {
    const prices = ['10', '20', '12.51', '0', '7.77'];
    const feeBundles: number[] = [];
    for (const [index, price] of prices.entries()) {
      feeBundles.push((await admin.post(path('bundles/'), { name: `Random ${index}`, price, unit_price: '0' })).json().id);
    }
    let runs = 0;
    const scenario = fc.record({
      joinDay: fc.integer({ min: 1, max: 28 }),
      changes: fc.array(fc.record({ day: fc.integer({ min: 1, max: 30 }), bundle: fc.nat(prices.length - 1) }), { maxLength: 3 }),
      first: fc.nat(prices.length - 1),
      prorate: fc.boolean(),
      billing: fc.constantFrom('run', 'single', 'single-reversed', 'partial-then-run'),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ joinDay, changes, first, prorate, billing }) => {
        runs += 1;
        await setProrate(prorate);
        const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}`;
        at(`${day(joinDay)}T09:00:00Z`);
        const firstBundle = nth(feeBundles, first);
        const customer = await newCustomer(`Random changes ${runs}`, firstBundle);
        const used = [firstBundle];
        for (const change of [...changes].sort((a, b) => a.day - b.day)) {
          if (change.day < joinDay) continue;
          at(`${day(change.day)}T10:00:00Z`);
          const bundle = nth(feeBundles, change.bundle);
          const response = await admin.put(path(`customers/${customer.id}/`), { bundle, initial_reading: '0' });
          expect(response.statusCode).toBe(200);
          used.push(bundle);
        }
        at('2026-12-02T09:00:00Z');
        const result = await context.db.execute(
          sql`select id, started_on::text, ended_on::text from subscriptions where customer_id = ${customer.id} order by id`,
        );
        const subscriptions = (result as unknown as { rows: { id: number; started_on: string; ended_on: string | null }[] }).rows;
        const single = async (rows: typeof subscriptions) => {
          for (const row of rows) {
            const start = row.started_on > november.period_start ? row.started_on : november.period_start;
            await admin.post(path('invoices/'), { subscription: row.id, period_start: start, period_end: november.period_end });
          }
        };
        if (billing === 'run') await runBillingJob(admin, path('invoices/generate/'), november);
        if (billing === 'single') await single(subscriptions);
        if (billing === 'single-reversed') await single([...subscriptions].reverse());
        if (billing === 'partial-then-run') {
          const open = nth(subscriptions, subscriptions.length - 1);
          if (open.started_on <= '2026-11-20')
            await admin.post(path('invoices/'), { subscription: open.id, period_start: open.started_on, period_end: '2026-11-20' });
          await runBillingJob(admin, path('invoices/generate/'), november);
        }
        const invoices = (await invoicesOf(customer.id)).filter((row) => row.status !== 'cancelled');
        const billedCents = invoices.reduce((sum, row) => sum + BigInt(feeOf(row).replace('.', '')), 0n);
        const dearest = used.reduce((max, id) => {
          const cents = BigInt((Number(nth(prices, feeBundles.indexOf(id))) * 100).toFixed(0));
          return cents > max ? cents : max;
        }, 0n);
        expect(
          billedCents <= dearest,
          `${billedCents} > ${dearest} for ${JSON.stringify({ joinDay, changes, first, prorate, billing })}`,
        ).toBe(true);
      }),
      { seed: 20261124, numRuns: 25, endOnFailure: true },
    );
    await setProrate(true);
    await expectMoneyInvariants(context.db);
  });
});
