import type { Customer } from '@meterline/contract/customers';
import type { InvoiceDetail, InvoiceLinePricing } from '@meterline/contract/invoices';
import { rateSides } from '@meterline/contract/currency-payments';
import type { DigitSystem } from '@meterline/contract/digits';
import { decimalIn } from '@meterline/contract/display-format';
import { publicLinkHtml, publicLinkQr, publicLinkStyles, type PublicLinkQr } from './public-link-qr';
import {
  codeHtml,
  decimalHtml,
  documentLocale,
  escapeHtml,
  ltrHtml,
  moneyHtml,
  monthText,
  nameHtml,
  periodText,
  quantityHtml,
  textHtml,
  dateText,
  type DocumentLanguage,
  type DocumentLocale,
} from '../../lib/document-format';

export { documentLanguage, escapeHtml, type DocumentLanguage, type DocumentLocale } from '../../lib/document-format';

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
    monthlyFee: 'monthly fee',
    tier: 'tier',
    exchangeRate: 'Exchange rate',
    totalIn: 'Total in {currency}',
    balanceDueIn: 'Balance due in {currency} (cash)',
    checkBill: 'Scan to check your bill online',
    payments: 'Payments',
    paid: 'Paid',
    tendered: 'Handed over',
    changeDue: 'Change due',
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
    monthlyFee: 'الرسم الشهري',
    tier: 'الشريحة',
    exchangeRate: 'سعر الصرف',
    totalIn: 'الإجمالي بـ {currency}',
    balanceDueIn: 'الرصيد المستحق بـ {currency} (نقدًا)',
    checkBill: 'امسح الرمز لمراجعة فاتورتك على الإنترنت',
    payments: 'الدفعات',
    paid: 'المدفوع',
    tendered: 'المبلغ المسلَّم',
    changeDue: 'الباقي للمشترك',
  },
} as const;

/** Free text (names, line descriptions) takes the direction of its own first letter. */
export const text = textHtml;

/** The fonts of a printed document: Noto's Arabic faces first for Arabic (installed with Chromium's fonts). */
export function documentFontFamily(language: DocumentLanguage): string {
  return `${language === 'ar' ? "'Noto Sans Arabic', 'Noto Naskh Arabic'," : ''} 'Montserrat', 'Noto Sans', 'DejaVu Sans', sans-serif`;
}

/** What differs between the printed documents' letterheads; every size is a CSS length. */
export interface DocumentStyle {
  /** `@page` size and margin. */
  page: { size: string; margin: string };
  /** The body's font size, and its width where the paper is narrower than the page (a receipt). */
  body: { fontSize: string; width?: string };
  /** The logo's largest box, the title's and the company name's font sizes. */
  logo: { maxHeight: string; maxWidth: string };
  title: string;
  company: string;
  /** Space under the letterhead (12px), and rules added to it (a receipt centres it). */
  header?: { marginBottom?: string; extra?: string };
  /** The footer's top margin, top padding and font size (18px, 8px, 11px). */
  footer?: { marginTop?: string; paddingTop?: string; fontSize?: string };
  /** `.facts`: a two-column table of labels (of this width) and values. */
  factsLabelWidth?: string;
  /** `.lines`: a table of lines under a shaded head. */
  lines?: boolean;
  /** `.totals`: the sums under the lines, on the half of the page at the end of the line, or full width. */
  totals?: 'half' | 'full';
}

/**
 * The stylesheet the printed documents share (invoice and receipt, credit note, statement,
 * disconnection list): page, fonts, letterhead, tables, amounts and footer. A document adds only
 * its own rules after it, inside its `<style>`.
 */
