import { tariffEndpoints } from '@meterline/contract/endpoints/tariffs';
import type { Paginated } from '@meterline/contract/pagination';
import type { Tariff } from '@meterline/contract/tariffs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { tariffKeys } from '../../../shared/api/query-keys';

export function getTariffs(serviceId: number, query: Query, signal?: AbortSignal): Promise<Paginated<Tariff>> {
  return callEndpoint(tariffEndpoints.list, { params: { serviceId }, query, signal });
}

export const tariffsQueryOptions = (serviceId: number, query: Query) =>
  queryOptions({
    queryKey: tariffKeys.list(serviceId, query),
    queryFn: ({ signal }) => getTariffs(serviceId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useTariffs(serviceId: number | undefined, query: Query) {
  return useQuery({ ...tariffsQueryOptions(serviceId ?? 0, query), enabled: Boolean(serviceId) });
}
