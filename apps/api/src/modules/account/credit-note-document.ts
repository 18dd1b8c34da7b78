import type { CreditNote } from '@meterline/contract/account';
import { formatMoney } from '@meterline/contract/money';
import { escapeHtml, formatDocumentDate, formatDocumentDecimal, ltr, text, type DocumentIssuer, type DocumentLanguage, issuerHtml, documentFontFamily } from '../invoices/invoice-document';

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
export function renderCreditNoteDocument(input: { note: CreditNote; customerCode: string; issuer: DocumentIssuer; language: DocumentLanguage }): string {
  const { note, customerCode, issuer, language } = input;
  const t = LABELS[language];
  const money = (amount: string) => ltr(formatMoney(amount, note.currency, language));
  const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${value}</td></tr>`;
  const lines = note.lines
    .map(
      (line) =>
        `<tr><td>${text(line.description)}</td><td class="num">${ltr(formatDocumentDecimal(line.quantity, language))}</td><td class="num">${ltr(formatDocumentDecimal(line.unit_price, language, 6))}</td><td class="num">${money(line.amount)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`${t.creditNote} ${note.number}`)}</title>
<style>
  @page { size: A4; margin: 16mm; }
  * { box-sizing: border-box; }
  body { font-family: ${documentFontFamily(language)}; color: #1f2937; margin: 0; font-size: 13px; }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; border-bottom: 2px solid #1f2937; padding-bottom: 8px; margin-bottom: 12px; }
  header img { max-height: 64px; max-width: 180px; }
  h1 { font-size: 24px; margin: 0 0 4px; }
  .company { font-weight: 700; font-size: 16px; }
  .muted { color: #6b7280; }
  table { width: 100%; border-collapse: collapse; }
  .facts th { text-align: start; font-weight: 600; padding: 2px 8px 2px 0; width: 35%; }
  .facts td { padding: 2px 0; }
  .lines { margin-top: 10px; }
  .lines th, .lines td { border-bottom: 1px solid #e5e7eb; padding: 4px; text-align: start; }
  .lines thead th { background: #f3f4f6; }
  .num { text-align: end !important; white-space: nowrap; }
  .totals { margin-top: 10px; width: 50%; margin-inline-start: auto; }
  .totals th { text-align: start; padding: 2px 4px; font-weight: 500; }
  .totals td { text-align: end; padding: 2px 4px; }
  .totals .grand th, .totals .grand td { font-weight: 700; border-top: 2px solid #1f2937; }
  footer { margin-top: 18px; border-top: 1px solid #e5e7eb; padding-top: 8px; font-size: 11px; color: #4b5563; white-space: pre-line; }
</style>
</head>
<body>
<header>
  <div>
    ${issuerHtml(issuer)}
  </div>
  <div>
    <h1>${escapeHtml(t.creditNote)}</h1>
    <div>${ltr(note.number)}</div>
  </div>
</header>
<table class="facts">
  ${row(t.number, ltr(note.number))}
  ${row(t.issuedOn, text(formatDocumentDate(note.issued_on, language)))}
  ${row(t.invoice, ltr(note.invoice_number))}
  ${row(t.customer, text(note.customer_name))}
  ${row(t.code, ltr(customerCode))}
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
