import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { idempotencyKeys, payments, settings } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, isPostgres, type Client, type TestContext } from '../../../test/harness';
import { expectMoneyInvariants, expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let accountant: Client;
let customerId: number;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

/** An invoice of `total` (no tax) for the shared customer. */
async function invoiceOf(total: string, customer = customerId) {
  const response = await admin.post(path('invoices/'), {
    customer,
    period_start: '2026-10-01',
    period_end: '2026-10-31',
    lines: [{ description: 'Supply', quantity: '1', unit_price: total }],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; number: string; total: string };
}

const pay = (client: Client, invoiceId: number, body?: Record<string, unknown>, headers?: Record<string, string>) =>
  client.put(path(`invoices/${invoiceId}/create_payment/`), body, headers);

const balanceOf = async (id = customerId) => (await admin.get(path(`customers/${id}/`))).json().balance as string;

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  accountant = clients.accountant;
  customerId = (await admin.post(path('customers/'), { full_name: 'Paying Customer' })).json().id;
});
afterAll(async () => context?.close());

describe('mark as paid', () => {
  it('pays the balance with no body, then refuses a second time with 409 invoice_already_paid', async () => {
    const invoice = await invoiceOf('61.19');
    const paid = await pay(accountant, invoice.id);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      invoice: invoice.id,
      invoice_number: invoice.number,
      amount: '61.19',
      method: 'cash',
      received_by: fixture.tenantA.users.accountant,
      received_by_name: 'accountant A',
      reverses: null,
    });
    expect((await admin.get(path(`invoices/${invoice.id}/`))).json()).toMatchObject({
      status: 'paid',
      amount_paid: '61.19',
      balance_due: '0.00',
    });
    const again = await pay(accountant, invoice.id, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invoice_already_paid' });
    expect((await pay(accountant, invoice.id, { amount: '1' })).json()).toMatchObject({ code: 'invoice_already_paid' });
  });

  it('creates exactly one payment out of 50 concurrent mark-paid calls', async () => {
    const invoice = await invoiceOf('25.00');
    const before = await balanceOf();
    const responses = await Promise.all(Array.from({ length: 50 }, () => pay(accountant, invoice.id)));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(
      responses.filter((response) => response.statusCode === 409).every((response) => response.json().code === 'invoice_already_paid'),
    ).toBe(true);
    const rows = await context.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(rows).toHaveLength(1);
    expect(first(rows).amount).toBe(2500n);
    expect(Number(await balanceOf())).toBe(Number(before) - 25);
    console.info(`50 concurrent mark-paid on ${isPostgres ? 'PostgreSQL' : 'PGlite'}: 1 payment, 49 x 409`);
  });
});

