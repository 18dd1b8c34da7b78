/** How each gapless number reads (pure: the services, the seed and the tests format with these). */

/** `INV-2026-000042`: the tenant's prefix, the year of issue, the sequence padded to six digits. */
export function formatInvoiceNumber(prefix: string, year: string, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** `CN-2026-000007`: credit notes share no prefix setting; the year of issue and six digits. */
export function formatCreditNoteNumber(year: string, sequence: number): string {
  return `CN-${year}-${String(sequence).padStart(6, '0')}`;
}
