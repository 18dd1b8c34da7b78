import type { ReceiptSize } from '@meterline/contract/cash';
import type { DigitSystem } from '@meterline/contract/digits';
import {
  codeHtml,
  decimalHtml,
  documentLocale,
  escapeHtml,
  moneyHtml,
  textHtml as text,
  timeText,
  type DocumentLocale,
} from '../../lib/document-format';
import { publicLinkHtml, publicLinkStyles, type DocumentIssuer, type DocumentLanguage, type PublicLinkQr } from '../invoices/index';
import type { ReceiptCurrencies } from './receipt-currencies';

const LABELS = {
  en: {
    receipt: 'Payment receipt',
    number: 'Receipt number',
    date: 'Date',
    customer: 'Customer',
    code: 'Customer code',
    invoicesPaid: 'Invoices paid',
    invoice: 'Invoice',
    amount: 'Amount',
    received: 'Amount received',
    invoiceBalance: 'Invoice balance still due',
    balanceDue: 'Balance still due',
    collector: 'Received by',
    method: 'Method',
    methods: { cash: 'Cash', card: 'Card', bank_transfer: 'Bank transfer' } as Record<string, string>,
    verify: 'Scan to check your bill online',
    tendered: 'Handed over',
    handedOver: 'Total handed over',
    rate: 'Exchange rate',
    change: 'Change given',
    or: 'or',
  },
  ar: {
    receipt: 'إيصال دفع',
    number: 'رقم الإيصال',
    date: 'التاريخ',
    customer: 'المشترك',
    code: 'رمز المشترك',
    invoicesPaid: 'الفواتير المدفوعة',
    invoice: 'الفاتورة',
    amount: 'المبلغ',
    received: 'المبلغ المستلم',
    invoiceBalance: 'المتبقي على الفاتورة',
    balanceDue: 'الرصيد المتبقي',
    collector: 'المستلم',
    method: 'طريقة الدفع',
    methods: { cash: 'نقداً', card: 'بطاقة', bank_transfer: 'تحويل مصرفي' } as Record<string, string>,
    verify: 'امسح الرمز لمراجعة فاتورتك على الإنترنت',
    tendered: 'المبلغ المسلَّم',
    handedOver: 'مجموع المسلَّم',
    rate: 'سعر الصرف',
    change: 'الباقي المردود',
    or: 'أو',
  },
} as const;

export interface ReceiptData {
  receiptNumber: number;
  paidAt: Date;
  timezone: string;
  currency: string;
  customerName: string;
  customerCode: string;
  method: string;
  /** Invoices this receipt pays, with the amount paid on each (decimal texts). */
  invoices: { number: string; amount: string }[];
  received: string;
  invoiceBalance: string;
  balanceDue: string;
  collectorName: string;
  /** The customer's public bill link ("Check my bill"): its QR and the short link printed under it. */
  publicLink: PublicLinkQr;
  /** The payment in both currencies (`receipt-currencies.ts`); absent or null: one currency only. */
  currencies?: ReceiptCurrencies | null;
}

/** The paper of each size: a roll's printable width, or A5. */
export const RECEIPT_PAPER: Record<ReceiptSize, { widthMm: number | null; bodyWidth: string; fontPx: number }> = {
  '58': { widthMm: 58, bodyWidth: '50mm', fontPx: 10 },
  '80': { widthMm: 80, bodyWidth: '72mm', fontPx: 11 },
  a5: { widthMm: null, bodyWidth: 'auto', fontPx: 13 },
};

/** Date and time of the payment in the tenant's timezone and the document's language. */
export function formatReceiptTime(value: Date, timezone: string, where: DocumentLocale): string {
  return timeText(value, timezone, where);
}

