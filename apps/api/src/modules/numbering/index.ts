/** What other modules may use of `numbering`: they import it from here, never from its files. */
export { issueReceipt, takeCreditNoteNumber, takeInvoiceNumber, takeInvoiceNumbers } from './numbering.repository';
