import { apiClient } from '../../../shared/lib/api-client';
import { documentLang, openDocument } from '../../../shared/lib/open-document';

export type InvoiceDocumentFormat = 'a4' | 'receipt';

interface DocumentOptions {
  format: InvoiceDocumentFormat;
  /** The user's language: labels, digits and direction of the printed page. */
  language: string;
}

const documentPath = (serviceId: number, invoiceId: number) => `services/${serviceId}/invoices/${invoiceId}/pdf/`;
const documentQuery = ({ format, language }: DocumentOptions) => ({ format, lang: documentLang(language) });

/** The printed invoice (A4) or 80 mm receipt: a PDF, or the printable HTML where the server has no Chromium. */
export function getInvoiceDocument(serviceId: number, invoiceId: number, options: DocumentOptions): Promise<Blob> {
  return apiClient.getBlob(documentPath(serviceId, invoiceId), { query: documentQuery(options) });
}

/** Opens the printable invoice or receipt in a new tab (`shared/lib/open-document.ts`). */
export function openInvoiceDocument(serviceId: number, invoiceId: number, options: DocumentOptions & { filename: string }): Promise<void> {
  return openDocument(() => getInvoiceDocument(serviceId, invoiceId, options), options.filename);
}

/** Downloads the A4 PDF under the invoice number. */
export function downloadInvoicePdf(serviceId: number, invoiceId: number, options: { language: string; filename: string }): Promise<void> {
  return apiClient.download(documentPath(serviceId, invoiceId), `${options.filename}.pdf`, { query: documentQuery({ format: 'a4', language: options.language }) });
}