/** The printable receipt (58 mm, 80 mm or A5) as one self-contained HTML page; Arabic right to left. */
export function renderReceiptDocument(input: {
  receipt: ReceiptData;
  issuer: DocumentIssuer;
  language: DocumentLanguage;
  /** The reader's digits on an Arabic receipt; Arabic-Indic when none is given. */
  digits?: DigitSystem;
  size: ReceiptSize;
}): string {
  const { receipt, issuer, language, size } = input;
  const where = documentLocale(language, input.digits);
  const t = LABELS[language];
  const paper = RECEIPT_PAPER[size];
  const isRoll = paper.widthMm !== null;
  const money = (amount: string) => moneyHtml(amount, receipt.currency, where);
  const currencies = receipt.currencies ?? null;
  const second = currencies?.second ?? null;
  // A figure of the billing currency, with its second-currency value under it when the invoice has a rate.
  const both = (amount: string, secondAmount: string | null) =>
    second && secondAmount !== null
      ? `${money(amount)}<div class="second">${moneyHtml(secondAmount, second.currency, where)}</div>`
      : money(amount);
  const tenderRows = (currencies?.tendered ?? [])
    .map(
      (part) =>
        `<tr class="tendered"><td>${codeHtml(part.currency)}</td><td class="num">${moneyHtml(part.amount, part.currency, where)}</td></tr>`,
    )
    .join('');
  const rateText = currencies?.rate
    ? `<bdi dir="ltr" class="rate">${decimalHtml('1', where)} ${codeHtml(currencies.rate.base)} = ${decimalHtml(currencies.rate.rate, where, 6)} ${codeHtml(currencies.rate.quote)}</bdi>`
    : null;
  const changeText = (currencies?.change ?? [])
    .map((part) => moneyHtml(part.amount, part.currency, where))
    .join(`<div class="or">${escapeHtml(t.or)}</div>`);
  const row = (label: string, value: string, className = '') =>
    `<tr${className ? ` class="${className}"` : ''}><th>${escapeHtml(label)}</th><td>${value}</td></tr>`;
  const invoiceRows = receipt.invoices
    .map((invoice) => `<tr class="invoice-paid"><td>${codeHtml(invoice.number)}</td><td class="num">${money(invoice.amount)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`${t.receipt} ${receipt.receiptNumber}`)}</title>
<style>
  @page { size: ${isRoll ? `${paper.widthMm}mm auto` : 'A5'}; margin: ${isRoll ? '3mm' : '12mm'}; }
  * { box-sizing: border-box; }
  body { font-family: ${language === 'ar' ? "'Noto Sans Arabic', 'Noto Naskh Arabic'," : ''} 'Montserrat', 'Noto Sans', 'DejaVu Sans', sans-serif; color: #111827; margin: 0; font-size: ${paper.fontPx}px; width: ${paper.bodyWidth}; }
  header { text-align: center; border-bottom: 2px solid #111827; padding-bottom: 6px; margin-bottom: 8px; }
  header img { max-height: 40px; max-width: 160px; }
  .company { font-weight: 700; font-size: 1.2em; }
  .muted { color: #4b5563; }
  h1 { font-size: 1.3em; margin: 6px 0 2px; }
  .number { font-size: 1.1em; font-weight: 700; }
  table { width: 100%; border-collapse: collapse; }
  th { text-align: start; font-weight: 600; padding: 2px 6px 2px 0; vertical-align: top; }
  td { padding: 2px 0; }
  .num, .facts td { text-align: end; white-space: nowrap; }
  h2 { font-size: 1em; margin: 8px 0 4px; border-bottom: 1px solid #d1d5db; }
  .invoices td { border-bottom: 1px dashed #d1d5db; padding: 3px 0; }
  .grand th, .grand td { font-weight: 700; font-size: 1.15em; border-top: 2px solid #111827; padding-top: 4px; }
  .second, .or { font-weight: 400; font-size: 0.9em; }
  .or { color: #4b5563; }
  .rate-row td { white-space: nowrap; }
  ${publicLinkStyles(isRoll ? '28mm' : '36mm')}
  footer { margin-top: 8px; border-top: 1px solid #d1d5db; padding-top: 6px; font-size: 0.85em; color: #4b5563; white-space: pre-line; text-align: center; }
</style>
</head>
<body>
<header>
  ${issuer.logo ? `<img src="${escapeHtml(issuer.logo)}" alt="">` : ''}
  <div class="company">${text(issuer.companyName)}</div>
  ${issuer.address ? `<div class="muted">${text(issuer.address)}</div>` : ''}
  ${issuer.phone || issuer.email ? `<div class="muted">${[issuer.phone, issuer.email].filter(Boolean).map(codeHtml).join(' · ')}</div>` : ''}
  <h1>${escapeHtml(t.receipt)}</h1>
  <div class="number" data-receipt-number="${receipt.receiptNumber}">${escapeHtml(t.number)}: ${codeHtml(String(receipt.receiptNumber))}</div>
</header>
<table class="facts">
  ${row(t.date, text(formatReceiptTime(receipt.paidAt, receipt.timezone, where)))}
  ${row(t.customer, text(receipt.customerName))}
  ${receipt.customerCode ? row(t.code, codeHtml(receipt.customerCode)) : ''}
  ${row(t.method, escapeHtml(t.methods[receipt.method] ?? receipt.method))}
  ${row(t.collector, text(receipt.collectorName))}
</table>
<h2>${escapeHtml(t.invoicesPaid)}</h2>
<table class="invoices">
  <tbody>${invoiceRows}</tbody>
</table>
${
  currencies
    ? `<h2>${escapeHtml(t.tendered)}</h2>
<table class="invoices" data-figure="tendered"><tbody>${tenderRows}${
        currencies.handedOver === null
          ? ''
          : `<tr class="handed-over"><th>${escapeHtml(t.handedOver)}</th><td class="num">${money(currencies.handedOver)}</td></tr>`
      }</tbody></table>`
    : ''
}
<table class="totals">
  ${rateText ? row(t.rate, rateText, 'rate-row') : ''}
  ${row(t.received, money(receipt.received), 'grand')}
  ${changeText ? row(t.change, changeText, 'change') : ''}
  ${row(t.invoiceBalance, both(receipt.invoiceBalance, second?.invoiceBalance ?? null))}
  ${row(t.balanceDue, both(receipt.balanceDue, second?.balanceDue ?? null), 'grand')}
</table>
${publicLinkHtml(receipt.publicLink, t.verify)}
${issuer.footer ? `<footer dir="auto">${escapeHtml(issuer.footer)}</footer>` : ''}
</body>
</html>`;
}
