import { monthlyTotalsSchema, type MonthlyTotals, type StatisticsQuery } from '@meterline/contract/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { statisticsKeys } from '../../../shared/api/query-keys';

/** Parsed with the contract schema, so a changed answer fails loudly here rather than in a chart. */
export async function getMonthlyTotals(query: StatisticsQuery, signal?: AbortSignal): Promise<MonthlyTotals> {
  return monthlyTotalsSchema.parse(await apiClient.get<unknown>('statistics/stats2/', { query, signal }));
}

export const monthlyTotalsQueryOptions = (query: StatisticsQuery) =>
  queryOptions({ queryKey: statisticsKeys.one('stats2', query), queryFn: ({ signal }) => getMonthlyTotals(query, signal) });

export function useMonthlyTotals(query: StatisticsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...monthlyTotalsQueryOptions(query), enabled: isEnabled });
}
