import { cashEndpoints } from '@meterline/contract/endpoints/cash';
import type { CashPayment, CashRow } from '@meterline/contract/cash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { cashKeys } from '../../../shared/api/query-keys';

/**
 * `GET …/cash/` answers one row per collector, or with `?collector=`/`?state=` the payments behind a
 * row: one list or the other (`cashListSchema`). Each call says which it asked for and checks the
 * answer is that list (an empty list is either).
 */
function isCashRows(list: CashRow[] | CashPayment[]): list is CashRow[] {
  return list.every((item) => 'collector_name' in item);
}

function isCashPayments(list: CashRow[] | CashPayment[]): list is CashPayment[] {
  return list.every((item) => 'held_by' in item);
}

/** One row per collector: collected, handed over, held, the oldest held payment, today's shortage. */
async function getCashSummary(serviceId: number, signal?: AbortSignal): Promise<CashRow[]> {
  const list = await callEndpoint(cashEndpoints.summary, { params: { serviceId }, signal });
  if (!isCashRows(list)) throw new Error('GET cash/ without a collector answered payments instead of one row per collector');
  return list;
}

/** The payments a collector holds (`state: 'held'`) or handed over, oldest first. */
async function getCashPayments(serviceId: number, query: Query, signal?: AbortSignal): Promise<CashPayment[]> {
  const list = await callEndpoint(cashEndpoints.summary, { params: { serviceId }, query, signal });
  if (!isCashPayments(list)) throw new Error("GET cash/?collector= answered collectors' rows instead of their payments");
  return list;
}

export const cashSummaryQueryOptions = (serviceId: number) =>
  queryOptions({
    queryKey: cashKeys.list(serviceId, {}),
    queryFn: ({ signal }) => getCashSummary(serviceId, signal),
  });

export function useCashSummary(serviceId: number | undefined) {
  return useQuery({ ...cashSummaryQueryOptions(serviceId ?? 0), enabled: Boolean(serviceId) });
}

/** The payments a collector still holds, oldest first. */
export function useHeldPayments(serviceId: number | undefined, collector: number | null) {
  const query = { collector: collector ?? 0, state: 'held' };
  return useQuery({
    queryKey: cashKeys.list(serviceId ?? 0, query),
    queryFn: ({ signal }) => getCashPayments(serviceId ?? 0, query, signal),
    enabled: Boolean(serviceId) && Boolean(collector),
  });
}

export function useHandovers(serviceId: number | undefined, query: Query) {
  return useQuery({
    queryKey: cashKeys.handovers(serviceId ?? 0, query),
    queryFn: ({ signal }) => callEndpoint(cashEndpoints.handovers, { params: { serviceId: serviceId ?? 0 }, query, signal }),
    enabled: Boolean(serviceId),
  });
}

export function usePerformance(serviceId: number | undefined, query: Query) {
  return useQuery({
    queryKey: cashKeys.performance(serviceId ?? 0, query),
    queryFn: ({ signal }) => callEndpoint(cashEndpoints.performance, { params: { serviceId: serviceId ?? 0 }, query, signal }),
    enabled: Boolean(serviceId),
  });
}

export const verificationQueryOptions = (serviceId: number, paymentId: number) =>
  queryOptions({
    queryKey: cashKeys.verification(serviceId, paymentId),
    queryFn: ({ signal }) => callEndpoint(cashEndpoints.verification, { params: { serviceId, id: paymentId }, signal }),
  });

export function useVerification(serviceId: number | undefined, paymentId: number) {
  return useQuery({ ...verificationQueryOptions(serviceId ?? 0, paymentId), enabled: Boolean(serviceId) && paymentId > 0 });
}
