import { paymentEndpoints } from '@meterline/contract/endpoints/payments';
import type { Payment, PaymentTotals } from '@meterline/contract/payments';
import type { Paginated } from '@meterline/contract/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { paymentKeys } from '../../../shared/api/query-keys';

/** The customer's payments (`payments/?customer=`), under the payments key so money writes refresh them. */
export function getCustomerPayments(
  serviceId: number,
  customerId: number,
  query: Query,
  signal?: AbortSignal,
): Promise<Paginated<Payment, PaymentTotals>> {
  return callEndpoint(paymentEndpoints.list, { params: { serviceId }, query: { ...query, customer: customerId }, signal });
}

export const customerPaymentsQueryOptions = (serviceId: number, customerId: number, query: Query) =>
  queryOptions({
    queryKey: paymentKeys.list(serviceId, { ...query, customer: customerId }),
    queryFn: ({ signal }) => getCustomerPayments(serviceId, customerId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomerPayments(
  serviceId: number | undefined,
  customerId: number,
  query: Query,
  { isEnabled = true }: { isEnabled?: boolean } = {},
) {
  return useQuery({ ...customerPaymentsQueryOptions(serviceId ?? 0, customerId, query), enabled: isEnabled && Boolean(serviceId) });
}
