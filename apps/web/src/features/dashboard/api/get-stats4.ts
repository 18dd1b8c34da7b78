import { stats4Schema, type Stats4, type StatisticsQuery } from '@meterline/contract/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { statisticsKeys } from '../../../shared/api/query-keys';

/** Parsed with the contract schema, so a changed answer fails loudly here rather than in a chart. */
export async function getStats4(query: StatisticsQuery, signal?: AbortSignal): Promise<Stats4> {
  return stats4Schema.parse(await apiClient.get<unknown>('statistics/stats4/', { query, signal }));
}

export const stats4QueryOptions = (query: StatisticsQuery) =>
  queryOptions({ queryKey: statisticsKeys.one('stats4', query), queryFn: ({ signal }) => getStats4(query, signal) });

export function useStats4(query: StatisticsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...stats4QueryOptions(query), enabled: isEnabled });
}
