import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashHandoverCurrencies, cashHandovers, transactions } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

/*
 * Cash per currency (docs/collectors.md, "Cash per currency"): a tenant billing in USD that takes LBP
 * too, at 89,500 LBP to the dollar, with cash steps of 0.05 USD and 1,000 LBP.
 */

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let accountant: Client;
let collector: Client;
let collectorId: number;
let otherAdmin: Client;
let customerId: number;

const path = (rest: string) => servicePath(fixture.tenantA, rest);
const handover = (client: Client, body: Record<string, unknown>) => client.post(path('cash/handovers/'), body);

async function invoiceOf(total: string) {
  const response = await admin.post(path('invoices/'), {
    customer: customerId,
    period_start: '2026-10-01',
    period_end: '2026-10-31',
    lines: [{ description: 'Supply', quantity: '1', unit_price: total }],
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

async function collect(total: string, body: Record<string, unknown>) {
  const response = await collector.put(path(`invoices/${await invoiceOf(total)}/create_payment/`), { method: 'cash', ...body });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; amount: string; change_due: { currency: string; amount: string }[] | null };
}

async function heldRow() {
  const response = await accountant.get(path('cash/'));
  expect(response.statusCode).toBe(200);
  return (response.json() as Record<string, unknown>[]).find((row) => row.collector === collectorId);
}

async function heldIds(): Promise<number[]> {
  return ((await accountant.get(path(`cash/?collector=${collectorId}&state=held`))).json() as { id: number }[]).map((row) => row.id);
}

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  ({ admin, accountant, collector } = clients);
  collectorId = fixture.tenantA.users.collector;
  otherAdmin = await fixture.as('b.admin');
  context.clock.set(new Date('2026-10-05T09:00:00Z'));
  const settingsId = (await admin.get('/api/config/')).json().id as number;
  expect(
    (await admin.put(`/api/config/${settingsId}/`, { second_currency: 'LBP', cash_rounding: { LBP: '1000', USD: '0.05' } })).statusCode,
  ).toBe(200);
  expect((await accountant.post(path('exchange-rates/'), { month: '2026-10', rate: '89500' })).statusCode).toBe(201);
  const customer = await admin.post(path('customers/'), { full_name: 'Two Currency Door' });
  expect(customer.statusCode).toBe(201);
  customerId = customer.json().id;
});
afterAll(async () => context?.close());

