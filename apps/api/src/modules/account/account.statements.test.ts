import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { backdateSubscriptions, servicePath } from '../../../test/billing';
import { countStatements } from '../../../test/statements';

/*
 * An account payment is one round trip too (issue 35, docs/money-and-numbering.md "Payments"):
 * BEGIN, one read that locks the customer with its open invoices, one write, COMMIT. Counted at
 * the driver (test/statements.ts), authentication and the job queue's polling taken off.
 */
let context: TestContext;
let fixture: Fixture;
let admin: Client;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

async function newCustomer(name: string): Promise<number> {
  const response = await admin.post(path('customers/'), { full_name: name });
  expect(response.statusCode).toBe(201);
  await backdateSubscriptions(context.db, response.json().id);
  return response.json().id as number;
}

async function bill(customerId: number, total: string): Promise<number> {
  const response = await admin.post(path('invoices/'), {
    customer: customerId,
    period_start: '2027-01-01',
    period_end: '2027-01-28',
    lines: [{ description: 'Supply', quantity: '1', unit_price: total }],
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

/** The statements an account payment sent, its authentication's and the job queue's taken off. */
async function paymentStatements(customerId: number, body: Record<string, unknown>, key?: string) {
  const { response, statements } = await countStatements(() =>
    admin.request({
      method: 'POST',
      url: path(`customers/${customerId}/payments/`),
      payload: body,
      headers: key ? { 'idempotency-key': key } : {},
    }),
  );
  return { statusCode: response.statusCode, statements, body: response.json() as Record<string, unknown> };
}

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  context.clock.set(new Date('2027-02-03T08:00:00Z'));
  const settingsId = (await admin.get('/api/config/')).json().id;
  const configured = await admin.put(`/api/config/${settingsId}/`, { second_currency: 'LBP', cash_rounding: { USD: '0.05', LBP: '1000' } });
  expect(configured.statusCode).toBe(200);
  expect((await admin.post(path('exchange-rates/'), { month: '2027-02', rate: '89500', base_currency: 'USD' })).statusCode).toBe(201);
});
afterAll(async () => context?.close());

describe('an account payment is one round trip: at most 4 statements (BEGIN, the read, the write, COMMIT)', () => {
  it('`amount` paying one invoice', async () => {
    const customerId = await newCustomer('Counted One');
    const invoiceId = await bill(customerId, '40.00');
    const paid = await paymentStatements(customerId, { amount: '40.00' });
    expect(paid).toMatchObject({ statusCode: 201, body: { allocations: [{ invoice: invoiceId, amount: '40.00' }], credit_added: '0.00' } });
    expect(paid.statements).toBeLessThanOrEqual(4);
  });

  it('`amount` over several invoices, the rest left as credit', async () => {
    const customerId = await newCustomer('Counted Several');
    const invoices = [await bill(customerId, '10.00'), await bill(customerId, '20.00'), await bill(customerId, '30.00')];
    const paid = await paymentStatements(customerId, { amount: '75.00', method: 'card' });
    expect(paid).toMatchObject({ statusCode: 201, body: { credit_added: '15.00', customer_balance: '-15.00', customer_credit: '15.00' } });
    expect((paid.body.allocations as { invoice: number }[]).map((row) => row.invoice)).toEqual(invoices);
    expect(paid.statements).toBeLessThanOrEqual(4);
  });

  it('`amounts` in two currencies (at the month’s rate)', async () => {
    const customerId = await newCustomer('Counted Tender');
    await bill(customerId, '30.00');
    await bill(customerId, '40.00');
    const paid = await paymentStatements(customerId, {
      amounts: [
        { currency: 'USD', amount: '20' },
        { currency: 'LBP', amount: '900000' },
      ],
      method: 'cash',
    });
    expect(paid).toMatchObject({ statusCode: 201, body: { amount: '30.06', exchange_rate: '89500.000000', customer_balance: '39.94' } });
    expect(paid.statements).toBeLessThanOrEqual(4);
  });

  it('with an Idempotency-Key: the key is claimed in the read and answered in the write', async () => {
    const customerId = await newCustomer('Counted Keyed');
    await bill(customerId, '40.00');
    const keyed = await paymentStatements(customerId, { amount: '15.00' }, 'account-counted-once');
    expect(keyed).toMatchObject({ statusCode: 201 });
    expect(keyed.statements).toBeLessThanOrEqual(4);
    // The answer was stored by the write: the same key answers it again, with nothing written.
    const again = await paymentStatements(customerId, { amount: '15.00' }, 'account-counted-once');
    expect(again).toMatchObject({ statusCode: 201, body: { id: keyed.body.id, customer_balance: '25.00' } });
  });
});
