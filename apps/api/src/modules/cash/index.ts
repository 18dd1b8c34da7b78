/** What other modules may use of `cash`: they import it from here, never from its files. */
export { issueReceiptNumber } from './cash.repository';
export { collectorHolder } from './collector-payments';
