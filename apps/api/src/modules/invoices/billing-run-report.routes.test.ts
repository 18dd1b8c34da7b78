import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { backdateSubscriptions, expectMoneyInvariants, servicePath } from '../../../test/billing';
import { runBillingJob } from '../../../test/jobs';

// The billing run warns and reports (docs/billing.md, "The billing run"): meters not read since their last invoice, a month
// not over yet, the amount per station; and "print all" gives the period's invoices in one document.
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let bundleId: number;
let north: number;

const path = (rest: string) => servicePath(fixture.tenantA, rest, 'electricity');
const october = { period_start: '2026-10-01', period_end: '2026-10-31' };

async function customer(fullName: string, station: number | null) {
  const response = await admin.post(path('customers/'), { initial_reading: '0', full_name: fullName, bundle: bundleId, station });
  expect(response.statusCode).toBe(201);
  const created = response.json() as { id: number; subscription: { id: number } };
  await backdateSubscriptions(context.db, created.id);
  return created;
}

const minor = (amount: string) => BigInt(amount.replace('.', ''));

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-20T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  bundleId = (await admin.post(path('bundles/'), { name: '10 A', price: '10', unit_price: '0.25' })).json().id;
  north = (await admin.post(path('stations/'), { name: 'North generator' })).json().id;
});
afterAll(async () => context?.close());

describe('the billing run report', () => {
  it('lists meters not read since their last invoice, bills or skips them, and sums the amounts per station', async () => {
    const read = await customer('Read Meter', north);
    const unread = await customer('Unread Meter', null);
    const reading = await admin.put(path(`subscriptions/${read.subscription.id}/update-counter/`), {
      counter: '100',
      taken_at: '2026-10-30T10:00:00Z',
    });
    expect(reading.statusCode).toBe(200);

    const preview = await admin.post(path('invoices/generate/?dry_run=true'), october);
    expect(preview.statusCode).toBe(200);
    const dry = preview.json();
    expect(dry).toMatchObject({ created: 2, month_in_progress: false });
    expect(dry.unread).toEqual([
      { subscription: unread.subscription.id, customer: unread.id, customer_name: 'Unread Meter', last_reading_at: null },
    ]);
    expect(dry.by_station).toHaveLength(2);
    const northRow = dry.by_station.find((row: { station: number | null }) => row.station === north);
    const noStation = dry.by_station.find((row: { station: number | null }) => row.station === null);
    expect(northRow).toMatchObject({ station_name: 'North generator', invoices: 1 });
    expect(noStation).toMatchObject({ station_name: null, invoices: 1 });
    // The read meter bills its fee and its consumption; the unread one its fee alone.
    expect(minor(northRow.amount)).toBeGreaterThan(minor(noStation.amount));
    expect(minor(dry.amount)).toBe(minor(northRow.amount) + minor(noStation.amount));

    // Skipping the unread meters leaves them out with their reason.
    const skipping = (await admin.post(path('invoices/generate/?dry_run=true'), { ...october, unread: 'skip' })).json();
    expect(skipping).toMatchObject({ created: 1, unread: dry.unread });
    expect(skipping.skipped_details).toContainEqual({
      subscription: unread.subscription.id,
      customer: unread.id,
      customer_name: 'Unread Meter',
      reason: 'not_read',
    });
    expect(skipping.amount).toBe(northRow.amount);

    const run = await runBillingJob(admin, path('invoices/generate/'), { ...october, unread: 'skip' });
    expect(run).toMatchObject({ created: 1, amount: northRow.amount });
    const stored = (await admin.get(path(`invoices/${run.invoices[0]}/`))).json();
    expect(stored.total).toBe(run.amount);
    expect((await admin.get(path(`invoices/?customer=${unread.id}`))).json().count).toBe(0);

    // November is not over on the 20th; the read meter was not read again since October's invoice.
    const november = (
      await admin.post(path('invoices/generate/?dry_run=true'), { period_start: '2026-11-01', period_end: '2026-11-30' })
    ).json();
    expect(november.month_in_progress).toBe(true);
    expect(november.unread.map((row: { customer: number }) => row.customer).sort()).toEqual([read.id, unread.id].sort());
    const readRow = november.unread.find((row: { customer: number }) => row.customer === read.id);
    expect(new Date(readRow.last_reading_at).toISOString()).toBe('2026-10-30T10:00:00.000Z');
    await expectMoneyInvariants(context.db);
  });

  it("prints every live invoice of the period in one document, a page each, in the user's language", async () => {
    const invoices = (await admin.get(path(`invoices/?period_start=${october.period_start}&page_size=100`))).json().results as {
      number: string;
    }[];
    expect(invoices.length).toBeGreaterThan(0);
    const printed = await admin.get(path(`invoices/print/?period_start=2026-10-01&period_end=2026-10-31&output=html`));
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toContain('text/html');
    expect(printed.headers['cache-control']).toBe('private, no-store');
    for (const invoice of invoices) expect(printed.body).toContain(invoice.number);
    expect(printed.body.match(/<section class="page">/g)).toHaveLength(invoices.length);

    const arabic = await admin.get(path(`invoices/print/?period_start=2026-10-01&period_end=2026-10-31&output=html&lang=ar`));
    expect(arabic.body).toContain('dir="rtl"');

    const otherStation = (await admin.post(path('stations/'), { name: 'South generator' })).json().id;
    const none = await admin.get(path(`invoices/print/?period_start=2026-10-01&period_end=2026-10-31&output=html&station=${otherStation}`));
    expect(none.statusCode).toBe(200);
    expect(none.body).not.toContain('<section class="page">');
  });

  it("refuses another tenant's station like a missing one, a reversed period, and a caller without the right", async () => {
    const b = await fixture.as('b.admin');
    const theirs = (await b.post(servicePath(fixture.tenantB, 'stations/', 'electricity'), { name: 'Theirs' })).json().id;
    const foreign = await admin.get(path(`invoices/print/?period_start=2026-10-01&period_end=2026-10-31&output=html&station=${theirs}`));
    const missing = await admin.get(path(`invoices/print/?period_start=2026-10-01&period_end=2026-10-31&output=html&station=999999`));
    expect(foreign.statusCode).toBe(400);
    expect(missing.statusCode).toBe(400);
    // Exactly as for an id that does not exist, with its own number.
    expect(foreign.json()).toEqual(JSON.parse(missing.body.replaceAll('999999', String(theirs))));
    const reversed = await admin.get(path(`invoices/print/?period_start=2026-10-31&period_end=2026-10-01&output=html`));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'period_end_before_start' });
    const support = await fixture.as('a.support');
    const canList = (await support.get(path('invoices/'))).statusCode === 200;
    expect((await support.get(path(`invoices/print/?period_start=2026-10-01&period_end=2026-10-31&output=html`))).statusCode).toBe(
      canList ? 200 : 403,
    );
  });
});
