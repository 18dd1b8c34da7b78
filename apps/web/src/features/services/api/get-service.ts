import type { Service } from '@meterline/contract/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceKeys } from '../../../shared/api/query-keys';
import { apiClient } from '../../../shared/lib/api-client';

export function getService(serviceId: number, signal?: AbortSignal): Promise<Service> {
  return apiClient.get<Service>(`services/${serviceId}/`, { signal });
}

export const serviceQueryOptions = (serviceId: number) =>
  queryOptions({ queryKey: serviceKeys.detail(serviceId), queryFn: ({ signal }) => getService(serviceId, signal) });

export function useService(serviceId: number) {
  return useQuery({ ...serviceQueryOptions(serviceId), enabled: serviceId > 0 });
}
