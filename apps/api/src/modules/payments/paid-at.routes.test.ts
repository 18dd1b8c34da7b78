import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectMoneyInvariants, servicePath } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let admin: Client;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-20T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
});
afterAll(async () => context?.close());

describe('payments dated when received', () => {
  it('lands cash collected on the 30th and typed in on the 1st in the month it was collected', async () => {
    const customer = (await admin.post(path('customers/'), { full_name: 'Late Typist' })).json();
    const invoice = (
      await admin.post(path('invoices/'), {
        customer: customer.id,
        period_start: '2026-10-01',
        period_end: '2026-10-31',
        lines: [{ description: 'Supply', quantity: '1', unit_price: '40' }],
      })
    ).json();
    expect(invoice.issued_on).toBe('2026-11-20');
    context.clock.set(new Date('2026-12-01T08:00:00Z'));
    const pay = (body: Record<string, unknown>) => admin.put(path(`invoices/${invoice.id}/create_payment/`), body);

    expect((await pay({ amount: '5', paid_at: '2026-12-01T09:00:00Z' })).json()).toMatchObject({ code: 'date_in_future' });
    expect((await pay({ amount: '5', paid_at: '2026-11-19T23:00:00Z' })).json()).toMatchObject({
      paid_at: ['A payment cannot be dated before the invoice was issued (2026-11-20).'],
      code: 'date_before_issue',
    });
    expect((await pay({ amount: '5', paid_at: '30 Nov' })).statusCode).toBe(400);

    const late = await pay({ amount: '15', paid_at: '2026-11-30T18:00:00Z' });
    expect(late.statusCode).toBe(201);
    expect(late.json()).toMatchObject({ paid_at: '2026-11-30T18:00:00.000Z', amount: '15.00' });
    expect((await pay({ amount: '10' })).json()).toMatchObject({ paid_at: '2026-12-01T08:00:00.000Z' });

    const december = (await admin.get('/api/statistics/stats1/')).json();
    expect(december.collected_this_month).toBe('10.00');
    const november = (await admin.get('/api/statistics/stats1/?date_from=2026-11-01&date_to=2026-11-30')).json();
    expect(november.collected_this_month).toBe('15.00');
    const listed = (await admin.get(path('payments/?date_from=2026-11-01&date_to=2026-11-30'))).json();
    expect(listed.results.map((row: { amount: string }) => row.amount)).toEqual(['15.00']);

    context.clock.set(new Date('2027-01-05T08:00:00Z'));
    expect((await pay({ amount: '1', paid_at: '2026-11-30T18:00:00Z' })).json()).toMatchObject({
      code: 'date_too_old',
      params: { days: 31 },
    });
    await expectMoneyInvariants(context.db);
  });
});