export function documentStyles(language: DocumentLanguage, style: DocumentStyle): string {
  const { page, body, logo, header = {}, footer = {} } = style;
  const rules = [
    `@page { size: ${page.size}; margin: ${page.margin}; }`,
    '* { box-sizing: border-box; }',
    `body { font-family: ${documentFontFamily(language)}; color: #1f2937; margin: 0; font-size: ${body.fontSize};${body.width ? ` width: ${body.width};` : ''} }`,
    `header { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; border-bottom: 2px solid #1f2937; padding-bottom: 8px; margin-bottom: ${header.marginBottom ?? '12px'};${header.extra ? ` ${header.extra}` : ''} }`,
    `header img { max-height: ${logo.maxHeight}; max-width: ${logo.maxWidth}; }`,
    `h1 { font-size: ${style.title}; margin: 0 0 4px; }`,
    `.company { font-weight: 700; font-size: ${style.company}; }`,
    '.muted { color: #6b7280; }',
    'table { width: 100%; border-collapse: collapse; }',
    ...(style.factsLabelWidth
      ? [
          `.facts th { text-align: start; font-weight: 600; padding: 2px 8px 2px 0; width: ${style.factsLabelWidth}; }`,
          '.facts td { padding: 2px 0; }',
        ]
      : []),
    ...(style.lines
      ? [
          '.lines th, .lines td { border-bottom: 1px solid #e5e7eb; padding: 4px; text-align: start; }',
          '.lines thead th { background: #f3f4f6; }',
        ]
      : []),
    '.num { text-align: end !important; white-space: nowrap; }',
    ...(style.totals
      ? [
          `.totals { margin-top: 10px;${style.totals === 'half' ? ' width: 50%; margin-inline-start: auto;' : ''} }`,
          '.totals th { text-align: start; padding: 2px 4px; font-weight: 500; }',
          '.totals td { text-align: end; padding: 2px 4px; }',
          '.totals .grand th, .totals .grand td { font-weight: 700; border-top: 2px solid #1f2937; }',
        ]
      : []),
    `footer { margin-top: ${footer.marginTop ?? '18px'}; border-top: 1px solid #e5e7eb; padding-top: ${footer.paddingTop ?? '8px'}; font-size: ${footer.fontSize ?? '11px'}; color: #4b5563; white-space: pre-line; }`,
  ];
  return rules.map((rule) => `  ${rule}`).join('\n');
}

/** The issuer's block of a letterhead: logo, company, address, phone and e-mail, each isolated. */
export function issuerHtml(issuer: DocumentIssuer): string {
  return [
    issuer.logo ? `<img src="${escapeHtml(issuer.logo)}" alt="">` : '',
    `<div class="company">${text(issuer.companyName)}</div>`,
    `<div class="muted">${text(issuer.address)}</div>`,
    `<div class="muted">${[issuer.phone, issuer.email].filter(Boolean).map(codeHtml).join(' · ')}</div>`,
  ].join('\n    ');
}

/** "1 USD = 89,500 LBP": the rate per one unit of the currency it is quoted for (docs/money-and-numbering.md), one left-to-right run. */
function rateHtml(billing: string, second: string, rate: string, base: string | null, where: DocumentLocale): string {
  const sides = rateSides(billing, second, base);
  return ltrHtml(`${decimalIn('1', where)} ${sides.base} = ${decimalIn(rate, where, 6)} ${sides.quote}`);
}

/**
 * A meter invoice's generated lines are stored in English (`"10 A: monthly fee"`,
 * `"Consumption: 241.334 kWh"`); printed in Arabic they read in Arabic. The bundle's name and the
 * quantity follow the display rule in both languages (docs/web.md, "Digits"): "15 A" and
 * "241.334 kWh" are left-to-right runs in the reader's digits, as on screen. Lines written by hand
 * print as written.
 */
function lineDescriptionHtml(line: InvoiceDetail['lines'][number], where: DocumentLocale): string {
  const { description, pricing } = line;
  const labels = LABELS[where.language === 'ar' ? 'ar' : 'en'];
  const fee = /^(.*): monthly fee$/.exec(description);
  if (fee)
    return where.language === 'ar'
      ? `${escapeHtml(labels.monthlyFee)}: ${nameHtml(fee[1] ?? '', where)}`
      : `${nameHtml(fee[1] ?? '', where)}: ${escapeHtml(labels.monthlyFee)}`;
  const consumption = /^Consumption: (\d+(?:\.\d+)?) ?(.*?)(?: \(.*\))?$/.exec(description);
  if (consumption)
    return `${escapeHtml(labels.consumption)}: ${quantityHtml(consumption[1] ?? '', consumption[2], where)}${pricingHtml(pricing, where)}`;
  return text(description);
}

