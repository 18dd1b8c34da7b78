/** What other modules may use of `invoices`: they import it from here, never from its files. */
export type { LateFeePlan } from './billing-engine';
export { documentIssuerOf } from './document-issuer';
export { documentLanguage, documentStyles, escapeHtml, issuerHtml } from './invoice-document';
export type { DocumentIssuer, DocumentLanguage, DocumentLocale } from './invoice-document';
export { priceLines } from './invoice-lines';
export type { DraftLine } from './invoice-lines';
export { statusFor } from './invoice-rules';
export { findInvoiceRow, overdueCondition, updateInvoiceRow } from './invoices.repository';
export { findOpenInvoicesWhere } from './open-invoices.repository';
export { tenderFields, toPayment } from './payment-shape';
export type { PaymentRow, PaymentTenderRow } from './payment-shape';
export { PRINT_DESCRIPTION, sendPrinted } from './pdf-printer';
export type { PdfPrinter } from './pdf-printer';
export { findInvoiceRate, findInvoiceRates, findRateForMonth } from './pricing.repository';
export type { InvoiceRateRow } from './pricing.repository';
export { currencyTermsOf } from './two-currencies';
