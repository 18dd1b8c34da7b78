import type { ReceiptSize } from '@meterline/contract/cash';
import { apiClient } from '../lib/api-client';
import { documentLang, openDocument, saveBlob } from './open-document';

const receiptPath = (serviceId: number, paymentId: number) => `services/${serviceId}/payments/${paymentId}/receipt/`;

/** The receipt of a payment: a PDF, or the printable HTML where the server has no Chromium. */
export function getReceipt(serviceId: number, paymentId: number, options: { size: ReceiptSize; language: string }): Promise<Blob> {
  return apiClient.getBlob(receiptPath(serviceId, paymentId), { query: { size: options.size, lang: documentLang(options.language) } });
}

/** Opens the receipt in a new tab for the browser's viewer to print; without a tab the file is downloaded. */
export function openReceipt(serviceId: number, paymentId: number, options: { size: ReceiptSize; language: string }): Promise<void> {
  return openDocument(
    receiptPath(serviceId, paymentId),
    { size: options.size, lang: documentLang(options.language) },
    `receipt-${paymentId}`,
  );
}

/** Shares the receipt file through the phone's share sheet (WhatsApp, …), else downloads it. */
export async function shareReceipt(
  serviceId: number,
  paymentId: number,
  options: { size: ReceiptSize; language: string; title: string },
): Promise<void> {
  const blob = await getReceipt(serviceId, paymentId, options);
  const file = new File([blob], `receipt-${paymentId}${blob.type.includes('pdf') ? '.pdf' : '.html'}`, { type: blob.type });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    await navigator.share({ files: [file], title: options.title });
    return;
  }
  saveBlob(blob, `receipt-${paymentId}`);
}