/** How a consumption line was priced (docs/billing.md, "Tariffs"): its month, tariff and tier, in the document's language. */
function pricingHtml(pricing: InvoiceLinePricing | null, where: DocumentLocale): string {
  if (!pricing || (pricing.tariff === null && where.language !== 'ar')) return '';
  const parts = [
    escapeHtml(monthText(pricing.month, where)),
    pricing.tariff_name ? nameHtml(pricing.tariff_name, where) : '',
    pricing.tier === null
      ? ''
      : `${escapeHtml(LABELS[where.language === 'ar' ? 'ar' : 'en'].tier)} ${decimalHtml(String(pricing.tier), where)}`,
  ].filter(Boolean);
  return ` <span class="muted">(${parts.join(where.language === 'ar' ? '، ' : ', ')})</span>`;
}

export interface InvoiceDocumentInput {
  invoice: InvoiceDetail;
  customer: Customer | null;
  issuer: DocumentIssuer;
  unit: string;
  language: DocumentLanguage;
  /** The reader's digits on an Arabic document (`documentReader`); Arabic-Indic when none is given. */
  digits?: DigitSystem;
  format: DocumentFormat;
  /** The customer's public bill link ("Check my bill"): its QR and the short link, printed at the end. */
  publicLink?: PublicLinkQr;
}

/**
 * The printable invoice (A4) or receipt (80 mm) as one self-contained HTML page: every amount
 * is the exact decimal text of the API, formatted without floats; Arabic runs right to left.
 */
