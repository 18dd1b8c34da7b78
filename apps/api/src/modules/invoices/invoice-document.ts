import type { Customer } from '@meterline/contract/customers';
import type { InvoiceDetail } from '@meterline/contract/invoices';
import { formatMoney } from '@meterline/contract/money';
import { trimDecimal } from '../services/decimal-input';

export type DocumentLanguage = 'en' | 'ar';
export type DocumentFormat = 'a4' | 'receipt';

/** What the printed invoice shows besides the invoice itself: the tenant's legal fields and logo. */
export interface DocumentIssuer {
  companyName: string;
  address: string;
  phone: string;
  email: string;
  footer: string;
  /** A data: URI (embedded, so the printer needs no network) or null. */
  logo: string | null;
}

const LABELS = {
  en: {
    invoice: 'Invoice',
    receipt: 'Receipt',
    number: 'Number',
    issuedOn: 'Issued on',
    dueOn: 'Due on',
    period: 'Period',
    status: 'Status',
    customer: 'Customer',
    code: 'Customer code',
    phone: 'Phone',
    address: 'Address',
    floor: 'Floor',
    apartment: 'Apartment',
    readings: 'Meter readings',
    previousReading: 'Previous reading',
    currentReading: 'Current reading',
    consumption: 'Consumption',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    tax: 'Tax',
    total: 'Total',
    amountPaid: 'Amount paid',
    balanceDue: 'Balance due',
    statuses: { unpaid: 'Unpaid', partially_paid: 'Partially paid', paid: 'Paid', cancelled: 'Cancelled', overdue: 'Overdue' },
  },
  ar: {
    invoice: 'فاتورة',
    receipt: 'إيصال',
    number: 'الرقم',
    issuedOn: 'تاريخ الإصدار',
    dueOn: 'تاريخ الاستحقاق',
    period: 'الفترة',
    status: 'الحالة',
    customer: 'المشترك',
    code: 'رمز المشترك',
    phone: 'الهاتف',
    address: 'العنوان',
    floor: 'الطابق',
    apartment: 'الشقة',
    readings: 'قراءات العداد',
    previousReading: 'القراءة السابقة',
    currentReading: 'القراءة الحالية',
    consumption: 'الاستهلاك',
    description: 'البيان',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    tax: 'الضريبة',
    total: 'الإجمالي',
    amountPaid: 'المبلغ المدفوع',
    balanceDue: 'الرصيد المستحق',
    statuses: { unpaid: 'غير مدفوعة', partially_paid: 'مدفوعة جزئياً', paid: 'مدفوعة', cancelled: 'ملغاة', overdue: 'متأخرة' },
  },
} as const;

/** The language of the document: `?lang=` first, then the request's Accept-Language, else English. */
export function documentLanguage(lang: string | undefined, acceptLanguage: string | undefined): DocumentLanguage {
  if (lang === 'ar' || lang === 'en') return lang;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);
}

/** Numbers and amounts isolated left-to-right, so "-12" never prints as "12-" in Arabic. */
const ltr = (value: string) => `<bdi dir="ltr">${escapeHtml(value)}</bdi>`;
/** Free text (names, line descriptions) takes the direction of its own first letter. */
const text = (value: string) => `<bdi>${escapeHtml(value)}</bdi>`;

/**
 * The printable invoice (A4) or receipt (80 mm) as one self-contained HTML page: every amount
 * is the exact decimal text of the API, formatted without floats; Arabic runs right to left.
 */
