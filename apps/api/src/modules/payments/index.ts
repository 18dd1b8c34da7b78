/** What other modules may use of `payments`: they import it from here, never from its files. */
export { insertPayment } from './payments.repository';
export { parseAmounts } from './payment-tenders';
