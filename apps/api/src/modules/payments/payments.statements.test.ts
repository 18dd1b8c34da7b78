import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';
import { countStatements } from '../../../test/statements';

/*
 * A payment is one round trip (issue 35, docs/money-and-numbering.md "Payments"): BEGIN, one read
 * that locks the invoice with all the checks need, one write, COMMIT. Counted at the driver
 * (test/statements.ts), authentication and the job queue's polling taken off.
 */
let context: TestContext;
let fixture: Fixture;
let accountant: Client;
let admin: Client;
let customerId: number;
let currency: string;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

async function invoiceOf(total: string): Promise<number> {
  const response = await admin.post(path('invoices/'), {
    customer: customerId,
    period_start: '2026-10-01',
    period_end: '2026-10-31',
    lines: [{ description: 'Supply', quantity: '1', unit_price: total }],
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

/** The statements a payment sent, its authentication's and the job queue's taken off. */
async function paymentStatements(
  invoiceId: number,
  body?: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<{ statusCode: number; statements: number; id: number }> {
  const { response, statements } = await countStatements(() =>
    accountant.put(path(`invoices/${invoiceId}/create_payment/`), body, headers),
  );
  return { statusCode: response.statusCode, statements, id: response.json().id as number };
}

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  accountant = await fixture.as('a.accountant');
  customerId = (await admin.post(path('customers/'), { full_name: 'Counted Customer' })).json().id;
  currency = (await admin.get('/api/config/')).json().currency as string;
});
afterAll(async () => context?.close());

describe('a payment is one round trip: at most 4 statements (BEGIN, the read, the write, COMMIT)', () => {
  it('mark as paid (the whole balance)', async () => {
    const paid = await paymentStatements(await invoiceOf('40.00'));
    expect(paid).toMatchObject({ statusCode: 201 });
    expect(paid.statements).toBeLessThanOrEqual(4);
  });

  it('a partial payment, then its reversal', async () => {
    const invoiceId = await invoiceOf('40.00');
    const part = await paymentStatements(invoiceId, { amount: '15.00', method: 'card', reference: 'R-1' });
    expect(part).toMatchObject({ statusCode: 201 });
    expect(part.statements).toBeLessThanOrEqual(4);
    const reversal = await paymentStatements(invoiceId, { amount: '-5.00', reason: 'Bounced', reverses: part.id });
    expect(reversal).toMatchObject({ statusCode: 201 });
    expect(reversal.statements).toBeLessThanOrEqual(4);
  });

  it('a payment handed over as `amounts`', async () => {
    const tender = await paymentStatements(await invoiceOf('40.00'), { amounts: [{ currency, amount: '50.00' }], method: 'cash' });
    expect(tender).toMatchObject({ statusCode: 201 });
    expect(tender.statements).toBeLessThanOrEqual(4);
  });

  it('with an Idempotency-Key: the key is claimed in the read and answered in the write', async () => {
    const invoiceId = await invoiceOf('40.00');
    const keyed = await paymentStatements(invoiceId, undefined, { 'idempotency-key': 'counted-once' });
    expect(keyed).toMatchObject({ statusCode: 201 });
    expect(keyed.statements).toBeLessThanOrEqual(4);
    // The answer was stored by the write: the same key answers it again, with nothing written.
    const again = await paymentStatements(invoiceId, undefined, { 'idempotency-key': 'counted-once' });
    expect(again).toMatchObject({ statusCode: 201, id: keyed.id });
  });
});
