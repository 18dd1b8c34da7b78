/** What other modules may use of `transactions`: they import it from here, never from its files. */
export { insertTransaction } from './transactions.repository';
