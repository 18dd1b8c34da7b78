import { transactionEndpoints } from '@meterline/contract/endpoints/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { transactionKeys } from '../../../shared/api/query-keys';

/** A page of the tenant's transactions (handovers, expenses, deposits, adjustments). */
export function getTransactions(query: Query, signal?: AbortSignal) {
  return callEndpoint(transactionEndpoints.list, { params: {}, query, signal });
}

export const transactionsQueryOptions = (query: Query) =>
  queryOptions({
    queryKey: transactionKeys.list(query),
    queryFn: ({ signal }) => getTransactions(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTransactions(query: Query) {
  return useQuery(transactionsQueryOptions(query));
}
