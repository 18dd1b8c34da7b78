import type { QueryClient } from '@tanstack/react-query';
import {
  cashKeys,
  counterKeys,
  customerKeys,
  invoiceKeys,
  paymentKeys,
  routeKeys,
  statisticsKeys,
  transactionKeys,
} from '../api/query-keys';

/** Query keys that show a service's money, beside `['statistics']` and `['transactions']`. */
const MONEY_ENTITIES = [invoiceKeys, paymentKeys, customerKeys, counterKeys, cashKeys, routeKeys];

/**
 * After money moves on a service (a payment, a reversal, a cancelled or new invoice, a billing
 * run), everything that shows it is asked again, so no screen keeps a stale total: the dashboard's
 * statistics, invoice and payment lists and details, customers' balances, meters' unbilled
 * consumption and the transactions' invoice summary. Service data is keyed
 * `['services', serviceId, '<entity>', ...]`.
 */
export function invalidateMoneyQueries(queryClient: QueryClient, serviceId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: statisticsKeys.all }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
    ...MONEY_ENTITIES.map((keys) => queryClient.invalidateQueries({ queryKey: keys.all(serviceId) })),
  ]);
}