describe('partial payments and reversals', () => {
  it('records partial payments, refuses overpaying and keeps status and balance in step', async () => {
    const invoice = await invoiceOf('100.00');
    const before = Number(await balanceOf());
    const first = await pay(admin, invoice.id, { amount: '٣٠٫٥٠', method: 'card', reference: 'POS-1' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount: '30.50', method: 'card', reference: 'POS-1' });
    expect((await admin.get(path(`invoices/${invoice.id}/`))).json()).toMatchObject({
      status: 'partially_paid',
      amount_paid: '30.50',
      balance_due: '69.50',
    });
    const over = await pay(admin, invoice.id, { amount: '69.51' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      amount: ['The amount (69.51) is more than the balance due (69.50).'],
      code: 'overpay',
      params: { amount: '69.51', balance: '69.50' },
    });
    expect((await pay(admin, invoice.id, { amount: '0' })).statusCode).toBe(400);
    expect((await pay(admin, invoice.id, { amount: '1.005' })).json()).toHaveProperty('amount');
    expect((await pay(admin, invoice.id, { method: 'cheque' })).json()).toHaveProperty('method');
    expect(Number(await balanceOf())).toBeCloseTo(before - 30.5, 2);

    // Reversals: a reason is required, never more than was paid (overall and of the payment named).
    expect((await pay(admin, invoice.id, { amount: '-10' })).json()).toMatchObject({
      reason: ['A reason is required to reverse a payment.'],
      code: 'reversal_reason_required',
    });
    expect((await pay(admin, invoice.id, { amount: '-30.51', reason: 'typo' })).json()).toHaveProperty('amount');
    expect((await pay(admin, invoice.id, { amount: '10', reverses: first.json().id })).json()).toHaveProperty('reverses');
    const reversal = await pay(admin, invoice.id, { amount: '-10.50', reason: 'Card charged twice', reverses: first.json().id });
    expect(reversal.statusCode).toBe(201);
    expect(reversal.json()).toMatchObject({ amount: '-10.50', reason: 'Card charged twice', reverses: first.json().id });
    expect((await pay(admin, invoice.id, { amount: '-20.01', reason: 'x', reverses: first.json().id })).json()).toHaveProperty('amount');
    expect((await pay(admin, invoice.id, { amount: '-1', reason: 'x', reverses: reversal.json().id })).json()).toHaveProperty('reverses');
    const other = await invoiceOf('5.00');
    expect((await pay(admin, other.id, { amount: '-1', reason: 'x', reverses: first.json().id })).statusCode).toBe(400);
    expect((await admin.get(path(`invoices/${invoice.id}/`))).json()).toMatchObject({
      status: 'partially_paid',
      amount_paid: '20.00',
      balance_due: '80.00',
    });
    // Reversing everything puts the invoice back to unpaid; then the balance can be paid.
    await pay(admin, invoice.id, { amount: '-20', reason: 'Refund' });
    expect((await admin.get(path(`invoices/${invoice.id}/`))).json()).toMatchObject({ status: 'unpaid', amount_paid: '0.00' });
    expect((await pay(admin, invoice.id)).json()).toMatchObject({ amount: '100.00' });
    const detail = (await admin.get(path(`invoices/${invoice.id}/`))).json();
    expect(detail.payments.map((payment: { amount: string }) => payment.amount)).toEqual(['30.50', '-10.50', '-20.00', '100.00']);
    await expect(context.db.update(payments).set({ amount: 1n }).where(eq(payments.invoiceId, invoice.id))).rejects.toThrow();
  });

  it('refuses to pay a cancelled invoice', async () => {
    const invoice = await invoiceOf('9.00');
    await admin.post(path(`invoices/${invoice.id}/cancel/`), { reason: 'duplicate' });
    const response = await pay(admin, invoice.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'invoice_cancelled', detail: 'This invoice is cancelled.' });
  });

  it("uses the currency's decimals (JOD has 3)", async () => {
    const b = await fixture.as('b.admin');
    await context.db.update(settings).set({ currency: 'JOD' }).where(eq(settings.tenantId, fixture.tenantB.id));
    const customer = (await b.post(servicePath(fixture.tenantB, 'customers/'), { full_name: 'Amman' })).json();
    const invoice = (
      await b.post(servicePath(fixture.tenantB, 'invoices/'), {
        customer: customer.id,
        period_start: '2026-10-01',
        period_end: '2026-10-31',
        lines: [{ description: 'x', quantity: '3', unit_price: '0.3335' }],
      })
    ).json();
    expect(invoice).toMatchObject({ total: '1.001', currency: 'JOD' });
    const paid = await b.put(servicePath(fixture.tenantB, `invoices/${invoice.id}/create_payment/`), { amount: '0.501' });
    expect(paid.json()).toMatchObject({ amount: '0.501' });
    expect((await b.get(servicePath(fixture.tenantB, `customers/${customer.id}/`))).json().balance).toBe('0.500');
  });
});

