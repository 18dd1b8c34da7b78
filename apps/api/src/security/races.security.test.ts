import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first, nth } from '@meterline/contract/invariant';
import { customers, payments, users } from '../db/schema/index';
import { backdateSubscriptions, expectMoneyInvariants, servicePath } from '../../test/billing';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, isPostgres, type Client, type TestContext } from '../../test/harness';
import { waitForJob } from '../../test/jobs';

/**
 * One figure line each (docs/security.md): concurrent money writes on one engine (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). The module tests hold the detailed cases; these are the
 * figures `npm run test:security` prints.
 */
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let accountant: Client;
let collectors: Client[];
let bundleId: number;
const engine = isPostgres ? 'postgres' : 'pglite';
/** 100 concurrent writes take seconds on an idle machine, over 40 s on a 2-core one at load 28. */
const RACE_TIMEOUT = 180_000;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

async function newCustomer(fullName: string, metered = false) {
  const response = await admin.post(path('customers/'), {
    initial_reading: '0',
    full_name: fullName,
    ...(metered ? { bundle: bundleId } : {}),
  });
  expect(response.statusCode).toBe(201);
  const customer = response.json() as { id: number; subscription: { id: number } | null };
  if (metered) await backdateSubscriptions(context.db, customer.id);
  return customer;
}

