import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripBidiMarks } from '@meterline/contract/display-format';
import { formatMoney as intlMoney } from '@meterline/contract/money';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import {
  backdateSubscriptions,
  expectMoneyInvariants,
  expectPermissions,
  servicePath,
  signInRoles,
  type RoleUnderTest,
} from '../../../test/billing';
import { runStatementsJob } from '../../../test/jobs';

/** An amount as the documents print it: Intl's text without its bidi marks (docs/web.md, "Digits"). */
const formatMoney = (amount: string, currency: string, language: string) => stripBidiMarks(intlMoney(amount, currency, language));

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;

const path = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);

async function newCustomer(name: string): Promise<number> {
  const response = await admin.post(path('customers/'), { full_name: name });
  expect(response.statusCode).toBe(201);
  await backdateSubscriptions(context.db, response.json().id);
  return response.json().id;
}

async function bill(customerId: number, month: string, amount: string) {
  const response = await admin.post(path('invoices/'), {
    customer: customerId,
    period_start: `${month}-01`,
    period_end: `${month}-28`,
    lines: [{ description: 'Monthly fee', quantity: '1', unit_price: amount }],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as {
    id: number;
    number: string;
    total: string;
    amount_paid: string;
    status: string;
    payments: { method: string; reference: string; amount: string }[];
  };
}

const invoiceOf = async (id: number) => (await admin.get(path(`invoices/${id}/`))).json();
const customerOf = async (id: number) => (await admin.get(path(`customers/${id}/`))).json();

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
});
afterAll(async () => context?.close());

