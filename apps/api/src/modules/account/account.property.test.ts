import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first, nth } from '@meterline/contract/invariant';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectMoneyInvariants, servicePath } from '../../../test/billing';

/**
 * Random work on customers' accounts through the API (invoices, payments of one invoice or of the
 * account, credit notes, refunds, reversals, cancels); after every step, for every customer:
 * balance = invoiced - paid - credit notes, credit = its movements and never negative, and the
 * ledger closes on the balance.
 */
const STEPS_PER_RUN = 30;
const RUNS = Number(process.env.ACCOUNT_PROPERTY_RUNS ?? 8);
const SEED = 20261115;
const HOUR = 3600;

let context: TestContext;
let fixture: Fixture;
let admin: Client;
let customerIds: number[] = [];
let keyCount = 0;
const succeeded = new Set<string>();

const path = (rest: string) => servicePath(fixture.tenantA, rest);
const cents = (value: bigint) =>
  `${value < 0n ? '-' : ''}${(value < 0n ? -value : value) / 100n}.${String((value < 0n ? -value : value) % 100n).padStart(2, '0')}`;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await context.db.execute(query)) as unknown as { rows: T[] }).rows;
}

type Step =
  | { kind: 'invoice'; customer: number; amount: number }
  | { kind: 'account_payment'; customer: number; amount: number; listed: boolean }
  | { kind: 'payment'; pick: number; part: number }
  | { kind: 'reversal'; pick: number }
  | { kind: 'credit_note'; pick: number; part: number; paidOnly: boolean }
  | { kind: 'refund'; customer: number; part: number }
  | { kind: 'cancel'; pick: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('invoice' as const), customer: fc.nat(2), amount: fc.integer({ min: 1, max: 10_000 }) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('account_payment' as const),
      customer: fc.nat(2),
      amount: fc.integer({ min: 1, max: 15_000 }),
      listed: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('payment' as const), pick: fc.nat(), part: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reversal' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('credit_note' as const),
      pick: fc.nat(),
      part: fc.integer({ min: 1, max: 120 }),
      paidOnly: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('refund' as const), customer: fc.nat(2), part: fc.integer({ min: 1, max: 120 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

async function runStep(step: Step): Promise<number> {
  context.clock.advance(HOUR);
  switch (step.kind) {
    case 'invoice': {
      const response = await admin.post(path('invoices/'), {
        customer: customerIds[step.customer],
        period_start: '2026-10-01',
        period_end: '2026-10-31',
        lines: [{ description: 'Fee', quantity: '1', unit_price: cents(BigInt(step.amount)) }],
      });
      return response.statusCode;
    }
    case 'account_payment': {
      const customer = customerIds[step.customer];
      const body: Record<string, unknown> = { amount: cents(BigInt(step.amount)), method: 'cash' };
      if (step.listed) {
        const open = await rows<{ id: number; balance: string }>(
          sql`select id, (total - amount_paid)::text as balance from invoices where customer_id = ${customer} and status in ('unpaid', 'partially_paid') order by id desc limit 1`,
        );
        if (open.length)
          body.allocations = [
            {
              invoice: first(open).id,
              amount: cents(BigInt(first(open).balance) < BigInt(step.amount) ? BigInt(first(open).balance) : BigInt(step.amount)),
            },
          ];
      }
      return (await admin.post(path(`customers/${customer}/payments/`), body, { 'idempotency-key': `account-${(keyCount += 1)}` }))
        .statusCode;
    }
    case 'payment': {
      const open = await rows<{ id: number; balance: string }>(
        sql`select id, (total - amount_paid)::text as balance from invoices where status in ('unpaid', 'partially_paid') order by id`,
      );
      if (!open.length) return 404;
      const invoice = nth(open, step.pick % open.length);
      const part = (BigInt(invoice.balance) * BigInt(step.part)) / 100n;
      return (await admin.put(path(`invoices/${invoice.id}/create_payment/`), part > 0n ? { amount: cents(part) } : {})).statusCode;
    }
    case 'reversal': {
      const paid = await rows<{ id: number; invoice_id: number; amount: string }>(
        sql`select p.id, p.invoice_id, (p.amount + coalesce((select sum(r.amount) from payments r where r.reverses_id = p.id), 0))::text as amount
            from payments p where p.amount > 0 and p.method = 'cash' order by p.id`,
      );
      const left = paid.filter((row) => BigInt(row.amount) > 0n);
      if (!left.length) return 404;
      const payment = nth(left, step.pick % left.length);
      return (
        await admin.put(path(`invoices/${payment.invoice_id}/create_payment/`), {
          amount: cents(-BigInt(payment.amount)),
          reverses: payment.id,
          reason: 'random',
        })
      ).statusCode;
    }
    case 'credit_note': {
      const live = await rows<{ id: number; left: string }>(
        sql`select i.id, (i.total - coalesce((select sum(n.total) from credit_notes n where n.invoice_id = i.id), 0))::text as left
            from invoices i where i.status <> 'cancelled' and (${!step.paidOnly} or i.status = 'paid') order by i.id`,
      );
      if (!live.length) return 404;
      const invoice = nth(live, step.pick % live.length);
      // Up to 120%: beyond what is left is a legitimate 400.
      const amount = (BigInt(invoice.left) * BigInt(step.part)) / 100n;
      if (amount <= 0n) return 404;
      return (await admin.post(path(`invoices/${invoice.id}/credit-notes/`), { amount: cents(amount), reason: 'random' })).statusCode;
    }
    case 'refund': {
      const customer = first(
        await rows<{ credit: string }>(sql`select credit::text from customers where id = ${customerIds[step.customer]}`),
      );
      const amount = (BigInt(customer.credit) * BigInt(step.part)) / 100n;
      if (amount <= 0n) return 404;
      return (await admin.post(path(`customers/${customerIds[step.customer]}/credit/refund/`), { amount: cents(amount), reason: 'random' }))
        .statusCode;
    }
    case 'cancel': {
      const unpaid = await rows<{ id: number }>(sql`select id from invoices where status = 'unpaid' order by id`);
      if (!unpaid.length) return 404;
      return (await admin.post(path(`invoices/${nth(unpaid, step.pick % unpaid.length).id}/cancel/`), { reason: 'random' })).statusCode;
    }
  }
}

async function expectAccountInvariants() {
  const customers = await rows<{
    id: number;
    balance: string;
    credit: string;
    invoiced: string;
    paid: string;
    credit_notes: string;
    movements: string;
  }>(
    sql`select c.id, c.balance::text, c.credit::text,
          coalesce((select sum(i.total) from invoices i where i.customer_id = c.id and i.status <> 'cancelled'), 0)::text as invoiced,
          (coalesce((select sum(p.amount) from payments p where p.customer_id = c.id and p.method not in ('credit', 'credit_note')), 0)
            + coalesce((select sum(a.credit) from account_payments a where a.customer_id = c.id), 0)
            + coalesce((select sum(m.amount) from credit_movements m where m.customer_id = c.id and m.kind = 'refund'), 0))::text as paid,
          coalesce((select sum(n.total) from credit_notes n where n.customer_id = c.id), 0)::text as credit_notes,
          coalesce((select sum(m.amount) from credit_movements m where m.customer_id = c.id), 0)::text as movements
        from customers c order by c.id`,
  );
  for (const customer of customers) {
    expect(BigInt(customer.balance), `customer ${customer.id}`).toBe(
      BigInt(customer.invoiced) - BigInt(customer.paid) - BigInt(customer.credit_notes),
    );
    expect(BigInt(customer.credit)).toBeGreaterThanOrEqual(0n);
    expect(customer.credit).toBe(customer.movements);
  }
}

async function expectLedgersClose() {
  for (const id of customerIds) {
    const [ledger, customer] = await Promise.all([admin.get(path(`customers/${id}/ledger/`)), admin.get(path(`customers/${id}/`))]);
    expect(ledger.json().closing_balance).toBe(customer.json().balance);
  }
}

async function startRun() {
  await context.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`truncate late_fees, credit_movements, credit_notes, account_payments, invoice_lines, payments, reading_voids, meter_readings, invoices, subscriptions, customers, audit_log, idempotency_keys, invoice_counts, invoice_rollups, payment_rollups restart identity cascade`,
    );
  });
  await context.db.execute(sql`update settings set last_invoice_number = 0, last_credit_note_number = 0`);
  context.clock.set(new Date('2026-11-01T08:00:00Z'));
  customerIds = [];
  for (let index = 0; index < 3; index += 1)
    customerIds.push((await admin.post(path('customers/'), { full_name: `Account ${index}` })).json().id);
}

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-01T08:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
});
afterAll(async () => context?.close());

describe('customer accounts under random work', () => {
  it(`balance = invoiced - paid - credit notes, credit never negative (${RUNS * STEPS_PER_RUN} steps)`, async () => {
    const property = fc.asyncProperty(fc.array(stepArbitrary, { minLength: STEPS_PER_RUN, maxLength: STEPS_PER_RUN }), async (steps) => {
      await startRun();
      for (const step of steps) {
        const status = await runStep(step);
        expect(status, `${JSON.stringify(step)} answered ${status}`).toBeLessThan(500);
        if (status < 300) succeeded.add(step.kind);
        await expectAccountInvariants();
      }
      await expectLedgersClose();
      await expectMoneyInvariants(context.db);
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
    // Not vacuous: every kind of step changed something at least once.
    expect([...succeeded].sort()).toEqual(['account_payment', 'cancel', 'credit_note', 'invoice', 'payment', 'refund', 'reversal']);
  }, 2_400_000);
});