export function renderInvoiceDocument(input: {
  invoice: InvoiceDetail;
  customer: Customer | null;
  issuer: DocumentIssuer;
  unit: string;
  language: DocumentLanguage;
  format: DocumentFormat;
}): string {
  const { invoice, customer, issuer, unit, language, format } = input;
  const t = LABELS[language];
  const money = (amount: string) => ltr(formatMoney(amount, invoice.currency, language));
  const quantity = (value: string | null) => (value === null ? '' : ltr(trimDecimal(value)));
  const status = invoice.is_overdue ? t.statuses.overdue : t.statuses[invoice.status];
  const address = customer
    ? [customer.region_name, customer.street_name, customer.building_name].filter(Boolean).join('، ') +
      (customer.floor ? ` — ${t.floor} ${customer.floor}` : '') +
      (customer.apartment ? ` — ${t.apartment} ${customer.apartment}` : '')
    : '';
  const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${value}</td></tr>`;
  const isReceipt = format === 'receipt';

  const lines = invoice.lines
    .map(
      (line) =>
        `<tr><td>${text(line.description)}</td><td class="num">${quantity(line.quantity)}</td>${isReceipt ? '' : `<td class="num">${ltr(trimDecimal(line.unit_price))}</td>`}<td class="num">${money(line.amount)}</td></tr>`,
    )
    .join('');
  const readings =
    invoice.consumption === null
      ? ''
      : `<h2>${escapeHtml(t.readings)}</h2><table class="facts">${row(t.previousReading, quantity(invoice.previous_reading))}${row(t.currentReading, quantity(invoice.current_reading))}${row(t.consumption, ltr(`${trimDecimal(invoice.consumption)} ${unit}`.trim()))}</table>`;

  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`${isReceipt ? t.receipt : t.invoice} ${invoice.number}`)}</title>
<style>
  @page { size: ${isReceipt ? '80mm auto' : 'A4'}; margin: ${isReceipt ? '4mm' : '16mm'}; }
  * { box-sizing: border-box; }
  body { font-family: ${language === 'ar' ? "'Noto Sans Arabic', 'Noto Naskh Arabic'," : ''} 'Montserrat', 'Noto Sans', 'DejaVu Sans', sans-serif; color: #1f2937; margin: 0; font-size: ${isReceipt ? '11px' : '13px'}; width: ${isReceipt ? '72mm' : 'auto'}; }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; border-bottom: 2px solid #1f2937; padding-bottom: 8px; margin-bottom: 12px; ${isReceipt ? 'flex-direction: column; align-items: center; text-align: center;' : ''} }
  header img { max-height: ${isReceipt ? '40px' : '64px'}; max-width: 180px; }
  h1 { font-size: ${isReceipt ? '16px' : '24px'}; margin: 0 0 4px; }
  h2 { font-size: ${isReceipt ? '12px' : '15px'}; margin: 14px 0 6px; }
  .company { font-weight: 700; font-size: ${isReceipt ? '13px' : '16px'}; }
  .muted { color: #6b7280; }
  table { width: 100%; border-collapse: collapse; }
  .facts th { text-align: start; font-weight: 600; padding: 2px 8px 2px 0; width: ${isReceipt ? '45%' : '35%'}; }
  .facts td { padding: 2px 0; }
  .lines th, .lines td { border-bottom: 1px solid #e5e7eb; padding: 4px; text-align: start; }
  .lines thead th { background: #f3f4f6; }
  .num { text-align: end !important; white-space: nowrap; }
  .totals { margin-top: 10px; ${isReceipt ? '' : 'width: 50%; margin-inline-start: auto;'} }
  .totals th { text-align: start; padding: 2px 4px; font-weight: 500; }
  .totals td { text-align: end; padding: 2px 4px; }
  .totals .grand th, .totals .grand td { font-weight: 700; border-top: 2px solid #1f2937; }
  .status { display: inline-block; padding: 2px 8px; border: 1px solid #1f2937; border-radius: 8px; font-weight: 600; }
  footer { margin-top: 18px; border-top: 1px solid #e5e7eb; padding-top: 8px; font-size: 11px; color: #4b5563; white-space: pre-line; }
</style>
</head>
<body>
<header>
  <div>
    ${issuer.logo ? `<img src="${escapeHtml(issuer.logo)}" alt="">` : ''}
    <div class="company">${text(issuer.companyName)}</div>
    <div class="muted">${text(issuer.address)}</div>
    <div class="muted">${[issuer.phone, issuer.email].filter(Boolean).map(ltr).join(' · ')}</div>
  </div>
  <div>
    <h1>${escapeHtml(isReceipt ? t.receipt : t.invoice)}</h1>
    <div>${ltr(invoice.number)}</div>
    <div class="status">${escapeHtml(status)}</div>
  </div>
</header>
<table class="facts">
  ${row(t.number, ltr(invoice.number))}
  ${row(t.issuedOn, ltr(invoice.issued_on))}
  ${row(t.dueOn, ltr(invoice.due_on))}
  ${row(t.period, ltr(`${invoice.period_start} – ${invoice.period_end}`))}
  ${row(t.customer, text(invoice.customer_name))}
  ${row(t.code, ltr(invoice.customer_code))}
  ${customer?.phone ? row(t.phone, ltr(customer.phone)) : ''}
  ${address ? row(t.address, text(address)) : ''}
</table>
${readings}
<table class="lines">
  <thead><tr><th>${escapeHtml(t.description)}</th><th class="num">${escapeHtml(t.quantity)}</th>${isReceipt ? '' : `<th class="num">${escapeHtml(t.unitPrice)}</th>`}<th class="num">${escapeHtml(t.amount)}</th></tr></thead>
  <tbody>${lines}</tbody>
</table>
<table class="totals">
  ${row(t.subtotal, money(invoice.subtotal))}
  ${row(t.tax, money(invoice.tax))}
  <tr class="grand"><th>${escapeHtml(t.total)}</th><td>${money(invoice.total)}</td></tr>
  ${row(t.amountPaid, money(invoice.amount_paid))}
  <tr class="grand"><th>${escapeHtml(t.balanceDue)}</th><td>${money(invoice.balance_due)}</td></tr>
</table>
${issuer.footer ? `<footer dir="auto">${escapeHtml(issuer.footer)}</footer>` : ''}
</body>
</html>`;
}
