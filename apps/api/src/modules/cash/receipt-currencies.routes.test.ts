import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@meterline/contract/money';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';

// Documents in both currencies (docs/collectors.md, "Receipts in two currencies"; docs/accounts.md,
// "Statements in two currencies"): a split payment's receipt shows what was handed over, the rate,
// the change and the balances in both currencies; a statement has a second-currency column and
// totals, and marks every credit CR / دائن.
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let customerId: number;
let splitPayment: number;
let changePayment: number;
let changeDue: { currency: string; amount: string }[];

const path = (rest: string) => servicePath(fixture.tenantA, rest, 'electricity');
/** A figure as a document prints it: one left-to-right run, or an Arabic sign read right to left after it. */
function printed(amount: string, currency: string, lang: 'en' | 'ar') {
  const run = formatMoney(amount, currency, lang).replace(/[\u200e\u200f]/g, '');
  const signed = /^(.*?)(\s*)([\u0621-\u064a][\u0621-\u064a.]*)$/.exec(run);
  return signed ? `<bdi dir="rtl"><bdi dir="ltr">${signed[1]}</bdi>${signed[2]}${signed[3]}</bdi>` : `<bdi dir="ltr">${run}</bdi>`;
}

async function invoice(month: string, price: string) {
  const response = await admin.post(path('invoices/'), {
    customer: customerId,
    period_start: `${month}-01`,
    period_end: `${month}-28`,
    lines: [{ description: 'Subscription', quantity: '1', unit_price: price }],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; total: string };
}

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-10-20T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  const settingsId = (await admin.get('/api/config/')).json().id;
  const settings = await admin.put(`/api/config/${settingsId}/`, { second_currency: 'LBP', cash_rounding: { LBP: '1000', USD: '0.05' } });
  expect(settings.statusCode).toBe(200);
  expect((await admin.post(path('exchange-rates/'), { month: '2026-10', rate: '89500', base_currency: 'USD' })).statusCode).toBe(201);
  customerId = (await admin.post(path('customers/'), { full_name: 'Rami Two Currencies' })).json().id;
  const first = await invoice('2026-10', '45');
  const split = await admin.put(path(`invoices/${first.id}/create_payment/`), {
    amounts: [
      { currency: 'USD', amount: '20.00' },
      { currency: 'LBP', amount: '900000' },
    ],
    method: 'cash',
  });
  expect(split.statusCode).toBe(201);
  splitPayment = split.json().id;
  // 900,000 / 89,500 = 10.06: 30.06 paid, 14.94 still due on the invoice.
  expect(split.json()).toMatchObject({ amount: '30.06' });
  const second = await invoice('2026-10', '10');
  const overpaid = await admin.put(path(`invoices/${second.id}/create_payment/`), {
    amounts: [
      { currency: 'USD', amount: '20.00' },
      { currency: 'LBP', amount: '900000' },
    ],
    method: 'cash',
  });
  expect(overpaid.statusCode).toBe(201);
  changePayment = overpaid.json().id;
  changeDue = overpaid.json().change_due;
});
afterAll(async () => context?.close());

