import { stats1Schema, type Stats1, type StatisticsQuery } from '@meterline/contract/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { statisticsKeys } from '../../../shared/api/query-keys';

/** Parsed with the contract schema, so a changed answer fails loudly here rather than in a chart. */
export async function getStats1(query: StatisticsQuery, signal?: AbortSignal): Promise<Stats1> {
  return stats1Schema.parse(await apiClient.get<unknown>('statistics/stats1/', { query, signal }));
}

export const stats1QueryOptions = (query: StatisticsQuery) =>
  queryOptions({ queryKey: statisticsKeys.one('stats1', query), queryFn: ({ signal }) => getStats1(query, signal) });

export function useStats1(query: StatisticsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...stats1QueryOptions(query), enabled: isEnabled });
}