describe('cash held per currency', () => {
  it('counts the notes handed over minus the change given back, in the currency the change is given in', async () => {
    // USD 20 + LBP 900,000 on 45.00: 30.06 paid, no change.
    await collect('45.00', {
      amounts: [
        { currency: 'USD', amount: '20' },
        { currency: 'LBP', amount: '900000' },
      ],
    });
    // LBP 1,500,000 alone on 10.00: change 605,020 -> 605,000 LBP, given in lira (no dollar was handed over).
    const liraOnly = await collect('10.00', { amounts: [{ currency: 'LBP', amount: '1500000' }] });
    expect(liraOnly.change_due).toEqual([
      { currency: 'USD', amount: '6.75' },
      { currency: 'LBP', amount: '605000' },
    ]);
    // USD 20 on 12.00: change 8.00 in dollars.
    await collect('12.00', { amounts: [{ currency: 'USD', amount: '20' }] });
    // No tender: 5.00 in the billing currency.
    await collect('5.00', { amount: '5' });
    // USD 1 + LBP 500,000 on 4.00: received 6.59, change 2.60 USD or 232,000 LBP; the dollar cannot cover it, the lira can.
    const mixed = await collect('4.00', {
      amounts: [
        { currency: 'USD', amount: '1' },
        { currency: 'LBP', amount: '500000' },
      ],
    });
    expect(mixed.change_due).toEqual([
      { currency: 'USD', amount: '2.60' },
      { currency: 'LBP', amount: '232000' },
    ]);
    const row = await heldRow();
    // USD 20 + 12 + 5 + 1; LBP 900,000 + 895,000 + 268,000.
    expect(row?.held_cash).toEqual([
      { currency: 'USD', amount: '38.00' },
      { currency: 'LBP', amount: '2063000' },
    ]);
    expect(row?.shortage_today_cash).toEqual([
      { currency: 'USD', amount: '0.00' },
      { currency: 'LBP', amount: '0' },
    ]);
    const payments = (await accountant.get(path(`cash/?collector=${collectorId}&state=held`))).json() as {
      id: number;
      cash: unknown;
    }[];
    expect(payments.find((payment) => payment.id === liraOnly.id)?.cash).toEqual([{ currency: 'LBP', amount: '895000' }]);
    expect(payments.find((payment) => payment.id === mixed.id)?.cash).toEqual([
      { currency: 'USD', amount: '1.00' },
      { currency: 'LBP', amount: '268000' },
    ]);
    // The day's figures per collector show both currencies.
    const day = ((await accountant.get(path('cash/performance/?period=day'))).json() as Record<string, unknown>[]).find(
      (item) => item.collector === collectorId && item.period === '2026-10-05',
    );
    expect(day).toMatchObject({
      collected_cash: [
        { currency: 'USD', amount: '38.00' },
        { currency: 'LBP', amount: '2063000' },
      ],
      held_cash: [
        { currency: 'USD', amount: '38.00' },
        { currency: 'LBP', amount: '2063000' },
      ],
    });
  });

  it('records a count per currency: a shortage in one and a surplus in the other, each in its own cash-book entry', async () => {
    const ids = await heldIds();
    const counted = [
      { currency: 'USD', amount: '37.00' },
      { currency: 'LBP', amount: '2064000' },
    ];
    const noReason = await handover(accountant, { collector: collectorId, payments: ids, counted });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'handover_reason_required' });
    const response = await handover(accountant, { collector: collectorId, payments: ids, counted, reason: 'One dollar paid in lira' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      expected_amount: '38.00',
      counted_amount: '37.00',
      difference: '-1.00',
      kind: 'shortage',
      expected: [
        { currency: 'USD', amount: '38.00' },
        { currency: 'LBP', amount: '2063000' },
      ],
      counted,
      differences: [
        { currency: 'USD', amount: '-1.00', kind: 'shortage' },
        { currency: 'LBP', amount: '1000', kind: 'surplus' },
      ],
    });
    const rows = await context.db.select().from(cashHandoverCurrencies).where(eq(cashHandoverCurrencies.handoverId, body.id));
    expect(rows.map((row) => [row.currency, row.expectedAmount, row.countedAmount, row.difference, row.kind])).toEqual([
      ['USD', 3800n, 3700n, -100n, 'shortage'],
      ['LBP', 2063000n, 2064000n, 1000n, 'surplus'],
    ]);
    // Append-only, like the count itself.
    await expect(
      context.db.update(cashHandoverCurrencies).set({ countedAmount: 0n }).where(eq(cashHandoverCurrencies.handoverId, body.id)),
    ).rejects.toThrow();
    await expect(context.db.execute(sql`truncate table cash_handover_currencies`)).rejects.toThrow();
    // One `handover` transaction per currency, exact in it.
    const entries = await Promise.all(
      body.differences.map(async (entry: { transaction: number }) => {
        const [row] = await context.db.select().from(transactions).where(eq(transactions.id, entry.transaction));
        return [row?.currency, row?.amount, row?.fromUserId];
      }),
    );
    expect(entries).toEqual([
      [null, 3700n, collectorId],
      ['LBP', 2064000n, collectorId],
    ]);
    expect(body.transaction).toBe(body.differences[0].transaction);
    const listed = (await accountant.get('/api/transaction/transactions/?kind=handover')).json().results as {
      id: number;
      amount: string;
      currency: string | null;
    }[];
    expect(listed.find((item) => item.id === body.differences[1].transaction)).toMatchObject({ amount: '2064000', currency: 'LBP' });
    expect(listed.find((item) => item.id === body.differences[0].transaction)).toMatchObject({ amount: '37.00', currency: null });
    // Nothing held any more; today's shortage in dollars only.
    const row = await heldRow();
    expect(row).toMatchObject({
      held: '0.00',
      held_cash: [
        { currency: 'USD', amount: '0.00' },
        { currency: 'LBP', amount: '0' },
      ],
      shortage_today: '1.00',
      shortage_today_cash: [
        { currency: 'USD', amount: '1.00' },
        { currency: 'LBP', amount: '0' },
      ],
    });
    const listedCounts = (await accountant.get(path('cash/handovers/?kind=shortage'))).json() as { id: number; differences: unknown }[];
    expect(listedCounts.find((item) => item.id === body.id)?.differences).toEqual(body.differences);
  });

  it('keeps the one-figure body for cash held in the billing currency only', async () => {
    const dollars = await collect('6.00', { amount: '6' });
    const lira = await collect('3.00', { amounts: [{ currency: 'LBP', amount: '300000' }] });
    const refused = await handover(accountant, { collector: collectorId, payments: [dollars.id, lira.id], counted_amount: '6' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'count_per_currency', params: { currencies: 'LBP' } });
    const response = await handover(accountant, { collector: collectorId, payments: [dollars.id], counted_amount: '6' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'exact',
      counted_amount: '6.00',
      counted: [
        { currency: 'USD', amount: '6.00' },
        { currency: 'LBP', amount: '0' },
      ],
    });
    // A currency left out of `counted` is counted as none.
    const partial = await handover(accountant, {
      collector: collectorId,
      payments: [lira.id],
      counted: [{ currency: 'USD', amount: '0' }],
      reason: 'Lira not brought',
    });
    expect(partial.statusCode).toBe(201);
    // The change of 300,000 LBP on 3.00 was given in lira (no dollar handed over).
    const changeLira = BigInt(lira.change_due?.find((part) => part.currency === 'LBP')?.amount ?? 'x');
    expect(partial.json().differences).toEqual([
      { currency: 'USD', amount: '0.00', kind: 'exact', transaction: null },
      { currency: 'LBP', amount: String(changeLira - 300000n), kind: 'shortage', transaction: null },
    ]);
  });

  it('answers a count made before migration 0027 with one row in the billing currency, from its own columns', async () => {
    const [legacy] = await context.db
      .insert(cashHandovers)
      .values({
        tenantId: fixture.tenantA.id,
        serviceId: fixture.tenantA.electricityId,
        collectorId,
        expectedAmount: 500n,
        countedAmount: 450n,
        difference: -50n,
        kind: 'shortage',
        reason: 'Before 0027',
        createdBy: fixture.tenantA.users.accountant,
      })
      .returning();
    const listed = (await accountant.get(path('cash/handovers/'))).json() as { id: number }[];
    expect(listed.find((item) => item.id === legacy?.id)).toMatchObject({
      expected_amount: '5.00',
      counted_amount: '4.50',
      kind: 'shortage',
      expected: [{ currency: 'USD', amount: '5.00' }],
      counted: [{ currency: 'USD', amount: '4.50' }],
      differences: [{ currency: 'USD', amount: '-0.50', kind: 'shortage', transaction: null }],
    });
  });

  it('refuses a currency the tenant does not take, a currency twice, negative amounts and bad decimals', async () => {
    const payment = await collect('2.00', { amount: '2' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ counted: [{ currency: 'EUR', amount: '2' }] }, 'counted.0.currency', 'currency_not_accepted'],
      [
        {
          counted: [
            { currency: 'USD', amount: '2' },
            { currency: 'usd', amount: '2' },
          ],
        },
        'counted.1.currency',
        'currency_counted_twice',
      ],
      [{ counted: [{ currency: 'USD', amount: '-2' }] }, 'counted.0.amount', ''],
      [{ counted: [{ currency: 'USD', amount: '2.001' }] }, 'counted.0.amount', ''],
      [{ counted: [{ currency: 'LBP', amount: '1.5' }] }, 'counted.0.amount', ''],
      [{ counted: [{ currency: 'USD', amount: 'two' }] }, 'counted.0.amount', ''],
      [{ counted: [{ currency: 'USD', amount: '2' }], counted_amount: '2' }, 'counted', 'counted_with_counted_amount'],
      [{}, 'counted', 'required'],
    ];
    for (const [body, field, code] of cases) {
      const response = await handover(accountant, { collector: collectorId, payments: [payment.id], ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json()), JSON.stringify(body)).toContain(field);
      if (code) expect(response.json(), JSON.stringify(body)).toMatchObject({ code });
    }
    expect(await heldIds()).toContain(payment.id);
  });

  it('refuses another tenant and roles without the permission', async () => {
    const payment = await collect('1.00', { amount: '1' });
    const body = { collector: collectorId, payments: [payment.id], counted: [{ currency: 'USD', amount: '1' }] };
    expect((await otherAdmin.post(path('cash/handovers/'), body)).statusCode).toBe(404);
    expect((await otherAdmin.get(path('cash/'))).statusCode).toBe(404);
    const elsewhere = await otherAdmin.post(servicePath(fixture.tenantB, 'cash/handovers/'), {
      ...body,
      collector: fixture.tenantB.users.collector,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: 'payment_not_held' });
    await expectPermissions(clients, [
      {
        name: 'POST handover per currency',
        allowed: ['admin', 'accountant'],
        call: (client) =>
          client.post(path('cash/handovers/'), { collector: collectorId, payments: [999999], counted: [{ currency: 'USD', amount: '1' }] }),
      },
    ]);
    expect(await heldIds()).toContain(payment.id);
  });
});
