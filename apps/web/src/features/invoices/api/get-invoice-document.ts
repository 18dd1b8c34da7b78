import { apiClient } from '../../../shared/lib/api-client';

export type InvoiceDocumentFormat = 'a4' | 'receipt';

interface DocumentOptions {
  format: InvoiceDocumentFormat;
  /** The user's language: labels, digits and direction of the printed page. */
  language: string;
}

const documentPath = (serviceId: number, invoiceId: number) => `services/${serviceId}/invoices/${invoiceId}/pdf/`;
const documentQuery = ({ format, language }: DocumentOptions) => ({ format, lang: language === 'ar' ? 'ar' : 'en' });

/** The printed invoice (A4) or 80 mm receipt: a PDF, or the printable HTML where the server has no Chromium. */
export function getInvoiceDocument(serviceId: number, invoiceId: number, options: DocumentOptions): Promise<Blob> {
  return apiClient.getBlob(documentPath(serviceId, invoiceId), { query: documentQuery(options) });
}

/**
 * Opens the printable document in a new tab, where the browser's viewer prints it. The tab is
 * opened at once (inside the click, so no pop-up blocker stops it) and filled when the file has
 * come (the call needs the bearer token, so a plain link cannot fetch it). Without a tab the
 * file is downloaded instead.
 */
export async function openInvoiceDocument(serviceId: number, invoiceId: number, options: DocumentOptions & { filename: string }): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const blob = await getInvoiceDocument(serviceId, invoiceId, options);
    const url = URL.createObjectURL(blob);
    if (target && !target.closed) {
      target.opener = null;
      target.location.href = url;
      // The tab keeps what it loaded; the URL itself can go once it has.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return;
    }
    const link = document.createElement('a');
    link.href = url;
    link.download = `${options.filename}${blob.type.includes('pdf') ? '.pdf' : '.html'}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (error) {
    target?.close();
    throw error;
  }
}

/** Downloads the A4 PDF under the invoice number. */
export function downloadInvoicePdf(serviceId: number, invoiceId: number, options: { language: string; filename: string }): Promise<void> {
  return apiClient.download(documentPath(serviceId, invoiceId), `${options.filename}.pdf`, { query: documentQuery({ format: 'a4', language: options.language }) });
}
