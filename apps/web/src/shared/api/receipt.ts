import type { ReceiptSize } from '@meterline/contract/cash';
import { apiClient } from '../lib/api-client';

const receiptPath = (serviceId: number, paymentId: number) => `services/${serviceId}/payments/${paymentId}/receipt/`;

/** The receipt of a payment: a PDF, or the printable HTML where the server has no Chromium. */
export function getReceipt(serviceId: number, paymentId: number, options: { size: ReceiptSize; language: string }): Promise<Blob> {
  return apiClient.getBlob(receiptPath(serviceId, paymentId), { query: { size: options.size, lang: options.language === 'ar' ? 'ar' : 'en' } });
}

/**
 * Opens the receipt in a new tab for the browser's viewer to print (the tab opens inside the
 * click, so no pop-up blocker stops it); without a tab the file is downloaded.
 */
export async function openReceipt(serviceId: number, paymentId: number, options: { size: ReceiptSize; language: string }): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const blob = await getReceipt(serviceId, paymentId, options);
    const url = URL.createObjectURL(blob);
    if (target && !target.closed) {
      target.opener = null;
      target.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return;
    }
    saveBlob(blob, `receipt-${paymentId}`);
    URL.revokeObjectURL(url);
  } catch (error) {
    target?.close();
    throw error;
  }
}

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}${blob.type.includes('pdf') ? '.pdf' : '.html'}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Shares the receipt file through the phone's share sheet (WhatsApp, …), else downloads it. */
export async function shareReceipt(serviceId: number, paymentId: number, options: { size: ReceiptSize; language: string; title: string }): Promise<void> {
  const blob = await getReceipt(serviceId, paymentId, options);
  const file = new File([blob], `receipt-${paymentId}${blob.type.includes('pdf') ? '.pdf' : '.html'}`, { type: blob.type });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    await navigator.share({ files: [file], title: options.title });
    return;
  }
  saveBlob(blob, `receipt-${paymentId}`);
}
