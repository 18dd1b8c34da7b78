import { paymentEndpoints } from '@meterline/contract/endpoints/payments';
import type { ResponseOf } from '@meterline/contract/endpoint';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { paymentKeys } from '../../../shared/api/query-keys';

/** A page of the service's payments (reversals are negative); the query is the list's URL state. */
export function getPayments(serviceId: number, query: Query, signal?: AbortSignal): Promise<ResponseOf<typeof paymentEndpoints.list>> {
  return callEndpoint(paymentEndpoints.list, { params: { serviceId }, query, signal });
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
