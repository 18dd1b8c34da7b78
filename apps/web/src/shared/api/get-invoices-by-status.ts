import { statisticsEndpoints } from '@meterline/contract/endpoints/statistics';
import type { InvoicesByStatus, StatisticsQuery } from '@meterline/contract/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api-client';
import { statisticsKeys } from './query-keys';

/** Parsed with the contract schema, so a changed answer fails loudly here rather than in a chart. */
export async function getInvoicesByStatus(query: StatisticsQuery, signal?: AbortSignal): Promise<InvoicesByStatus> {
  // The schema (and zod) download beside the answer, not with the screen (docs/performance.md, "No zod before a screen shows").
  const [answer, { invoicesByStatusSchema }] = await Promise.all([
    callEndpoint(statisticsEndpoints.invoicesByStatus, { params: {}, query, signal }),
    import('@meterline/contract/statistics'),
  ]);
  return invoicesByStatusSchema.parse(answer);
}

export const invoicesByStatusQueryOptions = (query: StatisticsQuery) =>
  queryOptions({ queryKey: statisticsKeys.one('stats3', query), queryFn: ({ signal }) => getInvoicesByStatus(query, signal) });

export function useInvoicesByStatus(query: StatisticsQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...invoicesByStatusQueryOptions(query), enabled: isEnabled });
}
