import type { Query } from '../../../shared/lib/api-client';

/** Query keys of the tenant's exchange rates (under a service, like every billing call): writes invalidate `all(serviceId)`. */
export const exchangeRateQueryKeys = {
  all: (serviceId: number) => ['services', serviceId, 'exchange-rates'] as const,
  list: (serviceId: number, query: Query) => ['services', serviceId, 'exchange-rates', 'list', query] as const,
};
