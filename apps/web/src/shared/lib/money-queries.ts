import type { QueryClient } from '@tanstack/react-query';

/** Query keys that show a service's money, beside `['statistics']` and `['transactions']`. */
const MONEY_ENTITIES = ['invoices', 'payments', 'customers', 'counters'] as const;

/**
 * After money moves on a service (a payment, a reversal, a cancelled or new invoice, a billing
 * run), everything that shows it is asked again, so no screen keeps a stale total: the dashboard's
 * statistics, invoice and payment lists and details, customers' balances, meters' unbilled
 * consumption and the transactions' invoice summary. Service data is keyed
 * `['services', serviceId, '<entity>', ...]`.
 */
export function invalidateMoneyQueries(queryClient: QueryClient, serviceId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['statistics'] }),
    queryClient.invalidateQueries({ queryKey: ['transactions'] }),
    ...MONEY_ENTITIES.map((entity) => queryClient.invalidateQueries({ queryKey: ['services', serviceId, entity] })),
  ]);
}
