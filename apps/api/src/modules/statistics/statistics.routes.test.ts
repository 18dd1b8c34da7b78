import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoneyAmount } from '@meterline/contract/money';
import { seedBillingDemo, type BillingDemoSummary } from '../../seed/billing-demo';
import { customers, invoices, payments, subscriptions } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectMoneyInvariants, expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';
import { twelveMonthsEnding } from './statistics.service';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let summary: BillingDemoSummary;

const NOW = new Date('2026-11-21T10:00:00Z');
const TODAY = '2026-11-21';
const money = (value: bigint) => formatMoneyAmount(value, 2);

/** The raw rows of tenant A, to recompute every figure another way. */
async function rawRows(serviceId?: number) {
  const tenantId = fixture.tenantA.id;
  const byService = <T extends { serviceId: number }>(rows: T[]) => (serviceId ? rows.filter((row) => row.serviceId === serviceId) : rows);
  return {
    invoices: byService(await context.db.select().from(invoices).where(eq(invoices.tenantId, tenantId))),
    payments: byService(await context.db.select().from(payments).where(eq(payments.tenantId, tenantId))),
    customers: byService(await context.db.select().from(customers).where(eq(customers.tenantId, tenantId))),
    subscriptions: byService(await context.db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenantId))),
  };
}

const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);
const paidOn = (row: { paidAt: Date }) => row.paidAt.toISOString().slice(0, 10); // the fixture tenant is on UTC
const isOverdue = (row: { status: string; dueOn: string }) =>
  (row.status === 'unpaid' || row.status === 'partially_paid') && row.dueOn < TODAY;

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(NOW);
  fixture = await createFixture(context);
  const users = fixture.tenantA.users;
  summary = await context.db.transaction((tx) =>
    seedBillingDemo(tx, {
      tenantId: fixture.tenantA.id,
      customersPerService: { Electricity: 24, Water: 6 },
      staff: { adminId: users.admin, officeIds: [users.admin, users.accountant], collectorId: users.collector },
      now: NOW,
      taxRate: '11',
    }),
  );
  // Another tenant's money must never show in tenant A's figures.
  await seedBillingDemo(context.db, {
    tenantId: fixture.tenantB.id,
    customersPerService: { Electricity: 5 },
    staff: { adminId: fixture.tenantB.users.admin, officeIds: [fixture.tenantB.users.admin], collectorId: fixture.tenantB.users.collector },
    now: NOW,
  });
  clients = await signInRoles(fixture);
  admin = clients.admin;
});
afterAll(async () => context?.close());

describe('demo data', () => {
  it('has a year of readings, invoices and payments that keep the money invariants', async () => {
    expect(summary.customers).toBe(30);
    expect(summary.invoices).toBe(30 * 11);
    expect(summary.readings).toBeGreaterThan(30 * 11);
    expect(summary.payments).toBeGreaterThan(200);
    await expectMoneyInvariants(context.db, { audits: false });
    const raw = await rawRows();
    expect(raw.invoices.some(isOverdue)).toBe(true);
    expect(raw.invoices.some((row) => row.status === 'unpaid' && !isOverdue(row))).toBe(true);
    expect(raw.invoices.some((row) => row.status === 'partially_paid')).toBe(true);
    // Unbilled consumption this month shows on the counters screen, never negative.
    const counters = (await admin.get(servicePath(fixture.tenantA, 'subscriptions/counters/?page_size=100'))).json();
    expect(counters.count).toBe(24);
    expect(counters.results.every((row: { consumption: string }) => !row.consumption.startsWith('-'))).toBe(true);
    expect(counters.results.some((row: { consumption: string }) => Number(row.consumption) > 0)).toBe(true);
    // The API can keep billing on top of the demo data: numbers continue the sequence.
    const next = await admin.post(servicePath(fixture.tenantA, 'invoices/'), {
      subscription: counters.results[0].id,
      period_start: '2026-11-01',
      period_end: '2026-11-30',
    });
    expect(next.statusCode).toBe(201);
    expect(next.json().number).toBe(`INV-2026-${String(summary.invoices + 1).padStart(6, '0')}`);
  });
});

