import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { backdateSubscriptions, servicePath } from '../../../test/billing';

/** A customer joining with a meter already at 3,200 kWh is billed only what they consume above it. */
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let bundleId: number;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-03T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  bundleId = (await admin.post(path('bundles/'), { name: '5 A', price: '10', unit_price: '0.25' })).json().id;
});
afterAll(async () => context?.close());

async function billFirstMonth(customer: { id: number; subscription: { id: number } }, reading: string) {
  await backdateSubscriptions(context.db, customer.id);
  expect((await admin.put(path(`subscriptions/${customer.subscription.id}/update-counter/`), { counter: reading })).statusCode).toBe(200);
  const invoice = await admin.post(path('invoices/'), {
    subscription: customer.subscription.id,
    period_start: '2026-10-01',
    period_end: '2026-10-31',
  });
  expect(invoice.statusCode).toBe(201);
  return invoice.json();
}

describe('initial reading', () => {
  it('starts the meter at the initial reading (Arabic-Indic digits accepted): the first invoice bills the reading minus it', async () => {
    const response = await admin.post(path('customers/'), { full_name: 'Joined Late', bundle: bundleId, initial_reading: '٣٢٠٠' });
    expect(response.statusCode).toBe(201);
    const customer = response.json();
    expect(customer.subscription).toMatchObject({ counter: '3200.000' });
    const invoice = await billFirstMonth(customer, '3450.5');
    // 250.5 kWh x 0.25 = 62.625 -> 62.63, plus the monthly 10.
    expect(invoice).toMatchObject({ previous_reading: '3200.000', current_reading: '3450.500', consumption: '250.500', subtotal: '72.63' });
  });

  it('an empty one is refused on a metered service (issue 29); 0, a new meter, starts it at 0', async () => {
    const empty = await admin.post(path('customers/'), { full_name: 'From Zero', bundle: bundleId, initial_reading: '' });
    expect(empty.json()).toMatchObject({ code: 'required', errors: [{ field: 'initial_reading' }] });
    const customer = (await admin.post(path('customers/'), { full_name: 'From Zero', bundle: bundleId, initial_reading: '0' })).json();
    expect(customer.subscription.counter).toBe('0.000');
    expect((await billFirstMonth(customer, '40')).consumption).toBe('40.000');
  });

  it('a bundle set later on a customer without a meter starts it at the initial reading', async () => {
    const customer = (await admin.post(path('customers/'), { full_name: 'Bundle Later' })).json();
    const updated = await admin.put(path(`customers/${customer.id}/`), { bundle: bundleId, initial_reading: '1200.25' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().subscription).toMatchObject({ bundle: bundleId, counter: '1200.250' });
  });

  it('refuses a negative or unreadable reading with a code, in English and in Arabic, and creates nothing', async () => {
    const negative = await admin.post(path('customers/'), { full_name: 'Negative', bundle: bundleId, initial_reading: '-5' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ code: 'min_value', errors: [{ field: 'initial_reading', code: 'min_value' }] });
    const garbage = await admin.post(
      path('customers/'),
      { full_name: 'Garbage', bundle: bundleId, initial_reading: '12a' },
      { 'accept-language': 'ar' },
    );
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ code: 'invalid_number', initial_reading: ['أدخل رقمًا صحيحًا.'] });
    const tooPrecise = await admin.post(path('customers/'), { full_name: 'Precise', bundle: bundleId, initial_reading: '1.2345' });
    expect(tooPrecise.json()).toMatchObject({ code: 'decimal_places', errors: [{ field: 'initial_reading' }] });
    const list = (await admin.get(path('customers/?search=Negative'))).json();
    expect(list.count).toBe(0);
  });
});
