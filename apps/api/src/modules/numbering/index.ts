/** What other modules may use of `numbering`: they import it from here, never from its files. */
export { takeCreditNoteNumber, takeInvoiceNumber, takeInvoiceNumbers, takeReceiptNumber } from './numbering.repository';
