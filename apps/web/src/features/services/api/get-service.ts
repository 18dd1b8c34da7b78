import { serviceEndpoints } from '@meterline/contract/endpoints/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceKeys } from '../../../shared/api/query-keys';
import { callEndpoint } from '../../../shared/lib/api-client';

export function getService(serviceId: number, signal?: AbortSignal) {
  return callEndpoint(serviceEndpoints.get, { params: { id: serviceId }, signal });
}

export const serviceQueryOptions = (serviceId: number) =>
  queryOptions({ queryKey: serviceKeys.detail(serviceId), queryFn: ({ signal }) => getService(serviceId, signal) });

export function useService(serviceId: number) {
  return useQuery({ ...serviceQueryOptions(serviceId), enabled: serviceId > 0 });
}
