import { tariffEndpoints } from '@meterline/contract/endpoints/tariffs';
import type { Tariff } from '@meterline/contract/tariffs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tariffKeys } from '../../../shared/api/query-keys';

export function getTariff(serviceId: number, tariffId: number, signal?: AbortSignal): Promise<Tariff> {
  return callEndpoint(tariffEndpoints.get, { params: { serviceId, id: tariffId }, signal });
}

export const tariffQueryOptions = (serviceId: number, tariffId: number) =>
  queryOptions({ queryKey: tariffKeys.detail(serviceId, tariffId), queryFn: ({ signal }) => getTariff(serviceId, tariffId, signal) });

export function useTariff(serviceId: number | undefined, tariffId: number) {
  return useQuery({ ...tariffQueryOptions(serviceId ?? 0, tariffId), enabled: Boolean(serviceId) && tariffId > 0 });
}
