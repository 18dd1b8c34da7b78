import type { CreditNote } from '@meterline/contract/account';
import type { DigitSystem } from '@meterline/contract/digits';
import { codeHtml, dateText, decimalHtml, documentLocale, moneyHtml, textHtml as text } from '../../lib/document-format';
import { escapeHtml, type DocumentIssuer, type DocumentLanguage, issuerHtml, documentStyles } from '../invoices/index';

const LABELS = {
  en: {
    creditNote: 'Credit note',
    number: 'Number',
    issuedOn: 'Issued on',
    invoice: 'Invoice credited',
    customer: 'Customer',
    code: 'Customer code',
    reason: 'Reason',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    tax: 'Tax',
    total: 'Total credited',
    applied: 'Taken off the invoice',
    toCredit: "Added to the customer's credit",
  },
  ar: {
    creditNote: 'إشعار دائن',
    number: 'الرقم',
    issuedOn: 'تاريخ الإصدار',
    invoice: 'الفاتورة المعنية',
    customer: 'المشترك',
    code: 'رمز المشترك',
    reason: 'السبب',
    description: 'البيان',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    tax: 'الضريبة',
    total: 'المجموع المُعاد',
    applied: 'مخصوم من الفاتورة',
    toCredit: 'مضاف إلى رصيد المشترك الدائن',
  },
} as const;

/**
 * The printable credit note (A4), printed like the invoice (`invoice-document.ts`): one
 * self-contained page, exact decimal texts of the API, Arabic right to left.
 */
export function renderCreditNoteDocument(input: {
  note: CreditNote;
  customerCode: string;
  issuer: DocumentIssuer;
  language: DocumentLanguage;
  /** The reader's digits on an Arabic credit note; Arabic-Indic when none is given. */
  digits?: DigitSystem;
}): string {
  const { note, customerCode, issuer, language } = input;
  const where = documentLocale(language, input.digits);
  const t = LABELS[language];
  const money = (amount: string) => moneyHtml(amount, note.currency, where);
  const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${value}</td></tr>`;
  const lines = note.lines
    .map(
      (line) =>
        `<tr><td>${text(line.description)}</td><td class="num">${decimalHtml(line.quantity, where)}</td><td class="num">${decimalHtml(line.unit_price, where, 6)}</td><td class="num">${money(line.amount)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`${t.creditNote} ${note.number}`)}</title>
<style>
${documentStyles(language, {
  page: { size: 'A4', margin: '16mm' },
  body: { fontSize: '13px' },
  logo: { maxHeight: '64px', maxWidth: '180px' },
  title: '24px',
  company: '16px',
  factsLabelWidth: '35%',
  lines: true,
  totals: 'half',
})}
  .lines { margin-top: 10px; }
</style>
</head>
<body>
<header>
  <div>
    ${issuerHtml(issuer)}
  </div>
  <div>
    <h1>${escapeHtml(t.creditNote)}</h1>
    <div>${codeHtml(note.number)}</div>
  </div>
</header>
<table class="facts">
  ${row(t.number, codeHtml(note.number))}
  ${row(t.issuedOn, text(dateText(note.issued_on, where)))}
  ${row(t.invoice, codeHtml(note.invoice_number))}
  ${row(t.customer, text(note.customer_name))}
  ${row(t.code, codeHtml(customerCode))}
  ${row(t.reason, text(note.reason))}
</table>
${
  lines
    ? `<table class="lines">
  <thead><tr><th>${escapeHtml(t.description)}</th><th class="num">${escapeHtml(t.quantity)}</th><th class="num">${escapeHtml(t.unitPrice)}</th><th class="num">${escapeHtml(t.amount)}</th></tr></thead>
  <tbody>${lines}</tbody>
</table>`
    : ''
}
<table class="totals">
  ${row(t.subtotal, money(note.subtotal))}
  ${row(t.tax, money(note.tax))}
  <tr class="grand"><th>${escapeHtml(t.total)}</th><td data-figure="total">${money(note.total)}</td></tr>
  ${row(t.applied, money(note.applied))}
  ${row(t.toCredit, money(note.to_credit))}
</table>
${issuer.footer ? `<footer dir="auto">${escapeHtml(issuer.footer)}</footer>` : ''}
</body>
</html>`;
}
