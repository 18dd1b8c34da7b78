/** What other modules may use of `customers`: they import it from here, never from its files. */
export {
  addToCustomerBalance,
  addToCustomerBalances,
  addToCustomerCredit,
  findCustomer,
  findCustomerRow,
  findCustomersWhere,
  renewPublicLinkVersion,
} from './customers.repository';
export { customerLinkOf, initialReadingText } from './customers.service';