async function invoiceOf(customer: number, total: string) {
  const response = await admin.post(path('invoices/'), {
    customer,
    period_start: '2026-10-01',
    period_end: '2026-10-31',
    lines: [{ description: 'Supply', quantity: '1', unit_price: total }],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

const paymentsOf = async (invoiceId: number) => context.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-03T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  accountant = await fixture.as('a.accountant');
  // A second collector of tenant A (same password hash as the fixture's users).
  const template = first(
    await context.db.select().from(users).where(eq(users.id, fixture.tenantA.users.collector)),
    'the fixture collector',
  );
  await context.db.insert(users).values({
    tenantId: fixture.tenantA.id,
    username: 'a.collector2',
    email: 'a.collector2@example.com',
    passwordHash: template.passwordHash,
    role: 'collector',
    firstName: 'collector',
    lastName: 'A2',
  });
  collectors = [await fixture.as('a.collector'), await fixture.as('a.collector2')];
  bundleId = (await admin.post(path('bundles/'), { name: '5 A', price: '10', unit_price: '0.25' })).json().id;
});
afterAll(async () => context?.close());

describe('races', () => {
  it(
    '50 concurrent mark-paid calls on one invoice, different keys: exactly one payment',
    async () => {
      const invoice = await invoiceOf((await newCustomer('Race Pay')).id, '25.00');
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          accountant.put(path(`invoices/${invoice.id}/create_payment/`), undefined, { 'idempotency-key': `race-pay-${index}` }),
        ),
      );
      const successes = answers.filter((answer) => answer.statusCode === 201).length;
      const rows = await paymentsOf(invoice.id);
      console.log(
        `concurrent-pay[${engine}]: successes=${successes}/50 payments=${rows.length} 5xx=${answers.filter((answer) => answer.statusCode >= 500).length}`,
      );
      expect(successes).toBe(1);
      expect(rows).toHaveLength(1);
    },
    RACE_TIMEOUT,
  );

  it(
    '50 concurrent mark-paid calls with one idempotency key: one payment, every answer the same',
    async () => {
      const invoice = await invoiceOf((await newCustomer('Race Pay Key')).id, '30.00');
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          accountant.put(path(`invoices/${invoice.id}/create_payment/`), undefined, { 'idempotency-key': 'race-same-key' }),
        ),
      );
      const rows = await paymentsOf(invoice.id);
      const paymentIds = new Set(answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().id as number));
      const statuses = [...new Set(answers.map((answer) => answer.statusCode))].sort().join(',');
      console.log(
        `concurrent-pay-same-key[${engine}]: answers=50 statuses=${statuses} distinct-payments-answered=${paymentIds.size} payments=${rows.length}`,
      );
      expect(rows).toHaveLength(1);
      expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
      expect([...paymentIds]).toEqual(paymentIds.size ? [first(rows).id] : []);
    },
    RACE_TIMEOUT,
  );

  it(
    '20 concurrent account payments and 5 mark-paid calls on one customer: no deadlock, every amount counted once',
    async () => {
      const customer = await newCustomer('Race Account');
      const invoices = [
        await invoiceOf(customer.id, '10.00'),
        await invoiceOf(customer.id, '20.00'),
        await invoiceOf(customer.id, '30.00'),
      ];
      const answers = await Promise.all([
        ...Array.from({ length: 20 }, (_, index) =>
          accountant.post(path(`customers/${customer.id}/payments/`), { amount: '5.00' }, { 'idempotency-key': `race-account-${index}` }),
        ),
        ...Array.from({ length: 5 }, (_, index) =>
          accountant.put(path(`invoices/${nth(invoices, 1).id}/create_payment/`), undefined, {
            'idempotency-key': `race-account-pay-${index}`,
          }),
        ),
      ]);
      const accountPaid = answers.slice(0, 20).filter((answer) => answer.statusCode === 201).length;
      const markPaid = answers.slice(20).filter((answer) => answer.statusCode === 201).length;
      const statuses = [...new Set(answers.map((answer) => answer.statusCode))].sort().join(',');
      const account = first(
        await context.db
          .select({ balance: customers.balance, credit: customers.credit })
          .from(customers)
          .where(eq(customers.id, customer.id)),
        'the customer',
      );
      console.log(
        `concurrent-account-pay[${engine}]: account=${accountPaid}/20 mark-paid=${markPaid}/5 statuses=${statuses} balance=${account.balance} credit=${account.credit}`,
      );
      expect(accountPaid).toBe(20);
      expect(markPaid).toBeLessThanOrEqual(1);
      expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
      // 60.00 invoiced (minor units), 100.00 paid on the account, and at most one invoice's balance by mark-paid.
      const paidByMarkPaid = answers
        .slice(20)
        .filter((answer) => answer.statusCode === 201)
        .reduce((sum, answer) => sum + BigInt((answer.json().amount as string).replace('.', '')), 0n);
      expect(account.balance).toBe(6000n - 10000n - paidByMarkPaid);
      await expectMoneyInvariants(context.db);
    },
    RACE_TIMEOUT,
  );

  it(
    '100 concurrent invoice creations: numbers without gaps or duplicates',
    async () => {
      const customer = await newCustomer('Race Numbers');
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          admin.post(path('invoices/'), {
            customer: customer.id,
            period_start: '2026-10-01',
            period_end: '2026-10-31',
            lines: [{ description: `Item ${index}`, quantity: '1', unit_price: '1' }],
          }),
        ),
      );
      const created = answers.filter((answer) => answer.statusCode === 201);
      const numbers = created.map((answer) => Number((answer.json().number as string).slice(-6))).sort((a, b) => a - b);
      const duplicates = numbers.length - new Set(numbers).size;
      const gaps = numbers.length ? nth(numbers, numbers.length - 1) - first(numbers) + 1 - new Set(numbers).size : 0;
      console.log(`concurrent-invoice-numbers[${engine}]: created=${created.length}/100 duplicates=${duplicates} gaps=${gaps}`);
      expect(created).toHaveLength(100);
      expect([duplicates, gaps]).toEqual([0, 0]);
    },
    RACE_TIMEOUT,
  );

  it(
    'two collectors reading one meter at once: both readings recorded, counters in order',
    async () => {
      const customer = await newCustomer('Race Meter', true);
      const subscription = customer.subscription!.id;
      expect((await admin.put(path(`subscriptions/${subscription}/update-counter/`), { counter: '100' })).statusCode).toBe(200);
      const answers = await Promise.all(
        collectors.map((collector, index) =>
          collector.put(path(`subscriptions/${subscription}/update-counter/`), { counter: String(110 + index * 10) }),
        ),
      );
      const rows = (
        (await context.db.execute(
          sql`select value::text as counter from meter_readings where subscription_id = ${subscription} order by taken_at, id`,
        )) as unknown as { rows: { counter: string }[] }
      ).rows.map((row) => Number(row.counter));
      const inOrder = rows.every((counter, index) => index === 0 || counter >= nth(rows, index - 1));
      console.log(
        `concurrent-readings[${engine}]: collectors=2 statuses=${answers.map((answer) => answer.statusCode).join(',')} recorded=${rows.length - 1}/2 counters=${rows.join('>')} in-order=${inOrder}`,
      );
      // Both readings land (the lower one first); were the higher one to win the race, the lower
      // one could only be refused on its field, never lost after a 200 nor stored out of order.
      const accepted = answers.filter((answer) => answer.statusCode === 200).length;
      expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 400)).toBe(true);
      expect(rows).toHaveLength(1 + accepted);
      expect(inOrder).toBe(true);
    },
    RACE_TIMEOUT,
  );

  it(
    'five concurrent billing runs for one month: each subscription invoiced once',
    async () => {
      const metered: { id: number; subscription: { id: number } | null }[] = [];
      for (const name of ['Run A', 'Run B', 'Run C', 'Run D']) metered.push(await newCustomer(name, true));
      const period = { period_start: '2026-08-01', period_end: '2026-08-31' };
      const answers = await Promise.all(Array.from({ length: 5 }, () => admin.post(path('invoices/generate/'), period)));
      // Runs are jobs (docs/billing.md): one queued or running per tenant; the others are refused while it is.
      const refused = answers.filter((answer) => answer.statusCode === 409);
      expect(refused.every((answer) => answer.json().code === 'job_already_running')).toBe(true);
      const jobs = await Promise.all(
        answers.filter((answer) => answer.statusCode === 202).map((answer) => waitForJob(admin, answer.json().job.id as number)),
      );
      expect(jobs.length).toBeGreaterThan(0);
      expect(jobs.every((job) => job.state === 'done')).toBe(true);
      const created = jobs.reduce((sum, job) => sum + (job.result as { created: number }).created, 0);
      const perSubscription = (
        (await context.db.execute(
          sql`select subscription_id, count(*)::int as n from invoices where tenant_id = ${fixture.tenantA.id} and period_start = '2026-08-01' and status <> 'cancelled' group by subscription_id`,
        )) as unknown as { rows: { subscription_id: number; n: number }[] }
      ).rows;
      const twice = perSubscription.filter((row) => row.n > 1).length;
      console.log(
        `concurrent-billing-runs[${engine}]: runs=5 statuses=${answers.map((answer) => answer.statusCode).join(',')} new-subscriptions=${metered.length} subscriptions-billed=${perSubscription.length} invoices-created=${created} invoiced-more-than-once=${twice}`,
      );
      expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
      expect(twice).toBe(0);
      expect(
        perSubscription.filter((row) => metered.some((customer) => customer.subscription!.id === Number(row.subscription_id))),
      ).toHaveLength(metered.length);
      expect(created).toBe(perSubscription.length);
      await expectMoneyInvariants(context.db);
    },
    RACE_TIMEOUT,
  );
});
