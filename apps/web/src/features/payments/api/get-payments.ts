import type { Paginated } from '@meterline/contract/pagination';
import type { Payment, PaymentTotals } from '@meterline/contract/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Query } from '../../../shared/lib/api-client';
import { paymentKeys } from '../../../shared/api/query-keys';

/** A page of the service's payments (reversals are negative); the query is the list's URL state. */
export function getPayments(serviceId: number, query: Query, signal?: AbortSignal): Promise<Paginated<Payment, PaymentTotals>> {
  return apiClient.get<Paginated<Payment, PaymentTotals>>(`services/${serviceId}/payments/`, { query, signal });
}

export const paymentsQueryOptions = (serviceId: number, query: Query) =>
  queryOptions({
    queryKey: paymentKeys.list(serviceId, query),
    queryFn: ({ signal }) => getPayments(serviceId, query, signal),
    placeholderData: keepPreviousData,
  });

export function usePayments(serviceId: number | undefined, query: Query) {
  return useQuery({ ...paymentsQueryOptions(serviceId ?? 0, query), enabled: Boolean(serviceId) });
}
