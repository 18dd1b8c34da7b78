import { statisticsEndpoints } from '@meterline/contract/endpoints/statistics';
import type { KpiSummary, StatisticsQuery } from '@meterline/contract/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { statisticsKeys } from '../../../shared/api/query-keys';

/** Parsed with the contract schema, so a changed answer fails loudly here rather than in a chart. */
export async function getKpiSummary(query: StatisticsQuery, signal?: AbortSignal): Promise<KpiSummary> {
  // The schema (and zod) download beside the answer, not with the screen (docs/performance.md, "No zod before a screen shows").
  const [answer, { kpiSummarySchema }] = await Promise.all([
    callEndpoint(statisticsEndpoints.kpiSummary, { params: {}, query, signal }),
    import('@meterline/contract/statistics'),
  ]);
  return kpiSummarySchema.parse(answer);
}

export const kpiSummaryQueryOptions = (query: StatisticsQuery) =>
  queryOptions({ queryKey: statisticsKeys.one('stats1', query), queryFn: ({ signal }) => getKpiSummary(query, signal) });

export function useKpiSummary(query: StatisticsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...kpiSummaryQueryOptions(query), enabled: isEnabled });
}
