import { statisticsEndpoints } from '@meterline/contract/endpoints/statistics';
import type { MonthlyTotals, StatisticsQuery } from '@meterline/contract/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { statisticsKeys } from '../../../shared/api/query-keys';

/** Parsed with the contract schema, so a changed answer fails loudly here rather than in a chart. */
export async function getMonthlyTotals(query: StatisticsQuery, signal?: AbortSignal): Promise<MonthlyTotals> {
  // The schema (and zod) download beside the answer, not with the screen (docs/performance.md, "No zod before a screen shows").
  const [answer, { monthlyTotalsSchema }] = await Promise.all([
    callEndpoint(statisticsEndpoints.monthlyTotals, { params: {}, query, signal }),
    import('@meterline/contract/statistics'),
  ]);
  return monthlyTotalsSchema.parse(answer);
}

export const monthlyTotalsQueryOptions = (query: StatisticsQuery) =>
  queryOptions({ queryKey: statisticsKeys.one('stats2', query), queryFn: ({ signal }) => getMonthlyTotals(query, signal) });

export function useMonthlyTotals(query: StatisticsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...monthlyTotalsQueryOptions(query), enabled: isEnabled });
}
