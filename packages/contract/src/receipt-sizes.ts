/** The printed receipt's widths: 58 and 80 mm thermal rolls, or an A5 sheet. Without zod (cash.ts re-exports it): the collect screen reads it on first render. */
export const RECEIPT_SIZES = ['58', '80', 'a5'] as const;
export type ReceiptSize = (typeof RECEIPT_SIZES)[number];