describe('paying the account', () => {
  it('pays the oldest invoices first and keeps the rest as credit', async () => {
    const customerId = await newCustomer('Samir Haddad');
    context.clock.set(new Date('2026-09-01T08:00:00Z'));
    const august = await bill(customerId, '2026-08', '30');
    context.clock.set(new Date('2026-10-01T08:00:00Z'));
    const september = await bill(customerId, '2026-09', '40');
    context.clock.set(new Date('2026-11-01T08:00:00Z'));
    const october = await bill(customerId, '2026-10', '50');
    context.clock.set(new Date('2026-11-10T08:00:00Z'));
    const response = await admin.post(
      path(`customers/${customerId}/payments/`),
      { amount: '135', method: 'cash', reference: 'R-77' },
      { 'idempotency-key': 'account-135' },
    );
    expect(response.statusCode).toBe(201);
    const payment = response.json();
    expect(payment.allocations.map((row: { invoice: number; amount: string }) => [row.invoice, row.amount])).toEqual([
      [august.id, '30.00'],
      [september.id, '40.00'],
      [october.id, '50.00'],
    ]);
    expect(payment).toMatchObject({ amount: '135.00', credit_added: '15.00', customer_balance: '-15.00', customer_credit: '15.00' });
    for (const invoice of [august, september, october]) expect((await invoiceOf(invoice.id)).status).toBe('paid');
    expect(await customerOf(customerId)).toMatchObject({ balance: '-15.00', credit: '15.00' });
    // The same key answers the first answer and pays nothing twice.
    const replay = await admin.post(
      path(`customers/${customerId}/payments/`),
      { amount: '135', method: 'cash', reference: 'R-77' },
      { 'idempotency-key': 'account-135' },
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await customerOf(customerId)).toMatchObject({ balance: '-15.00', credit: '15.00' });

    // The next invoice takes the credit: a "credit applied" payment, the credit spent.
    context.clock.set(new Date('2026-11-20T08:00:00Z'));
    const november = await bill(customerId, '2026-11', '25');
    expect(november).toMatchObject({ amount_paid: '15.00', status: 'partially_paid' });
    expect(november.payments).toEqual([expect.objectContaining({ method: 'credit', reference: 'credit applied', amount: '15.00' })]);
    expect(await customerOf(customerId)).toMatchObject({ balance: '10.00', credit: '0.00' });

    // The ledger shows one payment for the whole amount and the credit applied, closing on the balance.
    const ledger = (await admin.get(path(`customers/${customerId}/ledger/`))).json();
    expect(ledger.entries.map((entry: Record<string, string>) => [entry.kind, entry.amount, entry.balance])).toEqual([
      ['invoice', '30.00', '30.00'],
      ['invoice', '40.00', '70.00'],
      ['invoice', '50.00', '120.00'],
      ['payment', '-135.00', '-15.00'],
      ['invoice', '25.00', '10.00'],
      ['credit_applied', '0.00', '10.00'],
    ]);
    expect(ledger.closing_balance).toBe('10.00');
    await expectMoneyInvariants(context.db);
  });

  it('follows the listed allocations and refuses ones that do not fit', async () => {
    const customerId = await newCustomer('Lina Saad');
    context.clock.set(new Date('2026-10-01T08:00:00Z'));
    const first = await bill(customerId, '2026-09', '20');
    const second = await bill(customerId, '2026-10', '30');
    const pay = (body: Record<string, unknown>) => admin.post(path(`customers/${customerId}/payments/`), { method: 'cash', ...body });
    const over = await pay({ amount: '50', allocations: [{ invoice: second.id, amount: '31' }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ field: 'allocations.0.amount', code: 'allocation_exceeds_balance' });
    expect((await pay({ amount: '10', allocations: [{ invoice: second.id, amount: '11' }] })).json().code).toBe(
      'allocations_exceed_amount',
    );
    expect((await pay({ amount: '10', allocations: [{ invoice: 999999, amount: '1' }] })).json().errors[0]).toMatchObject({
      field: 'allocations.0.invoice',
      code: 'allocation_unknown_invoice',
    });
    expect(
      (
        await pay({
          amount: '10',
          allocations: [
            { invoice: second.id, amount: '1' },
            { invoice: second.id, amount: '1' },
          ],
        })
      ).json().code,
    ).toBe('allocation_duplicate_invoice');
    expect((await pay({ amount: '0' })).statusCode).toBe(400);
    expect((await customerOf(customerId)).balance).toBe('50.00');

    const paid = await pay({ amount: '35', allocations: [{ invoice: second.id, amount: '30' }] });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ credit_added: '5.00', customer_balance: '15.00', customer_credit: '5.00' });
    expect((await invoiceOf(first.id)).status).toBe('unpaid');
    expect((await invoiceOf(second.id)).status).toBe('paid');
    await expectMoneyInvariants(context.db);
  });

  it('refunds credit (admin only, with a reason, never more than the credit)', async () => {
    const customerId = await newCustomer('Omar Farah');
    expect((await admin.post(path(`customers/${customerId}/payments/`), { amount: '12.50' })).json()).toMatchObject({
      credit_added: '12.50',
      customer_balance: '-12.50',
    });
    const refund = (client: Client, body: Record<string, unknown>) => client.post(path(`customers/${customerId}/credit/refund/`), body);
    expect((await refund(admin, { amount: '20', reason: 'Moved away' })).json()).toMatchObject({
      code: 'credit_refund_exceeds_credit',
      params: { credit: '12.50' },
    });
    expect((await refund(admin, { amount: '2.50' })).statusCode).toBe(400);
    expect((await refund(clients.accountant, { amount: '2.50', reason: 'Moved away' })).statusCode).toBe(403);
    const done = await refund(admin, { amount: '2.50', reason: 'Moved away' });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ amount: '2.50', customer_balance: '-10.00', customer_credit: '10.00' });
    const ledger = (await admin.get(path(`customers/${customerId}/ledger/`))).json();
    expect(ledger.entries.map((entry: Record<string, string>) => [entry.kind, entry.amount, entry.balance])).toEqual([
      ['payment', '-12.50', '-12.50'],
      ['credit_refund', '2.50', '-10.00'],
    ]);
    await expectMoneyInvariants(context.db);
  });

  it('is 404 for a customer of another service or tenant', async () => {
    const customerId = await newCustomer('Nour Khalil');
    expect((await admin.post(path(`customers/${customerId}/payments/`, 'water'), { amount: '1' })).statusCode).toBe(404);
    const other = await fixture.as('b.admin');
    expect((await other.post(servicePath(fixture.tenantB, `customers/${customerId}/payments/`), { amount: '1' })).statusCode).toBe(404);
    expect(
      (await other.post(servicePath(fixture.tenantB, `customers/${customerId}/credit/refund/`), { amount: '1', reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await customerOf(customerId)).balance).toBe('0.00');
  });

  it('lets admins and accountants pay an account; the others get 403 whatever the body', async () => {
    const customerId = await newCustomer('Permission Probe');
    await expectPermissions(clients, [
      {
        name: 'account payment',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(path(`customers/${customerId}/payments/`), { amount: '1' }),
      },
      {
        name: 'credit refund',
        allowed: ['admin'],
        call: (client) => client.post(path(`customers/${customerId}/credit/refund/`), { amount: '0.01', reason: 'probe' }),
      },
    ]);
  });
});

