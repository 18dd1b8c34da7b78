/** What other modules may use of `payments`: they import it from here, never from its files. */
export { insertPayment, paymentJsonOf } from './payments.repository';
export { parseAmounts, tenderedColumnsOf, tenderedJsonOf } from './payment-tenders';
