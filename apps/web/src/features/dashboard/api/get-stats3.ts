import { stats3Schema, type Stats3, type StatisticsQuery } from '@meterline/contract/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { statisticsKeys } from '../../../shared/api/query-keys';

/** Parsed with the contract schema, so a changed answer fails loudly here rather than in a chart. */
export async function getStats3(query: StatisticsQuery, signal?: AbortSignal): Promise<Stats3> {
  return stats3Schema.parse(await apiClient.get<unknown>('statistics/stats3/', { query, signal }));
}

export const stats3QueryOptions = (query: StatisticsQuery) =>
  queryOptions({ queryKey: statisticsKeys.one('stats3', query), queryFn: ({ signal }) => getStats3(query, signal) });

export function useStats3(query: StatisticsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...stats3QueryOptions(query), enabled: isEnabled });
}
