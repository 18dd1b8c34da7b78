import { routeEndpoints } from '@meterline/contract/endpoints/routes';
import type { Paginated } from '@meterline/contract/pagination';
import type { RoundFieldData } from '@meterline/contract/round-field-data';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { counterKeys, customerKeys, invoiceKeys, routeKeys } from '../../../shared/api/query-keys';
import { COLLECT_INVOICES_QUERY } from '../../../shared/api/get-customer-invoices';
import { buildingCountersQuery } from '../../../shared/api/get-counters';

/** The round's whole day (`…/routes/field-data/?collector=&date=`): buildings, customers, open invoices, meters. */
export function getRoundFieldData(serviceId: number, query: Query, signal?: AbortSignal): Promise<RoundFieldData> {
  return callEndpoint(routeEndpoints.fieldData, { params: { serviceId }, query, signal });
}

function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(keyOf(row));
    if (group) group.push(row);
    else groups.set(keyOf(row), [row]);
  }
  return groups;
}

const pageOf = <T>(results: T[]): Paginated<T> => ({ count: results.length, count_capped: false, next: null, previous: null, results });

/**
 * Puts the day into the cache under the very keys the screens read (docs/offline.md): each building
 * of the round, each customer (the collect page's header), each customer's open invoices (the
 * collect page's list) and each building's meters (the reading form), so those screens open with
 * no network, whether or not they were opened before. Persisted with the rest of the field data.
 */
export function seedRoundFieldData(queryClient: QueryClient, serviceId: number, roundQuery: Query, data: RoundFieldData): void {
  for (const building of data.buildings) queryClient.setQueryData(routeKeys.detail(serviceId, building.building, roundQuery), building);
  const invoicesOf = groupBy(data.open_invoices, (invoice) => invoice.customer);
  for (const customer of data.customers) {
    queryClient.setQueryData(customerKeys.detail(serviceId, customer.id), customer);
    const invoices = pageOf(invoicesOf.get(customer.id) ?? []);
    queryClient.setQueryData(invoiceKeys.list(serviceId, { ...COLLECT_INVOICES_QUERY, customer: customer.id }), invoices);
  }
  const countersOf = groupBy(data.counters, (counter) => counter.building);
  for (const building of data.buildings) {
    const counters = pageOf(countersOf.get(building.building) ?? []);
    queryClient.setQueryData(counterKeys.list(serviceId, buildingCountersQuery(building.building)), counters);
  }
}

/** What is kept of the answer itself: the day and how many doors were put on the phone (the rest lives under the screens' keys). */
export interface RoundFieldDataSummary {
  date: string;
  customers: number;
  buildings: number;
}

/**
 * Fetches the round's day when the round or a building of it opens online, at most every five
 * minutes, and seeds the cache with it; offline it keeps what it had.
 */
export function useRoundFieldData(serviceId: number | undefined, roundQuery: Query, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: routeKeys.fieldData(serviceId ?? 0, roundQuery),
    queryFn: async ({ signal, client }): Promise<RoundFieldDataSummary> => {
      const data = await getRoundFieldData(serviceId ?? 0, roundQuery, signal);
      seedRoundFieldData(client, serviceId ?? 0, roundQuery, data);
      return { date: data.date, customers: data.customers.length, buildings: data.buildings.length };
    },
    staleTime: 5 * 60 * 1000,
    enabled: Boolean(serviceId) && isEnabled,
  });
}
