import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let customerId: number;
const invoice = {} as Record<'july' | 'august' | 'september', { id: number; number: string }>; // filled in beforeAll

const path = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);

async function bill(month: string, amount: string) {
  const response = await admin.post(path('invoices/'), {
    customer: customerId,
    period_start: `${month}-01`,
    period_end: `${month}-28`,
    lines: [{ description: 'Monthly fee', quantity: '1', unit_price: amount }],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; number: string };
}

const pay = async (invoiceId: number, body: Record<string, unknown>) => {
  const response = await admin.put(path(`invoices/${invoiceId}/create_payment/`), { method: 'cash', ...body });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
};

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  customerId = (await admin.post(path('customers/'), { full_name: 'Rania Khoury' })).json().id;
  // Invoices fall due 15 days after they are issued.
  context.clock.set(new Date('2026-08-01T08:00:00Z'));
  invoice.july = await bill('2026-07', '25');
  context.clock.set(new Date('2026-08-10T08:00:00Z'));
  await pay(invoice.july.id, { reference: 'R-1' });
  context.clock.set(new Date('2026-09-01T08:00:00Z'));
  invoice.august = await bill('2026-08', '30');
  const typo = await bill('2026-06', '99');
  expect((await admin.post(path(`invoices/${typo.id}/cancel/`), { reason: 'Wrong period' })).statusCode).toBe(200);
  context.clock.set(new Date('2026-09-05T08:00:00Z'));
  const partial = await pay(invoice.august.id, { amount: '20' });
  context.clock.set(new Date('2026-09-06T08:00:00Z'));
  await pay(invoice.august.id, { amount: '-5', reverses: partial.id, reason: 'Counted twice' });
  context.clock.set(new Date('2026-10-01T08:00:00Z'));
  invoice.september = await bill('2026-09', '40');
  context.clock.set(new Date('2026-11-24T08:00:00Z'));
});
afterAll(async () => context?.close());

describe('customer ledger', () => {
  it('lists every live invoice, payment and reversal in date order with the running balance', async () => {
    const response = await admin.get(path(`customers/${customerId}/ledger/`));
    expect(response.statusCode).toBe(200);
    const ledger = response.json();
    expect(ledger.opening_balance).toBe('0.00');
    expect(
      ledger.entries.map((entry: Record<string, string>) => [entry.date, entry.kind, entry.reference, entry.amount, entry.balance]),
    ).toEqual([
      ['2026-08-01', 'invoice', invoice.july.number, '25.00', '25.00'],
      ['2026-08-10', 'payment', 'R-1', '-25.00', '0.00'],
      ['2026-09-01', 'invoice', invoice.august.number, '30.00', '30.00'],
      ['2026-09-05', 'payment', expect.stringMatching(/^#\d+$/), '-20.00', '10.00'],
      ['2026-09-06', 'reversal', expect.stringMatching(/^#\d+$/), '5.00', '15.00'],
      ['2026-10-01', 'invoice', invoice.september.number, '40.00', '55.00'],
    ]);
    expect(ledger.closing_balance).toBe('55.00');
    // The closing balance is the customer's balance.
    expect((await admin.get(path(`customers/${customerId}/`))).json().balance).toBe('55.00');
  });

  it('ages what is owed on the last day by days past due', async () => {
    // On 2026-11-24: August's 15.00 is due since 09-16 (69 days), September's 40.00 since 10-16 (39 days).
    expect((await admin.get(path(`customers/${customerId}/ledger/`))).json().ageing).toEqual({
      current: '0.00',
      days_1_30: '0.00',
      days_31_60: '40.00',
      days_61_90: '15.00',
      days_over_90: '0.00',
    });
    // As of 2026-09-10 only August was issued and not yet due; July was paid.
    expect((await admin.get(path(`customers/${customerId}/ledger/?date_to=2026-09-10`))).json().ageing).toMatchObject({
      current: '15.00',
      days_1_30: '0.00',
    });
  });

  it('opens a period with the balance before it and closes with the balance at its end', async () => {
    const ledger = (await admin.get(path(`customers/${customerId}/ledger/?date_from=2026-09-02&date_to=2026-09-30`))).json();
    expect(ledger.opening_balance).toBe('30.00');
    expect(ledger.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['payment', 'reversal']);
    expect(ledger.closing_balance).toBe('15.00');
    expect((await admin.get(path(`customers/${customerId}/ledger/?date_from=2026-10-01&date_to=2026-09-01`))).statusCode).toBe(400);
    expect((await admin.get(path(`customers/${customerId}/ledger/?date_from=2026-02-30`))).statusCode).toBe(400);
  });

  it('is 404 for a customer of another service or tenant', async () => {
    expect((await admin.get(path(`customers/${customerId}/ledger/`, 'water'))).statusCode).toBe(404);
    const other = await fixture.as('b.admin');
    expect((await other.get(servicePath(fixture.tenantB, `customers/${customerId}/ledger/`))).statusCode).toBe(404);
    expect((await admin.get(path('customers/999999/ledger/'))).statusCode).toBe(404);
  });

  it('is open to every role that lists invoices', async () => {
    await expectPermissions(clients, [
      {
        name: 'ledger',
        allowed: ['admin', 'accountant', 'support', 'collector'],
        call: (client) => client.get(path(`customers/${customerId}/ledger/`)),
      },
    ]);
  });
});
