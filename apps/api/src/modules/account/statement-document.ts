import type { Customer } from '@meterline/contract/customers';
import type { Ledger } from '@meterline/contract/ledger';
import type { DigitSystem } from '@meterline/contract/digits';
import { textDigitsIn } from '@meterline/contract/display-format';
import { first } from '@meterline/contract/invariant';
import { codeHtml, dateText, documentLocale, moneyHtml, textHtml as text } from '../../lib/document-format';
import type { StatementSecondCurrency } from './statement-currencies';
import { escapeHtml, type DocumentIssuer, type DocumentLanguage, issuerHtml, documentStyles } from '../invoices/index';

const LABELS = {
  en: {
    statement: 'Statement of account',
    customer: 'Customer',
    code: 'Customer code',
    phone: 'Phone',
    period: 'Period',
    from: 'From',
    to: 'To',
    beginning: 'the beginning',
    today: 'today',
    date: 'Date',
    movement: 'Movement',
    reference: 'Reference',
    amount: 'Amount',
    balance: 'Balance',
    openingBalance: 'Opening balance',
    closingBalance: 'Closing balance',
    credit: 'Credit',
    cr: 'CR',
    amountIn: 'Amount in {currency}',
    charged: 'Charged in the period',
    credited: 'Paid and credited in the period',
    creditNote: 'CR: in the customer’s favour (credit), not owed.',
    ageing: 'Amount owed by age',
    noMovements: 'No movements in this period.',
    kinds: {
      invoice: 'Invoice',
      payment: 'Payment',
      reversal: 'Payment reversed',
      credit_note: 'Credit note',
      credit_applied: 'Credit applied',
      credit_refund: 'Credit refunded',
    },
    buckets: {
      current: 'Not yet due',
      days_1_30: '1–30 days',
      days_31_60: '31–60 days',
      days_61_90: '61–90 days',
      days_over_90: 'Over 90 days',
    },
  },
  ar: {
    statement: 'كشف حساب',
    customer: 'المشترك',
    code: 'رمز المشترك',
    phone: 'الهاتف',
    period: 'الفترة',
    from: 'من',
    to: 'إلى',
    beginning: 'البداية',
    today: 'اليوم',
    date: 'التاريخ',
    movement: 'الحركة',
    reference: 'المرجع',
    amount: 'المبلغ',
    balance: 'الرصيد',
    openingBalance: 'الرصيد الافتتاحي',
    closingBalance: 'الرصيد الختامي',
    credit: 'رصيد دائن',
    cr: 'دائن',
    amountIn: 'المبلغ بـ {currency}',
    charged: 'المستحق في الفترة',
    credited: 'المدفوع والدائن في الفترة',
    creditNote: 'دائن: لصالح المشترك (رصيد دائن)، ليس ديناً عليه.',
    ageing: 'المبالغ المستحقة حسب العمر',
    noMovements: 'لا حركات في هذه الفترة.',
    kinds: {
      invoice: 'فاتورة',
      payment: 'دفعة',
      reversal: 'عكس دفعة',
      credit_note: 'إشعار دائن',
      credit_applied: 'رصيد دائن مستخدم',
      credit_refund: 'رصيد دائن مسترد',
    },
    buckets: {
      current: 'غير مستحق بعد',
      days_1_30: '1–30 يومًا',
      days_31_60: '31–60 يومًا',
      days_61_90: '61–90 يومًا',
      days_over_90: 'أكثر من 90 يومًا',
    },
  },
} as const;

export interface StatementInput {
  ledger: Ledger;
  customer: Customer;
  currency: string;
  language: DocumentLanguage;
  /** The reader's digits on an Arabic statement; Arabic-Indic when none is given. */
  digits?: DigitSystem;
  /** The second-currency column and totals (`statement-currencies.ts`); absent or null: one currency. */
  second?: StatementSecondCurrency | null;
}

