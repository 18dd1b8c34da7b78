import { customerAccountEndpoints } from '@meterline/contract/endpoints/customers';
import type { Ledger, LedgerQuery } from '@meterline/contract/ledger';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { customerKeys } from '../../../shared/api/query-keys';

/** The customer's ledger (`customers/{id}/ledger/?date_from=&date_to=`): opening, entries with the running balance, closing, ageing. */
export function getCustomerLedger(serviceId: number, customerId: number, query: LedgerQuery, signal?: AbortSignal): Promise<Ledger> {
  return callEndpoint(customerAccountEndpoints.ledger, { params: { serviceId, id: customerId }, query: { ...query }, signal });
}

export const customerLedgerQueryOptions = (serviceId: number, customerId: number, query: LedgerQuery) =>
  queryOptions({
    queryKey: customerKeys.ledger(serviceId, customerId, { ...query }),
    queryFn: ({ signal }) => getCustomerLedger(serviceId, customerId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomerLedger(serviceId: number | undefined, customerId: number, query: LedgerQuery) {
  return useQuery({ ...customerLedgerQueryOptions(serviceId ?? 0, customerId, query), enabled: Boolean(serviceId) });
}
