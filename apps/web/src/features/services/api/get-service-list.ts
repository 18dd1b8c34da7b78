import { serviceEndpoints } from '@meterline/contract/endpoints/services';
import type { Paginated } from '@meterline/contract/pagination';
import type { Service } from '@meterline/contract/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceKeys } from '../../../shared/api/query-keys';
import type { ListQueryParams } from '../../../shared/hooks/use-list-url-state';
import { callEndpoint } from '../../../shared/lib/api-client';

/** Every service of the tenant, disabled ones too, in their order (`list service`). */
export function getServiceList(signal?: AbortSignal): Promise<Service[]> {
  return callEndpoint(serviceEndpoints.list, { params: {}, query: { include_inactive: 'true' }, signal });
}

export const serviceListQueryOptions = () =>
  queryOptions({ queryKey: serviceKeys.lists(), queryFn: ({ signal }) => getServiceList(signal) });

/** The page the list's URL asks for: a tenant has a handful of services, so search, filter and paging happen here. */
export function servicePageOf(services: Service[], query: ListQueryParams): Paginated<Service> {
  const search = String(query.search ?? '')
    .trim()
    .toLowerCase();
  const isActive = query.is_active === undefined ? undefined : query.is_active === 'true';
  const matching = services.filter(
    (service) =>
      (isActive === undefined || service.is_active === isActive) &&
      (!search ||
        service.name.toLowerCase().includes(search) ||
        service.name_ar.includes(search) ||
        service.unit.toLowerCase().includes(search)),
  );
  const pageSize = Number(query.page_size) || matching.length || 1;
  const start = (Math.max(Number(query.page) || 1, 1) - 1) * pageSize;
  return { count: matching.length, count_capped: false, next: null, previous: null, results: matching.slice(start, start + pageSize) };
}

export function useServiceList(query: ListQueryParams) {
  return useQuery({ ...serviceListQueryOptions(), select: (services) => servicePageOf(services, query) });
}

/** The whole order (the reorder call sends every id). */
export function useAllServices() {
  return useQuery(serviceListQueryOptions());
}