/** One customer's statement as a section (a page of its own when printed in bulk). */
export function renderStatementSection({ ledger, customer, currency, language, digits, second = null }: StatementInput): string {
  const t = LABELS[language];
  const where = documentLocale(language, digits);
  // A credit (a negative amount or balance) is printed as its size marked CR / دائن, never as a debt.
  const signed = (amount: string | null, code: string) => {
    if (amount === null) return '—';
    if (!amount.startsWith('-') || /^-0(\.0+)?$/.test(amount)) return moneyHtml(amount.replace(/^-/, ''), code, where);
    return `${moneyHtml(amount.slice(1), code, where)} <span class="cr" data-credit>${escapeHtml(t.cr)}</span>`;
  };
  const money = (amount: string) => signed(amount, currency);
  const inSecond = (amount: string | null) => (second ? signed(amount, second.currency) : '');
  const secondCell = (amount: string | null, figure = '') =>
    second ? `<td class="num second"${figure ? ` data-figure="${figure}"` : ''}>${inSecond(amount)}</td>` : '';
  const columns = second ? 6 : 5;
  const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${value}</td></tr>`;
  const date = (value: string | null, fallback: string) => text(value ? dateText(value, where) : fallback);
  const entries = ledger.entries
    .map(
      (entry, index) =>
        `<tr><td>${text(dateText(entry.date, where))}</td><td>${escapeHtml(t.kinds[entry.kind])}</td><td>${codeHtml(entry.reference)}</td><td class="num">${money(entry.amount)}</td>${secondCell(second?.amounts[index] ?? null)}<td class="num">${money(entry.balance)}</td></tr>`,
    )
    .join('');
  const ageing = (Object.keys(t.buckets) as (keyof typeof t.buckets)[])
    .map((bucket) => `<th class="num">${escapeHtml(textDigitsIn(t.buckets[bucket], where))}</th>`)
    .join('');
  const ageingValues = (Object.keys(t.buckets) as (keyof typeof t.buckets)[])
    .map((bucket) => `<td class="num">${money(ledger.ageing[bucket])}</td>`)
    .join('');
  const secondHeader = second ? `<th class="num">${escapeHtml(t.amountIn.replace('{currency}', second.currency))}</th>` : '';
  // The balances in the second currency, at the rate of the statement's last month, under the billing figure.
  const edge = (label: string, amount: string, secondAmount: string | null, figure: string) =>
    `<tr class="edge"><td colspan="${columns - 1}">${escapeHtml(label)}</td><td class="num" data-figure="${figure}">${money(amount)}${
      second ? `<div class="second" data-figure="${figure}-second">${inSecond(secondAmount)}</div>` : ''
    }</td></tr>`;
  const totals = second
    ? `<tr class="total"><td colspan="3">${escapeHtml(t.charged)}</td><td class="num">${money(second.chargedBilling)}</td>${secondCell(second.charged, 'charged-second')}<td></td></tr>
    <tr class="total"><td colspan="3">${escapeHtml(t.credited)}</td><td class="num">${money(second.creditedBilling)}</td>${secondCell(second.credited, 'credited-second')}<td></td></tr>`
    : '';
  const hasCredit =
    ledger.entries.some((entry) => entry.amount.startsWith('-') || entry.balance.startsWith('-')) || ledger.closing_balance.startsWith('-');
  return `<section class="statement">
<table class="facts">
  ${row(t.customer, text(customer.full_name))}
  ${row(t.code, codeHtml(customer.code))}
  ${customer.phone ? row(t.phone, codeHtml(customer.phone)) : ''}
  ${row(t.period, `${escapeHtml(t.from)} ${date(ledger.date_from, t.beginning)} ${escapeHtml(t.to)} ${date(ledger.date_to, t.today)}`)}
</table>
<table class="lines">
  <thead><tr><th>${escapeHtml(t.date)}</th><th>${escapeHtml(t.movement)}</th><th>${escapeHtml(t.reference)}</th><th class="num">${escapeHtml(t.amount)}</th>${secondHeader}<th class="num">${escapeHtml(t.balance)}</th></tr></thead>
  <tbody>
    ${edge(t.openingBalance, ledger.opening_balance, second?.opening ?? null, 'opening')}
    ${entries || `<tr><td colspan="${columns}" class="muted">${escapeHtml(t.noMovements)}</td></tr>`}
    ${totals}
    ${edge(t.closingBalance, ledger.closing_balance, second?.closing ?? null, 'closing')}
  </tbody>
</table>
${hasCredit ? `<p class="muted cr-note">${escapeHtml(t.creditNote)}</p>` : ''}
${customer.credit !== '0.00' && !/^0(\.0+)?$/.test(customer.credit) ? `<p data-figure="credit">${escapeHtml(t.credit)}: ${money(`-${customer.credit}`)}</p>` : ''}
<h2>${escapeHtml(t.ageing)}</h2>
<table class="lines ageing"><thead><tr>${ageing}</tr></thead><tbody><tr>${ageingValues}</tr></tbody></table>
</section>`;
}

/** The printable statement(s) of account, A4, as one self-contained page (several customers: one page each). */
export function renderStatementDocument(input: { sections: StatementInput[]; issuer: DocumentIssuer; language: DocumentLanguage }): string {
  const { sections, issuer, language } = input;
  const t = LABELS[language];
  const header = `<header>
  <div>
    ${issuerHtml(issuer)}
  </div>
  <div><h1>${escapeHtml(t.statement)}</h1></div>
</header>`;
  const footer = issuer.footer ? `<footer dir="auto">${escapeHtml(issuer.footer)}</footer>` : '';
  const pages = sections.map((section) => `<div class="page">${header}${renderStatementSection(section)}${footer}</div>`).join('');
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(sections.length === 1 ? `${t.statement} ${first(sections).customer.code}` : t.statement)}</title>
<style>
${documentStyles(language, {
  page: { size: 'A4', margin: '16mm' },
  body: { fontSize: '12px' },
  logo: { maxHeight: '64px', maxWidth: '180px' },
  title: '22px',
  company: '16px',
  factsLabelWidth: '30%',
  lines: true,
})}
  .page + .page { break-before: page; }
  h2 { font-size: 14px; margin: 14px 0 6px; }
  .facts { margin-bottom: 10px; }
  .lines tr { break-inside: avoid; }
  .edge td { font-weight: 700; background: #f9fafb; }
  .total td { font-weight: 600; border-top: 1px solid #d1d5db; }
  .second { font-weight: 400; color: #374151; }
  .cr { font-weight: 700; }
</style>
</head>
<body>
${pages}
</body>
</html>`;
}
