import { documentLang, openDocument } from '../../../shared/api/open-document';
import { apiClient } from '../../../shared/lib/api-client';

export type InvoiceDocumentFormat = 'a4' | 'receipt';

interface DocumentOptions {
  format: InvoiceDocumentFormat;
  /** The user's language: labels, digits and direction of the printed page. */
  language: string;
}

const documentPath = (serviceId: number, invoiceId: number) => `services/${serviceId}/invoices/${invoiceId}/pdf/`;
const documentQuery = ({ format, language }: DocumentOptions) => ({ format, lang: documentLang(language) });

/** Opens the printable invoice or receipt in a new tab for the browser's viewer to print. */
export function openInvoiceDocument(serviceId: number, invoiceId: number, options: DocumentOptions & { filename: string }): Promise<void> {
  return openDocument(documentPath(serviceId, invoiceId), documentQuery(options), options.filename);
}

/** Downloads the A4 PDF under the invoice number. */
export function downloadInvoicePdf(serviceId: number, invoiceId: number, options: { language: string; filename: string }): Promise<void> {
  return apiClient.download(documentPath(serviceId, invoiceId), `${options.filename}.pdf`, {
    query: documentQuery({ format: 'a4', language: options.language }),
  });
}

/** Every live invoice of a billed period (a station or region) in one printed document: the billing run's "print all". */
export function openPeriodInvoices(
  serviceId: number,
  period: { start: string; end: string; station?: number; region?: number },
  language: string,
): Promise<void> {
  const query = {
    period_start: period.start,
    period_end: period.end,
    station: period.station,
    region: period.region,
    lang: documentLang(language),
  };
  return openDocument(`services/${serviceId}/invoices/print/`, query, `invoices-${period.start.slice(0, 7)}`);
}
