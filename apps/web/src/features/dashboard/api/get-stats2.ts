import { stats2Schema, type Stats2, type StatisticsQuery } from '@meterline/contract/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { statisticsKeys } from '../../../shared/api/query-keys';

/** Parsed with the contract schema, so a changed answer fails loudly here rather than in a chart. */
export async function getStats2(query: StatisticsQuery, signal?: AbortSignal): Promise<Stats2> {
  return stats2Schema.parse(await apiClient.get<unknown>('statistics/stats2/', { query, signal }));
}

export const stats2QueryOptions = (query: StatisticsQuery) =>
  queryOptions({ queryKey: statisticsKeys.one('stats2', query), queryFn: ({ signal }) => getStats2(query, signal) });

export function useStats2(query: StatisticsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...stats2QueryOptions(query), enabled: isEnabled });
}