describe('statistics', () => {
  it('stats1 matches the raw rows (this month, all services and one service)', async () => {
    for (const serviceId of [undefined, fixture.tenantA.waterId]) {
      const raw = await rawRows(serviceId);
      const live = raw.invoices.filter((row) => row.status !== 'cancelled');
      const thisMonth = (day: string) => day.startsWith('2026-11');
      const expected = {
        currency: 'USD',
        customers: raw.customers.length,
        active_subscriptions: raw.subscriptions.filter((row) => row.endedOn === null).length,
        invoiced_this_month: money(sum(live.filter((row) => thisMonth(row.issuedOn)).map((row) => row.total))),
        collected_this_month: money(sum(raw.payments.filter((row) => thisMonth(paidOn(row))).map((row) => row.amount))),
        outstanding_balance: money(sum(live.map((row) => row.total - row.amountPaid))),
        overdue_invoices: raw.invoices.filter(isOverdue).length,
        // No second currency in this tenant: the second-currency figures are all null (lbp-billing.routes.test.ts has them).
        second_currency: null,
        exchange_rate: null,
        exchange_rate_base: null,
        exchange_rate_month: null,
        invoiced_this_month_second: null,
        collected_this_month_second: null,
        outstanding_balance_second: null,
      };
      const response = await admin.get(`/api/statistics/stats1/${serviceId ? `?service=${serviceId}` : ''}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
      expect(expected.collected_this_month).not.toBe('0.00');
    }
  });

  it('stats1 reads the numbers of customers and open meters from the kept counters, not by counting them', async () => {
    const tenantId = fixture.tenantA.id;
    const raw = await rawRows();
    const counted = {
      customers: raw.customers.length,
      active_subscriptions: raw.subscriptions.filter((row) => row.endedOn === null).length,
    };
    const figures = async () => {
      const { customers: found, active_subscriptions } = (await admin.get('/api/statistics/stats1/')).json();
      return { customers: found as number, active_subscriptions: active_subscriptions as number };
    };
    expect(await figures()).toEqual(counted);
    // Counters moved by hand show in the figures: they are read, not recounted.
    const movedCustomers = sql`tenant_id = ${tenantId} and (service_id, status, slot) = (select service_id, status, slot from customer_counts where tenant_id = ${tenantId} limit 1)`;
    const movedMeters = sql`tenant_id = ${tenantId} and (service_id, slot) = (select service_id, slot from subscription_counts where tenant_id = ${tenantId} limit 1)`;
    await context.db.execute(sql`update customer_counts set customers = customers + 1000 where ${movedCustomers}`);
    await context.db.execute(sql`update subscription_counts set subscriptions = subscriptions + 100 where ${movedMeters}`);
    try {
      expect(await figures()).toEqual({ customers: counted.customers + 1000, active_subscriptions: counted.active_subscriptions + 100 });
    } finally {
      await context.db.execute(sql`update customer_counts set customers = customers - 1000 where ${movedCustomers}`);
      await context.db.execute(sql`update subscription_counts set subscriptions = subscriptions - 100 where ${movedMeters}`);
    }
    expect(await figures()).toEqual(counted);
  });

  it('stats2 gives invoiced and collected for each of 12 months', async () => {
    const raw = await rawRows();
    const months = twelveMonthsEnding('2026-11');
    const expected = months.map((month) => ({
      month,
      invoiced: money(
        sum(raw.invoices.filter((row) => row.status !== 'cancelled' && row.issuedOn.startsWith(month)).map((row) => row.total)),
      ),
      collected: money(sum(raw.payments.filter((row) => paidOn(row).startsWith(month)).map((row) => row.amount))),
    }));
    const response = (await admin.get('/api/statistics/stats2/')).json();
    expect(response).toEqual(expected);
    expect(response[0].month).toBe('2025-12');
    expect(response.filter((row: { invoiced: string }) => row.invoiced !== '0.00').length).toBeGreaterThanOrEqual(10);
    const earlier = (await admin.get('/api/statistics/stats2/?date_to=2026-06-30')).json();
    expect(earlier.at(-1).month).toBe('2026-06');
  });

  it('stats3 and the invoice status summary group invoices by status', async () => {
    const raw = await rawRows();
    const statusOf = (row: (typeof raw.invoices)[number]) => (isOverdue(row) ? 'overdue' : row.status);
    const expected = ['paid', 'partially_paid', 'unpaid', 'overdue', 'cancelled'].map((status) => {
      const rows = raw.invoices.filter((row) => statusOf(row) === status);
      return { status, count: rows.length, total: money(sum(rows.map((row) => row.total))) };
    });
    expect((await admin.get('/api/statistics/stats3/')).json()).toEqual(expected);
    const plain = ['unpaid', 'partially_paid', 'paid', 'cancelled'].map((status) => {
      const rows = raw.invoices.filter((row) => row.status === status && row.issuedOn >= '2026-06-01');
      return { status, count: rows.length, total: money(sum(rows.map((row) => row.total))) };
    });
    expect((await admin.get('/api/transaction/invoices/status/?date_from=2026-06-01')).json()).toEqual(plain);
  });

  it("stats4 sums this month's collections per receiving staff member", async () => {
    const raw = await rawRows();
    const thisMonth = raw.payments.filter((row) => paidOn(row).startsWith('2026-11') && row.receivedBy !== null);
    const users = fixture.tenantA.users;
    const expected = [
      { user_id: users.admin, full_name: 'admin A' },
      { user_id: users.accountant, full_name: 'accountant A' },
    ]
      .map((user) => {
        const rows = thisMonth.filter((row) => row.receivedBy === user.user_id);
        return { ...user, count: rows.length, total: sum(rows.map((row) => row.amount)) };
      })
      .filter((row) => row.count > 0)
      .sort((a, b) => (a.total === b.total ? a.user_id - b.user_id : a.total > b.total ? -1 : 1))
      .map((row) => ({ ...row, total: money(row.total) }));
    expect((await admin.get('/api/statistics/stats4/')).json()).toEqual(expected);
  });

  it('is never stale: a payment shows at once', async () => {
    const before = (await admin.get('/api/statistics/stats1/')).json();
    const open = (await admin.get(servicePath(fixture.tenantA, 'invoices/?status=unpaid&page_size=1'))).json().results[0];
    const paid = await admin.put(servicePath(fixture.tenantA, `invoices/${open.id}/create_payment/`), {});
    expect(paid.statusCode).toBe(201);
    const after = (await admin.get('/api/statistics/stats1/')).json();
    const cents = (value: string) => BigInt(value.replace('.', ''));
    expect(cents(after.collected_this_month) - cents(before.collected_this_month)).toBe(cents(open.balance_due));
    expect(cents(before.outstanding_balance) - cents(after.outstanding_balance)).toBe(cents(open.balance_due));
  });

  it('checks the service filter and the permissions', async () => {
    expect((await admin.get(`/api/statistics/stats1/?service=${fixture.tenantB.electricityId}`)).json()).toHaveProperty('service');
    expect((await admin.get(`/api/transaction/invoices/status/?service=${fixture.tenantB.electricityId}`)).statusCode).toBe(400);
    expect((await admin.get('/api/statistics/stats1/?date_from=2026-13-01')).statusCode).toBe(400);
    await expectPermissions(clients, [
      ...[1, 2, 3, 4].map((n) => ({
        name: `GET stats${n}`,
        allowed: ['admin', 'accountant'] as RoleUnderTest[],
        call: (client: Client) => client.get(`/api/statistics/stats${n}/`),
      })),
      { name: 'GET invoice status', allowed: ['admin', 'accountant'], call: (client) => client.get('/api/transaction/invoices/status/') },
    ]);
  });
});
