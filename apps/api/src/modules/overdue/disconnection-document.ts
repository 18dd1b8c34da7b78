import type { OverdueCustomer } from '@meterline/contract/overdue';
import type { DigitSystem } from '@meterline/contract/digits';
import { formatMoneyAmount, parseMoney } from '@meterline/contract/money';
import { codeHtml, countHtml, dateText, documentLocale, moneyHtml, pluralHtml, textHtml as text } from '../../lib/document-format';
import { escapeHtml, type DocumentIssuer, type DocumentLanguage, documentStyles } from '../invoices/index';

const LABELS = {
  en: {
    title: 'Disconnection list',
    criteria: 'Customers overdue at least {days}',
    days: { one: '{count} day', other: '{count} days' },
    service: 'Service',
    printedOn: 'Printed on',
    number: '#',
    code: 'Code',
    customer: 'Customer',
    phone: 'Phone',
    daysOverdue: 'Days overdue',
    oldestDueOn: 'Oldest due date',
    invoices: 'Invoices',
    amount: 'Overdue amount',
    done: 'Disconnected (date, initials)',
    total: 'Total: {customers}',
    customers: { one: '{count} customer', other: '{count} customers' },
    empty: 'Nobody is overdue that long.',
  },
  ar: {
    title: 'قائمة الفصل',
    criteria: 'المشتركون المتأخرون {days} على الأقل',
    days: { zero: '{count} يوم', one: 'يومًا واحدًا', two: 'يومين', few: '{count} أيام', many: '{count} يومًا', other: '{count} يوم' },
    service: 'الخدمة',
    printedOn: 'تاريخ الطباعة',
    number: '#',
    code: 'الرمز',
    customer: 'المشترك',
    phone: 'الهاتف',
    daysOverdue: 'أيام التأخير',
    oldestDueOn: 'أقدم تاريخ استحقاق',
    invoices: 'الفواتير',
    amount: 'المبلغ المتأخر',
    done: 'تم الفصل (التاريخ، التوقيع)',
    total: 'المجموع: {customers}',
    customers: {
      zero: '{count} مشترك',
      one: 'مشترك واحد',
      two: 'مشتركان',
      few: '{count} مشتركين',
      many: '{count} مشتركًا',
      other: '{count} مشترك',
    },
    empty: 'لا أحد متأخر إلى هذا الحد.',
  },
} as const;

export interface DisconnectionDocumentInput {
  rows: OverdueCustomer[];
  issuer: DocumentIssuer;
  language: DocumentLanguage;
  /** The reader's digits on an Arabic list; Arabic-Indic when none is given. */
  digits?: DigitSystem;
  minDays: number;
  /** The tenant's today (YYYY-MM-DD). */
  today: string;
  serviceName: string;
  currency: string;
  decimals: number;
}

/** The printable disconnection list, A4 landscape, as one self-contained page (printed by Chromium like the statements). */
export function renderDisconnectionDocument(input: DisconnectionDocumentInput): string {
  const { rows, issuer, language, minDays, today, serviceName, currency, decimals } = input;
  const where = documentLocale(language, input.digits);
  const t = LABELS[language];
  const number = (value: number) => countHtml(value, where);
  const money = (amount: string) => moneyHtml(amount, currency, where);
  const total = rows.reduce((sum, row) => sum + (parseMoney(row.overdue_amount, decimals) ?? 0n), 0n);
  const body = rows
    .map(
      (row, index) =>
        `<tr><td class="num">${number(index + 1)}</td><td>${codeHtml(row.customer_code)}</td><td>${text(row.customer_name)}</td><td>${row.phone ? codeHtml(row.phone) : '—'}</td><td class="num">${number(row.days_overdue)}</td><td>${text(dateText(row.oldest_due_on, where))}</td><td class="num">${number(row.overdue_invoices)}</td><td class="num">${money(row.overdue_amount)}</td><td class="blank"></td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(t.title)}</title>
<style>
${documentStyles(language, {
  page: { size: 'A4 landscape', margin: '12mm' },
  body: { fontSize: '11px' },
  header: { marginBottom: '10px' },
  logo: { maxHeight: '56px', maxWidth: '160px' },
  title: '20px',
  company: '15px',
  footer: { marginTop: '14px', paddingTop: '6px', fontSize: '10px' },
})}
  th, td { border-bottom: 1px solid #d1d5db; padding: 5px 4px; text-align: start; vertical-align: top; }
  thead th { background: #f3f4f6; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  .blank { width: 22%; }
  tfoot td { font-weight: 700; background: #f9fafb; }
</style>
</head>
<body>
<header>
  <div>
    ${issuer.logo ? `<img src="${escapeHtml(issuer.logo)}" alt="">` : ''}
    <div class="company">${text(issuer.companyName)}</div>
    <div class="muted">${[issuer.phone, issuer.email].filter(Boolean).map(codeHtml).join(' · ')}</div>
  </div>
  <div>
    <h1>${escapeHtml(t.title)}</h1>
    <div>${escapeHtml(t.criteria).replace('{days}', pluralHtml(t.days, minDays, where))}</div>
    <div class="muted">${escapeHtml(t.service)}: ${text(serviceName)} · ${escapeHtml(t.printedOn)}: ${text(dateText(today, where))}</div>
  </div>
</header>
<table>
  <thead><tr><th class="num">${escapeHtml(t.number)}</th><th>${escapeHtml(t.code)}</th><th>${escapeHtml(t.customer)}</th><th>${escapeHtml(t.phone)}</th><th class="num">${escapeHtml(t.daysOverdue)}</th><th>${escapeHtml(t.oldestDueOn)}</th><th class="num">${escapeHtml(t.invoices)}</th><th class="num">${escapeHtml(t.amount)}</th><th>${escapeHtml(t.done)}</th></tr></thead>
  <tbody>${body || `<tr><td colspan="9" class="muted">${escapeHtml(t.empty)}</td></tr>`}</tbody>
  <tfoot><tr><td colspan="7" data-figure="count">${escapeHtml(t.total).replace('{customers}', pluralHtml(t.customers, rows.length, where))}</td><td class="num" data-figure="total">${money(formatMoneyAmount(total, decimals))}</td><td></td></tr></tfoot>
</table>
${issuer.footer ? `<footer dir="auto">${escapeHtml(issuer.footer)}</footer>` : ''}
</body>
</html>`;
}