export function renderInvoiceDocument(input: InvoiceDocumentInput): string {
  const { invoice, customer, issuer, unit, language, format } = input;
  const where = documentLocale(language, input.digits);
  const t = LABELS[language];
  const money = (amount: string) => moneyHtml(amount, invoice.currency, where);
  const reading = (value: string | null) => (value === null ? '' : decimalHtml(value, where));
  const status = invoice.is_overdue ? t.statuses.overdue : t.statuses[invoice.status];
  // Each part isolated: Latin street names and "2A" apartments keep their order in Arabic.
  const address = customer
    ? [
        [customer.region_name, customer.street_name, customer.building_name]
          .filter((part): part is string => Boolean(part))
          .map((part) => nameHtml(part, where))
          .join(language === 'ar' ? '، ' : ', '),
        customer.floor ? `${escapeHtml(t.floor)} ${nameHtml(customer.floor, where)}` : '',
        customer.apartment ? `${escapeHtml(t.apartment)} ${nameHtml(customer.apartment, where)}` : '',
      ]
        .filter(Boolean)
        .join(' — ')
    : '';
  const row = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th><td>${value}</td></tr>`;
  const isReceipt = format === 'receipt';

  const lines = invoice.lines
    .map(
      (line) =>
        `<tr><td>${lineDescriptionHtml(line, where)}</td><td class="num">${reading(line.quantity)}</td>${isReceipt ? '' : `<td class="num">${decimalHtml(line.unit_price, where, 6)}</td>`}<td class="num">${money(line.amount)}</td></tr>`,
    )
    .join('');
  // The total and the balance in the second currency at the invoice's rate, and what each payment handed over.
  const secondMoney = (amount: string) => moneyHtml(amount, invoice.second_currency ?? invoice.currency, where);
  const secondCurrencyRows =
    invoice.second_currency && invoice.exchange_rate && invoice.total_second && invoice.balance_due_second
      ? [
          row(
            t.exchangeRate,
            rateHtml(invoice.currency, invoice.second_currency, invoice.exchange_rate, invoice.exchange_rate_base, where),
          ),
          row(t.totalIn.replace('{currency}', invoice.second_currency), secondMoney(invoice.total_second)),
          row(t.balanceDueIn.replace('{currency}', invoice.second_currency), secondMoney(invoice.balance_due_second)),
        ].join('')
      : '';
  const amountsText = (amounts: { currency: string; amount: string }[]) =>
    amounts.map((part) => moneyHtml(part.amount, part.currency, where)).join(' + ');
  const paymentsHtml = invoice.payments.length
    ? `<h2>${escapeHtml(t.payments)}</h2><table class="facts">${invoice.payments
        .map((payment) =>
          [
            row(`${t.paid} ${dateText(payment.paid_at.slice(0, 10), where)}`, money(payment.amount)),
            payment.tendered ? row(t.tendered, amountsText(payment.tendered)) : '',
            payment.change_due && payment.change_due.some((part) => !/^0(\.0+)?$/.test(part.amount))
              ? row(t.changeDue, payment.change_due.map((part) => moneyHtml(part.amount, part.currency, where)).join(' / '))
              : '',
          ].join(''),
        )
        .join('')}</table>`
    : '';
  const readings =
    invoice.consumption === null
      ? ''
      : `<h2>${escapeHtml(t.readings)}</h2><table class="facts">${row(t.previousReading, reading(invoice.previous_reading))}${row(t.currentReading, reading(invoice.current_reading))}${row(t.consumption, quantityHtml(invoice.consumption, unit, where))}</table>`;

  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`${isReceipt ? t.receipt : t.invoice} ${invoice.number}`)}</title>
<style>
${documentStyles(language, {
  page: { size: isReceipt ? '80mm auto' : 'A4', margin: isReceipt ? '4mm' : '16mm' },
  body: { fontSize: isReceipt ? '11px' : '13px', width: isReceipt ? '72mm' : 'auto' },
  header: isReceipt ? { extra: 'flex-direction: column; align-items: center; text-align: center;' } : {},
  logo: { maxHeight: isReceipt ? '40px' : '64px', maxWidth: '180px' },
  title: isReceipt ? '16px' : '24px',
  company: isReceipt ? '13px' : '16px',
  factsLabelWidth: isReceipt ? '45%' : '35%',
  lines: true,
  totals: isReceipt ? 'full' : 'half',
})}
  h2 { font-size: ${isReceipt ? '12px' : '15px'}; margin: 14px 0 6px; }
  .status { display: inline-block; padding: 2px 8px; border: 1px solid #1f2937; border-radius: 8px; font-weight: 600; }
  ${publicLinkStyles(isReceipt ? '28mm' : '32mm')}
</style>
</head>
<body>
<header>
  <div>
    ${issuerHtml(issuer)}
  </div>
  <div>
    <h1>${escapeHtml(isReceipt ? t.receipt : t.invoice)}</h1>
    <div>${codeHtml(invoice.number)}</div>
    <div class="status">${escapeHtml(status)}</div>
  </div>
</header>
<table class="facts">
  ${row(t.number, codeHtml(invoice.number))}
  ${row(t.issuedOn, text(dateText(invoice.issued_on, where)))}
  ${row(t.dueOn, text(dateText(invoice.due_on, where)))}
  ${row(t.period, text(periodText(invoice.period_start, invoice.period_end, where)))}
  ${row(t.customer, text(invoice.customer_name))}
  ${row(t.code, codeHtml(invoice.customer_code))}
  ${customer?.phone ? row(t.phone, codeHtml(customer.phone)) : ''}
  ${address ? row(t.address, address) : ''}
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
  ${secondCurrencyRows}
</table>
${paymentsHtml}
${input.publicLink ? publicLinkHtml(input.publicLink, t.checkBill) : ''}
${issuer.footer ? `<footer dir="auto">${escapeHtml(issuer.footer)}</footer>` : ''}
</body>
</html>`;
}

/** The printable invoice with its customer's public bill link (the invoice's `public_url`) at its end. */
export async function linkedInvoiceHtml(input: Omit<InvoiceDocumentInput, 'publicLink'>): Promise<string> {
  const publicLink = input.invoice.public_url ? await publicLinkQr(input.invoice.public_url) : undefined;
  return renderInvoiceDocument({ ...input, publicLink });
}

/**
 * Several printed documents in one (the billing run's "print all"): the first one's head and
 * style, each body on its own page.
 */
export function combineDocuments(documents: string[], language: DocumentLanguage): string {
  const bodyOf = (html: string) => html.slice(html.indexOf('<body>') + '<body>'.length, html.lastIndexOf('</body>'));
  const first = documents[0];
  if (!first) {
    return `<!doctype html>\n<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title></title></head><body></body></html>`;
  }
  const head = first.slice(0, first.indexOf('<body>'));
  const pages = documents.map((html) => `<section class="page">${bodyOf(html)}</section>`).join('\n');
  return `${head.replace('</style>', '  .page { break-after: page; }\n  .page:last-child { break-after: auto; }\n</style>')}<body>\n${pages}\n</body>\n</html>`;
}
