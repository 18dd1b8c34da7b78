import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '@meterline/contract/invariant';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, isPostgres, type Client, type TestContext } from '../../../test/harness';
import { backdateSubscriptions, servicePath } from '../../../test/billing';

/**
 * How many statements one invoice detail costs, counted where they leave for the database (the
 * PGlite or node-postgres client), never timed.
 */
let context: TestContext;
let fixture: Fixture;
let admin: Client;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

function recordStatements() {
  const statements: string[] = [];
  const restores: (() => void)[] = [];
  const wrap = (prototype: object, name: string) => {
    const target = prototype as Record<string, (...args: unknown[]) => unknown>;
    const original = defined(target[name], `a method ${name} to wrap`);
    target[name] = function (this: unknown, ...args: unknown[]) {
      const query = args[0];
      statements.push(typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? query));
      return original.apply(this, args);
    };
    restores.push(() => {
      target[name] = original;
    });
  };
  if (isPostgres) wrap(pg.Client.prototype, 'query');
  else {
    wrap(PGlite.prototype, 'query');
    wrap(PGlite.prototype, 'exec');
  }
  return { statements, stop: () => restores.forEach((restore) => restore()) };
}

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-03T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
});
afterAll(async () => context?.close());

describe('invoice detail', () => {
  it('costs at most 3 statements with its lines, readings, payments and names (the sign-in check and the service included)', async () => {
    const bundle = (await admin.post(path('bundles/'), { name: '5 A', price: '10', unit_price: '0.25' })).json();
    const customer = (
      await admin.post(path('customers/'), { initial_reading: '0', full_name: 'Counted Customer', bundle: bundle.id })
    ).json();
    await backdateSubscriptions(context.db, customer.id);
    for (const counter of ['100', '180']) {
      expect((await admin.put(path(`subscriptions/${customer.subscription.id}/update-counter/`), { counter })).statusCode).toBe(200);
    }
    const created = await admin.post(path('invoices/'), {
      subscription: customer.subscription.id,
      period_start: '2026-10-01',
      period_end: '2026-10-31',
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json();
    expect(
      (await admin.put(path(`invoices/${invoice.id}/create_payment/`), { amount: '5.00' }, { 'idempotency-key': 'counted-1' })).statusCode,
    ).toBe(201);
    expect(
      (await admin.put(path(`invoices/${invoice.id}/create_payment/`), { amount: '1.00' }, { 'idempotency-key': 'counted-2' })).statusCode,
    ).toBe(201);

    await admin.get(path(`invoices/${invoice.id}/`)); // warm: the first request may prepare what later ones reuse
    const recorder = recordStatements();
    let response;
    try {
      response = await admin.get(path(`invoices/${invoice.id}/`));
    } finally {
      recorder.stop();
    }
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.lines.length).toBeGreaterThan(0);
    expect(detail.readings.map((reading: { taken_by_name: string | null }) => reading.taken_by_name)).toEqual([
      expect.any(String),
      expect.any(String),
    ]);
    expect(detail.payments).toHaveLength(2);
    expect(detail.payments[0].received_by_name).toBeTruthy();
    expect(recorder.statements.length, recorder.statements.map((s) => s.slice(0, 90)).join('\n---\n')).toBeLessThanOrEqual(3);
  });
});

describe('mark-paid', () => {
  // PGlite runs a transaction's statements past the client's prototype: counted on PostgreSQL only.
  it.runIf(isPostgres)('costs at most 12 statements, and nothing runs between the receipt number and the commit', async () => {
    const bundle = (await admin.post(path('bundles/'), { name: '6 A', price: '12' })).json();
    const customer = (
      await admin.post(path('customers/'), { initial_reading: '0', full_name: 'Paying Customer', bundle: bundle.id })
    ).json();
    await backdateSubscriptions(context.db, customer.id);
    const invoice = (
      await admin.post(path('invoices/'), { subscription: customer.subscription.id, period_start: '2026-10-01', period_end: '2026-10-31' })
    ).json();
    const recorder = recordStatements();
    let response;
    try {
      response = await admin.put(path(`invoices/${invoice.id}/create_payment/`), {}, { 'idempotency-key': 'counted-mark-paid' });
    } finally {
      recorder.stop();
    }
    expect(response.statusCode, response.body).toBe(201);
    // The answer names the customer (read with the balance it moved, not by a read of its own).
    expect(response.json().customer_name).toBe('Paying Customer');
    const listed = recorder.statements.map((statement) => statement.replace(/\s+/g, ' ').trim().slice(0, 90));
    expect(listed.length, listed.join('\n')).toBeLessThanOrEqual(12);
    // The tenant's receipt counter is locked from its statement to the commit: every payment of the
    // tenant queues on it, so it is the last statement before the commit (the payment's one write,
    // meterline_record_payment, takes the number last).
    const receipt = listed.findIndex(
      (statement) => statement.includes('receipt_counters') || statement.includes('meterline_record_payment'),
    );
    expect(receipt, listed.join('\n')).toBeGreaterThan(0);
    expect(listed[receipt + 1], listed.join('\n')).toMatch(/^commit/i);
  });
});
