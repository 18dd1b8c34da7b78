import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import {
  auditLog,
  cashHandoverPayments,
  cashHandovers,
  paymentReceipts,
  payments,
  settings,
  transactions,
  users,
} from '../../db/schema/index';
import { createFixture, TEST_PASSWORD, type Fixture } from '../../../test/fixtures';
import { clientWithToken, createTestContext, isPostgres, type Client, type TestContext } from '../../../test/harness';
import { expectMoneyInvariants, expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let accountant: Client;
let collector: Client;
let collectorId: number;
let customerId: number;
let otherAdmin: Client;
let otherCollector: Client;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

async function invoiceOf(total: string, customer = customerId, service: 'electricity' | 'water' = 'electricity') {
  const response = await admin.post(servicePath(fixture.tenantA, 'invoices/', service), {
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

const handover = (client: Client, body: Record<string, unknown>, headers?: Record<string, string>) =>
  client.post(path('cash/handovers/'), body, headers);

async function newCustomer(name: string, service: 'electricity' | 'water' = 'electricity') {
  const response = await admin.post(servicePath(fixture.tenantA, 'customers/', service), { full_name: name });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

async function heldIds(client: Client, collector = collectorId): Promise<number[]> {
  const response = await client.get(path(`cash/?collector=${collector}&state=held`));
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: number }[]).map((row) => row.id);
}

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  accountant = clients.accountant;
  collector = clients.collector;
  collectorId = fixture.tenantA.users.collector;
  customerId = await newCustomer('Door Customer');
  otherAdmin = await fixture.as('b.admin');
  otherCollector = await fixture.as('b.collector');
});
afterAll(async () => context?.close());

describe('collectors take cash at the door', () => {
  it('pays an invoice in part then in full: the cash is held by the collector and each payment gets the next receipt number', async () => {
    const invoice = await invoiceOf('50.00');
    const partial = await pay(collector, invoice.id, { amount: '20' });
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({ amount: '20.00', method: 'cash', received_by: collectorId, received_by_name: 'collector A' });
    const full = await pay(collector, invoice.id);
    expect(full.statusCode).toBe(201);
    expect(full.json()).toMatchObject({ amount: '30.00' });
    expect((await admin.get(path(`invoices/${invoice.id}/`))).json()).toMatchObject({ status: 'paid', balance_due: '0.00' });
    const rows = await context.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(rows.map((row) => row.heldBy)).toEqual([collectorId, collectorId]);
    // An office payment is nobody's cash to hold.
    const office = await pay(accountant, (await invoiceOf('5.00')).id);
    expect(first(await context.db.select().from(payments).where(eq(payments.id, office.json().id))).heldBy).toBeNull();
    const receipts = await context.db.select().from(paymentReceipts).where(eq(paymentReceipts.tenantId, fixture.tenantA.id));
    const numbers = receipts.map((row) => row.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    const byPayment = new Map(receipts.map((row) => [row.paymentId, row.number]));
    expect(byPayment.get(full.json().id)).toBe((byPayment.get(partial.json().id) ?? 0) + 1);
    await expectMoneyInvariants(context.db);
  });

  it('creates exactly one payment out of 20 collectors paying one invoice at once', async () => {
    const template = first(await context.db.select().from(users).where(eq(users.id, collectorId)), 'a row from users');
    const names = Array.from({ length: 20 }, (_, index) => `a.door${index}`);
    await context.db.insert(users).values(
      names.map((username) => ({
        tenantId: template.tenantId,
        username,
        email: `${username}@example.com`,
        passwordHash: template.passwordHash,
        role: 'collector',
        firstName: username,
        lastName: 'A',
      })),
    );
    // Each from its own address: sign-in throttling counts per address.
    const crowd = await Promise.all(
      names.map(async (username, index) => {
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/auth/jwt/create/',
          payload: { username, password: TEST_PASSWORD },
          remoteAddress: `10.0.19.${index + 1}`,
        });
        expect(response.statusCode).toBe(200);
        return clientWithToken(context.app, response.json().access);
      }),
    );
    const invoice = await invoiceOf('40.00');
    const responses = await Promise.all(crowd.map((client) => pay(client, invoice.id)));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(
      responses.filter((response) => response.statusCode === 409).every((response) => response.json().code === 'invoice_already_paid'),
    ).toBe(true);
    const rows = await context.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(rows).toHaveLength(1);
    expect(first(rows).amount).toBe(4000n);
    expect(first(rows).heldBy).toBe(first(rows).receivedBy);
    console.info(`20 concurrent collectors on ${isPostgres ? 'PostgreSQL' : 'PGlite'}: 1 payment, 19 x 409`);
  });

  it('keeps the idempotency rules of the office: the same key answers the first payment', async () => {
    const invoice = await invoiceOf('10.00');
    const key = { 'idempotency-key': 'door-key-1' };
    const first = await pay(collector, invoice.id, { amount: '4' }, key);
    const again = await pay(collector, invoice.id, { amount: '4' }, key);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await context.db.select().from(payments).where(eq(payments.invoiceId, invoice.id))).toHaveLength(1);
  });

  it('refuses a reversal, another method than cash, another service’s invoice and everything while the setting is off', async () => {
    const invoice = await invoiceOf('30.00');
    const paid = (await pay(collector, invoice.id, { amount: '10' })).json();
    const reversal = await pay(collector, invoice.id, { amount: '-10', reason: 'mistake', reverses: paid.id });
    expect(reversal.statusCode).toBe(403);
    expect(reversal.json()).toMatchObject({ code: 'collector_cannot_reverse' });
    const card = await pay(collector, invoice.id, { amount: '1', method: 'card' });
    expect(card.statusCode).toBe(400);
    expect(card.json()).toMatchObject({ code: 'collector_cash_only' });
    // The invoice lives in Electricity: through Water it does not exist.
    const water = await collector.put(servicePath(fixture.tenantA, `invoices/${invoice.id}/create_payment/`, 'water'), {});
    expect(water.statusCode).toBe(404);
    const otherTenant = await otherCollector.put(servicePath(fixture.tenantB, `invoices/${invoice.id}/create_payment/`), {});
    expect(otherTenant.statusCode).toBe(404);
    // The office still reverses.
    expect((await pay(accountant, invoice.id, { amount: '-10', reason: 'mistake', reverses: paid.id })).statusCode).toBe(201);

    await context.db.update(settings).set({ collectorsTakePayments: false }).where(eq(settings.tenantId, fixture.tenantA.id));
    try {
      const off = await pay(collector, invoice.id, { amount: '1' });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({ code: 'collector_payments_off' });
      expect((await pay(accountant, invoice.id, { amount: '1' })).statusCode).toBe(201);
    } finally {
      await context.db.update(settings).set({ collectorsTakePayments: true }).where(eq(settings.tenantId, fixture.tenantA.id));
    }
    const rows = await context.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(rows.map((row) => [String(row.amount), row.heldBy])).toEqual([
      ['1000', collectorId],
      ['-1000', null],
      ['100', null],
    ]);
  });

  it('turns the setting on and off through the settings', async () => {
    const settingsId = (await admin.get('/api/config/')).json().id;
    const off = await admin.put(`/api/config/${settingsId}/`, { collectors_take_payments: false });
    expect(off.json()).toMatchObject({ collectors_take_payments: false });
    expect((await pay(collector, (await invoiceOf('1.00')).id)).json()).toMatchObject({ code: 'collector_payments_off' });
    expect((await admin.put(`/api/config/${settingsId}/`, { collectors_take_payments: 'maybe' })).statusCode).toBe(400);
    expect((await admin.put(`/api/config/${settingsId}/`, { collectors_take_payments: true })).json()).toMatchObject({
      collectors_take_payments: true,
    });
  });
});