describe('credit notes', () => {
  it('lowers an unpaid invoice, turns into credit on a paid one, numbered without gaps', async () => {
    const customerId = await newCustomer('Hadi Nasser');
    context.clock.set(new Date('2026-11-02T08:00:00Z'));
    const open = await bill(customerId, '2026-10', '40');
    const note = await admin.post(path(`invoices/${open.id}/credit-notes/`), { amount: '15', reason: 'Meter misread' });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({
      number: expect.stringMatching(/^CN-2026-\d{6}$/),
      total: '15.00',
      applied: '15.00',
      to_credit: '0.00',
      invoice: open.id,
    });
    expect(await invoiceOf(open.id)).toMatchObject({ balance_due: '25.00', status: 'partially_paid' });
    expect(await customerOf(customerId)).toMatchObject({ balance: '25.00', credit: '0.00' });

    const paid = await bill(customerId, '2026-11', '10');
    expect((await admin.put(path(`invoices/${paid.id}/create_payment/`), {})).statusCode).toBe(201);
    const lines = await admin.post(path(`invoices/${paid.id}/credit-notes/`), {
      lines: [{ description: 'Refund of fee', quantity: '1', unit_price: '4' }],
      reason: 'Goodwill',
    });
    expect(lines.statusCode).toBe(201);
    expect(lines.json()).toMatchObject({ total: '4.00', applied: '0.00', to_credit: '4.00' });
    const first = Number(note.json().number.slice(-6));
    expect(Number(lines.json().number.slice(-6))).toBe(first + 1);
    expect(await customerOf(customerId)).toMatchObject({ balance: '21.00', credit: '4.00' });

    // Never more than what is left to credit on the invoice; both or neither of amount/lines is a 400.
    expect((await admin.post(path(`invoices/${open.id}/credit-notes/`), { amount: '25.01', reason: 'Too much' })).json()).toMatchObject({
      code: 'credit_note_exceeds_invoice',
      params: { left: '25.00' },
    });
    expect((await admin.post(path(`invoices/${open.id}/credit-notes/`), { reason: 'Nothing' })).json().code).toBe(
      'credit_note_amount_or_lines',
    );
    expect((await admin.post(path(`invoices/${open.id}/credit-notes/`), { amount: '1' })).statusCode).toBe(400);
    // A credited invoice counts as paid in part: it can no longer be cancelled.
    expect((await admin.post(path(`invoices/${open.id}/cancel/`), { reason: 'x' })).statusCode).toBe(409);

    const ledger = (await admin.get(path(`customers/${customerId}/ledger/`))).json();
    expect(
      ledger.entries.filter((entry: { kind: string }) => entry.kind === 'credit_note').map((entry: Record<string, string>) => entry.amount),
    ).toEqual(['-15.00', '-4.00']);
    expect(ledger.closing_balance).toBe('21.00');
    expect((await admin.get(path(`invoices/${open.id}/credit-notes/`))).json()).toHaveLength(1);
    expect((await admin.get(path(`credit-notes/${note.json().id}/`))).json().number).toBe(note.json().number);
    await expectMoneyInvariants(context.db);
  });

  it('refuses a cancelled invoice, hides other tenants and checks the role first', async () => {
    const customerId = await newCustomer('Rima Azar');
    const invoice = await bill(customerId, '2026-06', '9');
    expect((await admin.post(path(`invoices/${invoice.id}/cancel/`), { reason: 'Wrong' })).statusCode).toBe(200);
    expect((await admin.post(path(`invoices/${invoice.id}/credit-notes/`), { amount: '1', reason: 'x' })).json().code).toBe(
      'invoice_cancelled',
    );
    const live = await bill(customerId, '2026-07', '9');
    const other = await fixture.as('b.admin');
    expect(
      (await other.post(servicePath(fixture.tenantB, `invoices/${live.id}/credit-notes/`), { amount: '1', reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await other.get(servicePath(fixture.tenantB, `invoices/${live.id}/credit-notes/`))).statusCode).toBe(404);
    await expectPermissions(clients, [
      {
        name: 'credit note',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(path(`invoices/${live.id}/credit-notes/`), { amount: '0.01', reason: 'probe' }),
      },
    ]);
  });
});

describe('the printed credit note', () => {
  it('prints like an invoice, in English and Arabic, with the figures of the note; another tenant gets a 404', async () => {
    const customerId = await newCustomer('Lina Saad');
    context.clock.set(new Date('2026-11-03T08:00:00Z'));
    const invoice = await bill(customerId, '2026-10', '40');
    const note = (await admin.post(path(`invoices/${invoice.id}/credit-notes/`), { amount: '12.5', reason: 'Meter <misread>' })).json();
    const english = await admin.get(path(`credit-notes/${note.id}/pdf/?output=html&lang=en`));
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/html');
    expect(english.headers['content-disposition']).toBe(`inline; filename="${note.number}.html"`);
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain(`<bdi dir="ltr">${note.number}</bdi>`);
    expect(english.body).toContain(`<bdi dir="ltr">${invoice.number}</bdi>`);
    expect(english.body).toContain('Meter &lt;misread&gt;');
    expect(english.body).toContain(`<td data-figure="total"><bdi dir="ltr">${formatMoney('12.50', 'USD', 'en')}</bdi></td>`);
    const arabic = await admin.get(path(`credit-notes/${note.id}/pdf/?output=html&lang=ar`));
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('إشعار دائن');
    expect(arabic.body).toContain(formatMoney('12.50', 'USD', 'ar'));
    const other = await fixture.as('b.admin');
    expect((await other.get(servicePath(fixture.tenantB, `credit-notes/${note.id}/pdf/?output=html`))).statusCode).toBe(404);
    expect((await admin.get(path(`credit-notes/${note.id}/pdf/?lang=fr`))).statusCode).toBe(400);
  });
});

describe('statements of account', () => {
  it('prints the figures of the ledger, in English and in Arabic', async () => {
    const customerId = await newCustomer('Maya Statement');
    context.clock.set(new Date('2026-10-01T08:00:00Z'));
    await bill(customerId, '2026-09', '40');
    context.clock.set(new Date('2026-10-05T08:00:00Z'));
    await admin.post(path(`customers/${customerId}/payments/`), { amount: '55', reference: 'R-9' });
    context.clock.set(new Date('2026-11-01T08:00:00Z'));
    await bill(customerId, '2026-10', '30');
    const query = 'date_from=2026-10-02&date_to=2026-11-30';
    const ledger = (await admin.get(path(`customers/${customerId}/ledger/?${query}`))).json();
    expect(ledger.entries.length).toBe(3);
    for (const lang of ['en', 'ar'] as const) {
      const response = await admin.get(path(`customers/${customerId}/statement/?${query}&lang=${lang}&output=html`));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-language']).toBe(lang);
      const html = response.body;
      expect(html).toContain(`dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
      // Every figure of the ledger, in its order: opening, each amount and running balance, closing.
      const figures = [
        ledger.opening_balance,
        ...ledger.entries.flatMap((entry: { amount: string; balance: string }) => [entry.amount, entry.balance]),
        ledger.closing_balance,
      ];
      let from = 0;
      for (const figure of figures) {
        // A credit (a negative figure) is printed as its size marked CR / دائن (docs/accounts.md).
        const printed = `<bdi dir="ltr">${formatMoney(figure.replace(/^-/, ''), 'USD', lang)}</bdi>`;
        const at = html.indexOf(printed, from);
        expect(at, `${figure} printed after position ${from}`).toBeGreaterThan(-1);
        from = at + printed.length;
      }
    }
    const arabic = (await admin.get(path(`customers/${customerId}/statement/?lang=ar&output=html`))).body;
    expect(arabic).toContain('كشف حساب');
  });

  it('prints every customer of the service into one PDF, a section each, in a job', async () => {
    const english = await runStatementsJob(admin, path('statements/'), { lang: 'en' });
    const html = (await admin.get(`/api/jobs/${english.id}/file/?output=html`)).body;
    const customers = (await admin.get(path('customers/?page_size=1'))).json().count;
    expect(html.split('<section class="statement">').length - 1).toBe(customers);
    expect(english.result).toEqual({ count: customers, language: 'en' });
    expect(english.progress).toEqual({ done: customers, total: customers });
    expect((await admin.post(path('statements/'), { station: 999999 })).statusCode).toBe(400);
    const arabic = await runStatementsJob(admin, path('statements/'), { lang: 'ar' });
    const pdf = await admin.get(`/api/jobs/${arabic.id}/file/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-language']).toBe('ar');
    if (pdf.headers['content-type'] === 'application/pdf') expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is 404 for another tenant and open to the roles that read invoices', async () => {
    const customerId = await newCustomer('Statement Probe');
    const other = await fixture.as('b.admin');
    expect((await other.get(servicePath(fixture.tenantB, `customers/${customerId}/statement/?output=html`))).statusCode).toBe(404);
    await expectPermissions(clients, [
      {
        name: 'statement',
        allowed: ['admin', 'accountant', 'support', 'collector'],
        call: (client) => client.get(path(`customers/${customerId}/statement/?output=html`)),
      },
      // Every customer's statements at once is the office's, whatever the body (403 before 400).
      {
        name: 'bulk statements',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(path('statements/'), { station: 999999 }),
      },
      {
        name: 'bulk statements, bad body',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(path('statements/'), { station: 'x', lang: 'xx' }),
      },
    ]);
  });
});

describe('paying the account in two currencies', () => {
  const pay = (customerId: number, body: unknown, client: Client = admin, key?: string) =>
    client.request({
      method: 'POST',
      url: path(`customers/${customerId}/payments/`),
      payload: body as Record<string, unknown>,
      headers: key ? { 'idempotency-key': key } : {},
    });

  beforeAll(async () => {
    const settingsId = (await admin.get('/api/config/')).json().id;
    const configured = await admin.put(`/api/config/${settingsId}/`, {
      second_currency: 'LBP',
      cash_rounding: { USD: '0.05', LBP: '1000' },
    });
    expect(configured.statusCode).toBe(200);
  });

  it('converts USD + LBP at the month’s rate, pays the oldest invoice first and gives cash over the balance back as change', async () => {
    const customerId = await newCustomer('Two Currencies');
    context.clock.set(new Date('2027-01-05T08:00:00Z'));
    const older = await bill(customerId, '2026-12', '30');
    context.clock.set(new Date('2027-01-06T08:00:00Z'));
    const newer = await bill(customerId, '2027-01', '40');
    // No rate for January nor any month before it: the second currency cannot be converted.
    context.clock.set(new Date('2027-01-10T08:00:00Z'));
    const missing = await pay(customerId, { amounts: [{ currency: 'LBP', amount: '100000' }] });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ code: 'exchange_rate_missing' });
    expect((await admin.post(path('exchange-rates/'), { month: '2027-02', rate: '89500', base_currency: 'USD' })).statusCode).toBe(201);

    context.clock.set(new Date('2027-02-03T08:00:00Z'));
    const split = await pay(customerId, {
      amounts: [
        { currency: 'USD', amount: '20' },
        { currency: 'lbp', amount: '900000' },
      ],
      method: 'cash',
    });
    expect(split.statusCode).toBe(201);
    // 900,000 / 89,500 = 10.0558... -> 10.06 USD; 30.06 received, the older invoice first.
    expect(split.json()).toMatchObject({
      amount: '30.06',
      received: '30.06',
      tendered: [
        { currency: 'USD', amount: '20.00' },
        { currency: 'LBP', amount: '900000' },
      ],
      change_due: [
        { currency: 'USD', amount: '0.00' },
        { currency: 'LBP', amount: '0' },
      ],
      exchange_rate: '89500.000000',
      exchange_rate_base: 'USD',
      credit_added: '0.00',
      customer_balance: '39.94',
    });
    expect(split.json().allocations.map((row: { invoice: number; amount: string }) => [row.invoice, row.amount])).toEqual([
      [older.id, '30.00'],
      [newer.id, '0.06'],
    ]);

    const body = { amounts: [{ currency: 'USD', amount: '50' }], method: 'cash' };
    const change = await pay(customerId, body, admin, 'account-two-currencies');
    expect(change.statusCode).toBe(201);
    // 50 - 39.94 = 10.06 back: 10.05 USD (0.05 step) or 900,370 -> 900,000 LBP (1,000 step); no credit.
    expect(change.json()).toMatchObject({
      amount: '39.94',
      received: '50.00',
      change_due: [
        { currency: 'USD', amount: '10.05' },
        { currency: 'LBP', amount: '900000' },
      ],
      credit_added: '0.00',
      customer_balance: '0.00',
      customer_credit: '0.00',
    });
    const replay = await pay(customerId, body, admin, 'account-two-currencies');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(change.json());
    expect((await invoiceOf(newer.id)).status).toBe('paid');
    expect(await customerOf(customerId)).toMatchObject({ balance: '0.00', credit: '0.00' });
    await expectMoneyInvariants(context.db);
  });

  it('keeps what a transfer pays over the balance as credit, and refuses cash when nothing is open', async () => {
    const customerId = await newCustomer('Transfer In Lira');
    context.clock.set(new Date('2027-02-04T08:00:00Z'));
    await bill(customerId, '2027-01', '10');
    const transfer = await pay(customerId, { amounts: [{ currency: 'LBP', amount: '1790000' }], method: 'bank_transfer' });
    expect(transfer.statusCode).toBe(201);
    expect(transfer.json()).toMatchObject({
      amount: '20.00',
      received: '20.00',
      credit_added: '10.00',
      customer_balance: '-10.00',
      customer_credit: '10.00',
      change_due: [
        { currency: 'USD', amount: '0.00' },
        { currency: 'LBP', amount: '0' },
      ],
    });
    const nothingOpen = await pay(customerId, { amounts: [{ currency: 'USD', amount: '5' }], method: 'cash' });
    expect(nothingOpen.statusCode).toBe(400);
    expect(nothingOpen.json()).toMatchObject({ code: 'overpay', amounts: [expect.any(String)] });
    await expectMoneyInvariants(context.db);
  });

  it('refuses bad bodies with a 400 on their field', async () => {
    const customerId = await newCustomer('Bad Tender');
    context.clock.set(new Date('2027-02-05T08:00:00Z'));
    await bill(customerId, '2027-01', '10');
    const both = await pay(customerId, { amount: '5', amounts: [{ currency: 'USD', amount: '5' }] });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ code: 'amounts_with_amount', amounts: [expect.any(String)] });
    const neither = await pay(customerId, { method: 'cash' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ amount: [expect.any(String)] });
    const euro = await pay(customerId, { amounts: [{ currency: 'EUR', amount: '5' }] });
    expect(euro.statusCode).toBe(400);
    expect(euro.json()).toMatchObject({ code: 'currency_not_accepted', 'amounts.0.currency': [expect.any(String)] });
    expect((await pay(customerId, { amounts: [{ currency: 'USD', amount: '-5' }] })).statusCode).toBe(400);
    expect((await pay(customerId, { amounts: [{ currency: 'USD', amount: 'abc' }] })).statusCode).toBe(400);
    expect((await pay(customerId, { amounts: [] })).statusCode).toBe(400);
    expect(
      (
        await pay(customerId, {
          amounts: [
            { currency: 'USD', amount: '1' },
            { currency: 'LBP', amount: '1' },
            { currency: 'USD', amount: '1' },
          ],
        })
      ).statusCode,
    ).toBe(400);
    expect(await customerOf(customerId)).toMatchObject({ balance: '10.00' });
  });

  it('hides another tenant’s customer and checks the role first', async () => {
    const customerId = await newCustomer('Tender Probe');
    const body = { amounts: [{ currency: 'USD', amount: '1' }] };
    const other = await fixture.as('b.admin');
    expect((await other.post(servicePath(fixture.tenantB, `customers/${customerId}/payments/`), body)).statusCode).toBe(404);
    expect((await admin.post(path(`customers/${customerId}/payments/`, 'water'), body)).statusCode).toBe(404);
    await expectPermissions(clients, [
      {
        name: 'account payment in currencies',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(path(`customers/${customerId}/payments/`), body),
      },
    ]);
  });
});
