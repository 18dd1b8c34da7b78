import { statisticsEndpoints } from '@meterline/contract/endpoints/statistics';
import type { CollectionsByStaff, StatisticsQuery } from '@meterline/contract/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { statisticsKeys } from '../../../shared/api/query-keys';

/** Parsed with the contract schema, so a changed answer fails loudly here rather than in a chart. */
export async function getCollectionsByStaff(query: StatisticsQuery, signal?: AbortSignal): Promise<CollectionsByStaff> {
  // The schema (and zod) download beside the answer, not with the screen (docs/performance.md, "No zod before a screen shows").
  const [answer, { collectionsByStaffSchema }] = await Promise.all([
    callEndpoint(statisticsEndpoints.collectionsByStaff, { params: {}, query, signal }),
    import('@meterline/contract/statistics'),
  ]);
  return collectionsByStaffSchema.parse(answer);
}

export const collectionsByStaffQueryOptions = (query: StatisticsQuery) =>
  queryOptions({ queryKey: statisticsKeys.one('stats4', query), queryFn: ({ signal }) => getCollectionsByStaff(query, signal) });

export function useCollectionsByStaff(query: StatisticsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...collectionsByStaffQueryOptions(query), enabled: isEnabled });
}