describe('cash held and the count', () => {
  it('equals the payments: collected, handed over, held and the oldest held payment', async () => {
    const rows = await context.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.tenantId, fixture.tenantA.id),
          eq(payments.serviceId, fixture.tenantA.electricityId),
          eq(payments.heldBy, collectorId),
        ),
      );
    const linked = new Set((await context.db.select().from(cashHandoverPayments)).map((row) => row.paymentId));
    const held = rows.filter((row) => !linked.has(row.id));
    const sum = (list: typeof rows) => list.reduce((total, row) => total + row.amount, 0n);
    const summary = await accountant.get(path('cash/'));
    expect(summary.statusCode).toBe(200);
    const row = (summary.json() as Record<string, unknown>[]).find((item) => item.collector === collectorId);
    const oldest = first(held.map((item) => item.paidAt.getTime()).sort((a, b) => a - b));
    expect(row).toEqual({
      collector: collectorId,
      collector_name: 'collector A',
      collected: (Number(sum(rows)) / 100).toFixed(2),
      handed_over: (Number(sum(rows) - sum(held)) / 100).toFixed(2),
      held: (Number(sum(held)) / 100).toFixed(2),
      held_cash: [{ currency: 'USD', amount: (Number(sum(held)) / 100).toFixed(2) }],
      oldest_held_at: new Date(oldest).toISOString(),
      shortage_today: '0.00',
      shortage_today_cash: [{ currency: 'USD', amount: '0.00' }],
    });
    expect((await heldIds(accountant)).sort((a, b) => a - b)).toEqual(held.map((item) => item.id).sort((a, b) => a - b));
  });

  it('moves exactly the listed payments to handed over and records a shortage with its reason', async () => {
    const customer = await newCustomer('Counted Customer');
    const taken = [];
    for (const total of ['12.00', '8.00', '5.00'])
      taken.push((await pay(collector, (await invoiceOf(total, customer)).id)).json().id as number);
    const before = await heldIds(accountant);
    const listed = taken.slice(0, 2);
    const noReason = await handover(accountant, { collector: collectorId, payments: listed, counted_amount: '19.00' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'handover_reason_required' });
    const counted = await handover(accountant, {
      collector: collectorId,
      payments: listed,
      counted_amount: '19.00',
      reason: 'Short one dollar',
    });
    expect(counted.statusCode).toBe(201);
    expect(counted.json()).toMatchObject({
      collector: collectorId,
      expected_amount: '20.00',
      counted_amount: '19.00',
      difference: '-1.00',
      kind: 'shortage',
      reason: 'Short one dollar',
      payments: listed,
    });
    const after = await heldIds(accountant);
    expect(after.sort((a, b) => a - b)).toEqual(before.filter((id) => !listed.includes(id)).sort((a, b) => a - b));
    expect(after).toContain(taken[2]);
    const links = await context.db.select().from(cashHandoverPayments).where(eq(cashHandoverPayments.handoverId, counted.json().id));
    expect(links.map((link) => link.paymentId).sort((a, b) => a - b)).toEqual(listed);
    const stored = first(
      await context.db.select().from(cashHandovers).where(eq(cashHandovers.id, counted.json().id)),
      'a row from cashHandovers',
    );
    expect(stored).toMatchObject({ expectedAmount: 2000n, countedAmount: 1900n, difference: -100n, kind: 'shortage' });
    // The count writes the `handover` transaction of the cash counted, from the collector to the counter.
    const transaction = first(
      await context.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, stored.transactionId ?? 0)),
      'a row from transactions',
    );
    expect(transaction).toMatchObject({
      kind: 'handover',
      amount: 1900n,
      fromUserId: collectorId,
      toUserId: fixture.tenantA.users.accountant,
    });
    const audits = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cash_handover'), eq(auditLog.entityId, String(stored.id))));
    expect(audits).toHaveLength(1);
    // Today's shortage shows on the collector's row; the handed-over payments list holds them.
    const row = ((await accountant.get(path('cash/'))).json() as Record<string, string | number>[]).find(
      (item) => item.collector === collectorId,
    );
    expect(row?.shortage_today).toBe('1.00');
    const handedOver = (await accountant.get(path(`cash/?collector=${collectorId}&state=handed_over`))).json() as {
      id: number;
      handover: number;
    }[];
    expect(handedOver.filter((item) => listed.includes(item.id)).map((item) => item.handover)).toEqual([stored.id, stored.id]);
    const shortages = (await accountant.get(path('cash/handovers/?kind=shortage'))).json() as { id: number }[];
    expect(shortages.map((item) => item.id)).toContain(stored.id);
    // Nothing is ever edited.
    await expect(context.db.update(cashHandovers).set({ reason: 'edited' }).where(eq(cashHandovers.id, stored.id))).rejects.toThrow();
    await expect(context.db.delete(cashHandoverPayments).where(eq(cashHandoverPayments.handoverId, stored.id))).rejects.toThrow();
  });

  it('refuses a payment already handed over, another collector’s, an office payment and another service’s', async () => {
    const customer = await newCustomer('Refused Count');
    const mine = (await pay(collector, (await invoiceOf('3.00', customer)).id)).json().id as number;
    const office = (await pay(accountant, (await invoiceOf('4.00', customer)).id)).json().id as number;
    const waterInvoice = await invoiceOf('6.00', await newCustomer('Water Customer', 'water'), 'water');
    const water = (await collector.put(servicePath(fixture.tenantA, `invoices/${waterInvoice.id}/create_payment/`, 'water'), {})).json()
      .id as number;
    const exact = await handover(admin, { collector: collectorId, payments: [mine], counted_amount: '3' });
    expect(exact.json()).toMatchObject({ kind: 'exact', difference: '0.00' });
    for (const id of [mine, office, water, 999999]) {
      const refused = await handover(admin, { collector: collectorId, payments: [id], counted_amount: '1', reason: 'x' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'payment_not_held', params: { id } });
    }
    expect(
      (await handover(admin, { collector: fixture.tenantA.users.support, payments: [water], counted_amount: '6' })).json(),
    ).toMatchObject({ code: 'payment_not_held' });
    // A user of another tenant is not a collector here.
    expect((await handover(admin, { collector: fixture.tenantB.users.collector, payments: [water], counted_amount: '6' })).statusCode).toBe(
      400,
    );
  });

  it('counts one payment once when two counts race for it', async () => {
    const id = (await pay(collector, (await invoiceOf('7.00')).id)).json().id as number;
    const responses = await Promise.all([
      handover(accountant, { collector: collectorId, payments: [id], counted_amount: '7' }),
      handover(admin, { collector: collectorId, payments: [id], counted_amount: '7' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    expect(await context.db.select().from(cashHandoverPayments).where(eq(cashHandoverPayments.paymentId, id))).toHaveLength(1);
  });

  it('shows a collector their own cash only', async () => {
    const own = (await collector.get(path('cash/'))).json() as { collector: number }[];
    expect(own.map((row) => row.collector)).toEqual([collectorId]);
    expect((await collector.get(path(`cash/?collector=${fixture.tenantA.users.admin}`))).statusCode).toBe(403);
    expect((await collector.get(path('cash/?state=held'))).statusCode).toBe(200);
    expect((await collector.get(path('cash/handovers/'))).json().every((row: { collector: number }) => row.collector === collectorId)).toBe(
      true,
    );
    expect((await otherAdmin.get(servicePath(fixture.tenantB, 'cash/'))).json()).toEqual([]);
    expect((await otherAdmin.get(`/api/services/${fixture.tenantA.electricityId}/cash/`)).statusCode).toBe(404);
  });

  it('answers 403 to roles without the permission', async () => {
    await expectPermissions(clients, [
      { name: 'GET cash', allowed: ['admin', 'accountant', 'collector'], call: (client) => client.get(path('cash/')) },
      { name: 'GET handovers', allowed: ['admin', 'accountant', 'collector'], call: (client) => client.get(path('cash/handovers/')) },
      { name: 'GET performance', allowed: ['admin', 'accountant', 'collector'], call: (client) => client.get(path('cash/performance/')) },
      {
        name: 'POST handover',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(path('cash/handovers/'), { collector: collectorId, payments: [999999], counted_amount: '1' }),
      },
      {
        name: 'PUT create_payment',
        allowed: ['admin', 'accountant', 'collector'],
        call: (client) => client.put(path('invoices/999999/create_payment/'), {}),
      },
      {
        name: 'GET receipt',
        allowed: ['admin', 'accountant', 'support', 'collector'],
        call: (client) => client.get(path('payments/999999/receipt/?output=html')),
      },
      {
        name: 'GET verification',
        allowed: ['admin', 'accountant', 'support', 'collector'],
        call: (client) => client.get(path('payments/999999/verification/')),
      },
    ]);
  });
});

describe('receipts', () => {
  it('lists what was paid, the balance still due and the collector, with a QR code to the verification page', async () => {
    const customer = await newCustomer('Receipt Customer');
    const firstInvoice = await invoiceOf('40.00', customer);
    await invoiceOf('15.00', customer);
    const paid = (await pay(collector, firstInvoice.id, { amount: '25' })).json();
    const receipt = first(
      await context.db.select().from(paymentReceipts).where(eq(paymentReceipts.paymentId, paid.id)),
      'a row from paymentReceipts',
    );
    const page = await admin.get(path(`payments/${paid.id}/receipt/?size=58&lang=en&output=html`));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain(`data-receipt-number="${receipt.number}"`);
    expect(html).toContain('Company A');
    expect(html).toContain('Receipt Customer');
    expect(html).toMatch(
      new RegExp(
        `class="invoice-paid"><td><bdi dir="ltr">${firstInvoice.number}</bdi></td><td class="num"><bdi dir="ltr">\\$25\\.00</bdi>`,
      ),
    );
    // Received 25 of 40: 15 left on the invoice, 30 on the customer's two invoices.
    expect(html).toMatch(/Amount received<\/th><td><bdi dir="ltr">\$25\.00/);
    expect(html).toMatch(/Invoice balance still due<\/th><td><bdi dir="ltr">\$15\.00/);
    expect(html).toMatch(/Balance still due<\/th><td><bdi dir="ltr">\$30\.00/);
    expect(html).toContain('collector A');
    // The QR opens the customer's public bill, the link the receipt's check answers too; its short link is printed under it.
    const publicUrl = (await admin.get(path(`payments/${paid.id}/verification/`))).json().public_url;
    expect(publicUrl).toMatch(new RegExp(`^${context.config.publicUrl}/b/[A-Za-z0-9_-]{32}$`));
    expect(html).toContain(`data-url="${publicUrl}"`);
    expect(html).toContain(publicUrl.replace(/^https?:\/\//, ''));
    expect(html).toContain('<path');
    // A later payment does not change a reprint.
    await pay(accountant, firstInvoice.id);
    expect((await admin.get(path(`payments/${paid.id}/receipt/?size=58&lang=en&output=html`))).body).toMatch(
      /Balance still due<\/th><td><bdi dir="ltr">\$30\.00/,
    );

    const arabic = await collector.get(path(`payments/${paid.id}/receipt/?size=a5&lang=ar&output=html`));
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('إيصال دفع');

    const hasChromium = fs.existsSync(context.config.chromiumPath ?? '/usr/bin/chromium');
    for (const size of ['58', '80', 'a5']) {
      const response = await collector.get(path(`payments/${paid.id}/receipt/?size=${size}&lang=ar`));
      expect(response.statusCode).toBe(200);
      if (hasChromium) expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await admin.get(path(`payments/${paid.id}/receipt/?size=72`))).statusCode).toBe(400);
    expect((await otherAdmin.get(servicePath(fixture.tenantB, `payments/${paid.id}/receipt/`))).statusCode).toBe(404);
    expect((await admin.get(servicePath(fixture.tenantA, `payments/${paid.id}/receipt/?output=html`, 'water'))).statusCode).toBe(404);
  });

  it('gives a reversal no receipt, and a payment without a number its number on first print', async () => {
    const invoice = await invoiceOf('9.00');
    const paid = (await pay(accountant, invoice.id)).json();
    const reversal = (await pay(accountant, invoice.id, { amount: '-9', reason: 'wrong customer', reverses: paid.id })).json();
    expect((await admin.get(path(`payments/${reversal.id}/receipt/?output=html`))).json()).toMatchObject({ code: 'receipt_of_reversal' });
    // A payment written without a receipt (before migration 0011): numbered on its first print.
    await context.db.execute(sql`set session_replication_role = replica`);
    try {
      await context.db.delete(paymentReceipts).where(eq(paymentReceipts.paymentId, paid.id));
    } finally {
      await context.db.execute(sql`set session_replication_role = origin`);
    }
    const { last } = first(
      (
        (await context.db.execute(
          sql`select last_number::int as last from receipt_counters where tenant_id = ${fixture.tenantA.id}`,
        )) as unknown as { rows: { last: number }[] }
      ).rows,
    );
    const page = await admin.get(path(`payments/${paid.id}/receipt/?output=html`));
    expect(page.body).toContain(`data-receipt-number="${last + 1}"`);
    expect((await admin.get(path(`payments/${paid.id}/receipt/?output=html`))).body).toContain(`data-receipt-number="${last + 1}"`);
  });

  it('answers the verification page: the payment, its receipt, who holds the cash, reversals', async () => {
    const invoice = await invoiceOf('11.00');
    const paid = (await pay(collector, invoice.id)).json();
    const response = await clients.support.get(path(`payments/${paid.id}/verification/`));
    expect(response.statusCode).toBe(200);
    const receipt = first(
      await context.db.select().from(paymentReceipts).where(eq(paymentReceipts.paymentId, paid.id)),
      'a row from paymentReceipts',
    );
    expect(response.json()).toMatchObject({
      payment: { id: paid.id, amount: '11.00', invoice_number: invoice.number },
      receipt_number: receipt.number,
      held_by: collectorId,
      held_by_name: 'collector A',
      handover: null,
      reversed: '0.00',
    });
  });
});

describe('statistics', () => {
  it('counts a collector’s collections in stats4 and in the performance view', async () => {
    const stats4 = (
      await admin.get(`/api/statistics/stats4/?service=${fixture.tenantA.electricityId}&date_from=2000-01-01&date_to=2100-01-01`)
    ).json() as { user_id: number; total: string; count: number }[];
    const rows = await context.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.tenantId, fixture.tenantA.id),
          eq(payments.serviceId, fixture.tenantA.electricityId),
          eq(payments.receivedBy, collectorId),
        ),
      );
    const total = rows.reduce((sum, row) => sum + row.amount, 0n);
    expect(stats4.find((row) => row.user_id === collectorId)).toMatchObject({
      count: rows.length,
      total: (Number(total) / 100).toFixed(2),
    });

    const today = context.clock.now().toISOString().slice(0, 10);
    const performance = (
      await collector.get(path(`cash/performance/?period=day&date_from=2000-01-01&date_to=2100-01-01`))
    ).json() as Record<string, unknown>[];
    const held = await heldIds(collector);
    const heldTotal = rows.filter((row) => held.includes(row.id)).reduce((sum, row) => sum + row.amount, 0n);
    const collected = rows.filter((row) => row.heldBy === collectorId);
    expect(performance.every((row) => row.collector === collectorId)).toBe(true);
    const sumOf = (key: string) => performance.reduce((sum, row) => sum + Number(row[key]), 0);
    expect(sumOf('amount_collected').toFixed(2)).toBe((Number(collected.reduce((sum, row) => sum + row.amount, 0n)) / 100).toFixed(2));
    expect(sumOf('cash_held').toFixed(2)).toBe((Number(heldTotal) / 100).toFixed(2));
    expect(performance.map((row) => row.period)).toContain(today);
    const monthly = (
      await admin.get(path(`cash/performance/?period=month&collector=${collectorId}&date_from=2000-01-01&date_to=2100-01-01`))
    ).json() as Record<string, unknown>[];
    expect(monthly.map((row) => row.period)).toEqual([today.slice(0, 7)]);
    expect(Number(first(monthly).invoices_collected)).toBe(new Set(collected.map((row) => row.invoiceId)).size);
  });
});