describe('a receipt in two currencies', () => {
  it.each([
    ['en', '80'],
    ['ar', '58'],
    ['ar', 'a5'],
  ] as const)('in %s (%s) shows each part handed over, the rate and the balances in both currencies', async (lang, size) => {
    const response = await admin.get(path(`payments/${splitPayment}/receipt/?output=html&lang=${lang}&size=${size}`));
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(lang === 'en' ? 'Handed over' : 'المبلغ المسلَّم');
    expect(html).toContain(printed('20.00', 'USD', lang));
    expect(html).toContain(printed('900000', 'LBP', lang));
    expect(html).toContain(printed('30.06', 'USD', lang));
    expect(html).toContain(lang === 'en' ? 'Exchange rate' : 'سعر الصرف');
    const [one, rate] = lang === 'en' ? ['1', '89,500'] : ['١', '٨٩٬٥٠٠'];
    expect(html).toContain(`<bdi dir="ltr">${one}</bdi> <bdi dir="ltr">USD</bdi> = <bdi dir="ltr">${rate}</bdi> <bdi dir="ltr">LBP</bdi>`);
    // 14.94 still due on the invoice: 1,337,130 LBP asked for as 1,338,000 (the 1,000 cash step).
    expect(html).toContain(printed('14.94', 'USD', lang));
    expect(html).toContain(printed('1338000', 'LBP', lang));
  });

  it('shows the change given in both currencies, either one', async () => {
    expect(changeDue.map((part) => part.currency)).toEqual(['USD', 'LBP']);
    for (const lang of ['en', 'ar'] as const) {
      const html = (await admin.get(path(`payments/${changePayment}/receipt/?output=html&lang=${lang}&size=80`))).body;
      expect(html).toContain(lang === 'en' ? 'Change given' : 'الباقي المردود');
      // 30.06 handed over for an invoice of 10.00: the total, then what goes back.
      expect(html).toContain(lang === 'en' ? 'Total handed over' : 'مجموع المسلَّم');
      expect(html).toContain(printed('30.06', 'USD', lang));
      for (const part of changeDue) expect(html).toContain(printed(part.amount, part.currency, lang));
      expect(html).toContain(lang === 'en' ? '<div class="or">or</div>' : '<div class="or">أو</div>');
    }
  });

  it('is another tenant’s 404', async () => {
    const other = await fixture.as('b.admin');
    expect((await other.get(path(`payments/${splitPayment}/receipt/?output=html`))).statusCode).toBe(404);
  });
});

describe('a statement in two currencies', () => {
  it('has a second-currency column and totals, and marks every credit CR / دائن, never as a debt', async () => {
    // 55.00 billed, 30.06 + 10.00 paid on the invoices, then 20.00 on the account: 5.06 in the customer's favour.
    const account = await admin.post(path(`customers/${customerId}/payments/`), { amount: '20.00', method: 'cash' });
    expect(account.statusCode).toBe(201);
    const ledger = (await admin.get(path(`customers/${customerId}/ledger/`))).json();
    expect(ledger.closing_balance).toBe('-5.06');
    for (const lang of ['en', 'ar'] as const) {
      const html = (await admin.get(path(`customers/${customerId}/statement/?output=html&lang=${lang}`))).body;
      const cr = lang === 'en' ? 'CR' : 'دائن';
      expect(html).toContain(lang === 'en' ? 'Amount in LBP' : 'المبلغ بـ LBP');
      // The closing balance: its size, marked, in both currencies (5.06 x 89,500 = 452,870 LBP).
      const closing = html.slice(html.indexOf('data-figure="closing"'));
      expect(closing).toContain(`${printed('5.06', 'USD', lang)} <span class="cr" data-credit>${cr}</span>`);
      expect(closing).toContain(`${printed('452870', 'LBP', lang)} <span class="cr" data-credit>${cr}</span>`);
      expect(html).not.toContain(printed('-5.06', 'USD', lang));
      // Every payment line marked: three payments, each with its own amount and a credit balance after the last.
      expect(html.split(`data-credit>${cr}</span>`).length - 1).toBeGreaterThanOrEqual(3 * 2 + 2);
      // Totals: charged 55.00 (4,922,500 LBP), paid 60.06 (5,375,370 LBP) at the invoices' and the month's rate.
      expect(html).toContain(printed('55.00', 'USD', lang));
      expect(html).toContain(printed('4922500', 'LBP', lang));
      expect(html).toContain(`${printed('60.06', 'USD', lang)} <span class="cr" data-credit>${cr}</span>`);
      expect(html).toContain(`${printed('5375370', 'LBP', lang)} <span class="cr" data-credit>${cr}</span>`);
    }
  });
});