describe('Idempotency-Key', () => {
  it('answers the first answer again, 422 for another body, 409 while in flight', async () => {
    const invoice = await invoiceOf('40.00');
    const key = { 'idempotency-key': 'pay-40-once' };
    const first = await pay(admin, invoice.id, { amount: '15' }, key);
    const replay = await pay(admin, invoice.id, { amount: '15' }, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await context.db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
    const reused = await pay(admin, invoice.id, { amount: '16' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    // Another user with the same key is another request too.
    expect((await pay(accountant, invoice.id, { amount: '15' }, key)).statusCode).toBe(422);

    // A refusal is the first answer as well: replayed, not re-run.
    const overKey = { 'idempotency-key': 'pay-too-much' };
    expect((await pay(admin, invoice.id, { amount: '999' }, overKey)).statusCode).toBe(400);
    expect((await pay(admin, invoice.id, { amount: '999' }, overKey)).statusCode).toBe(400);

    // A request still running: its key row has no answer yet (as between claim and commit).
    const probe = await pay(admin, invoice.id, { amount: '999' }, { 'idempotency-key': 'in-flight' });
    expect(probe.statusCode).toBe(400);
    await context.db.update(idempotencyKeys).set({ statusCode: null, response: null }).where(eq(idempotencyKeys.key, 'in-flight'));
    const stillRunning = await pay(admin, invoice.id, { amount: '999' }, { 'idempotency-key': 'in-flight' });
    expect(stillRunning.statusCode).toBe(409);
    expect(stillRunning.json()).toMatchObject({ code: 'idempotency_key_in_flight' });
    // Long after, a key left in flight by a crashed request may be taken over.
    context.clock.advance(600);
    expect((await pay(admin, invoice.id, { amount: '999' }, { 'idempotency-key': 'in-flight' })).json()).toMatchObject({
      amount: ['The amount (999.00) is more than the balance due (25.00).'],
      code: 'overpay',
    });
  });

  it('with one key, 20 concurrent identical calls make one payment', async () => {
    const invoice = await invoiceOf('12.00');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => pay(admin, invoice.id, { amount: '2' }, { 'idempotency-key': 'burst' })),
    );
    const created = responses.filter((response) => response.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => response.json().id)).size).toBe(1);
    expect(responses.every((response) => [201, 409].includes(response.statusCode))).toBe(true);
    expect(await context.db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
  });
});

describe('payments list', () => {
  it('filters by method, receiver, invoice, customer and dates; exports CSV', async () => {
    const all = (await admin.get(path('payments/?page_size=100'))).json();
    expect(all.count).toBeGreaterThan(5);
    const cards = (await admin.get(path('payments/?method=card'))).json();
    expect(cards.results.every((row: { method: string }) => row.method === 'card')).toBe(true);
    const byAccountant = (await admin.get(path(`payments/?received_by=${fixture.tenantA.users.accountant}`))).json();
    expect(byAccountant.count).toBe(2);
    expect((await admin.get(path(`payments/?customer=${customerId}`))).json().count).toBe(all.count);
    const today = context.clock.now().toISOString().slice(0, 10);
    expect((await admin.get(path(`payments/?date_from=${today}&date_to=${today}`))).json().count).toBeGreaterThan(0);
    expect((await admin.get(path('payments/?date_to=2000-01-01'))).json().count).toBe(0);
    expect((await admin.get(path(`payments/?received_by=${fixture.tenantB.users.admin}`))).statusCode).toBe(400);
    expect((await admin.get(path('payments/?format=csv'))).body.split('\n')[0]).toContain('invoice_number');
  });
});

describe('the receipt’s public link', () => {
  it('answers the customer’s public bill page as public_url on the payment and in the payments list', async () => {
    const customer = (await admin.post(path('customers/'), { full_name: 'Linked Customer' })).json();
    expect(customer.public_url).toMatch(/\/b\/[\w-]{20,}$/);
    const invoice = await invoiceOf('12.00', customer.id);
    const paid = await pay(accountant, invoice.id, { amount: '5' });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().public_url).toBe(customer.public_url);
    const listed = (await admin.get(path(`payments/?invoice=${invoice.id}`))).json().results;
    expect(listed).toEqual([expect.objectContaining({ id: paid.json().id, public_url: customer.public_url })]);
  });
});

describe('permissions and tenancy', () => {
  it('admin, accountant and collectors (issue 19) take payments; list payment per the table', async () => {
    const invoice = await invoiceOf('1000.00');
    await expectPermissions(clients, [
      {
        name: 'PUT create_payment',
        allowed: ['admin', 'accountant', 'collector'],
        call: (client) => pay(client, invoice.id, { amount: '1' }),
      },
      { name: 'GET payments', allowed: ['admin', 'accountant'], call: (client) => client.get(path('payments/')) },
    ]);
    const b = await fixture.as('b.admin');
    expect((await pay(b, invoice.id, { amount: '1' })).statusCode).toBe(404);
    expect((await b.put(servicePath(fixture.tenantB, `invoices/${invoice.id}/create_payment/`), { amount: '1' })).statusCode).toBe(404);
  });

  it('keeps the money invariants', async () => {
    await expectMoneyInvariants(context.db);
    const row = first(
      ((await context.db.execute(sql`select count(*)::int as n from payments`)) as unknown as { rows: { n: number }[] }).rows,
    );
    expect(row.n).toBeGreaterThan(10);
  });
});
