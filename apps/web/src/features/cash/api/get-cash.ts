import type { CashPayment, CashRow, Handover, PaymentVerification, PerformanceRow } from '@meterline/contract/cash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Query } from '../../../shared/lib/api-client';
import { cashKeys } from '../../../shared/api/query-keys';

/** One row per collector: collected, handed over, held, the oldest held payment, today's shortage. */
export const cashSummaryQueryOptions = (serviceId: number) =>
  queryOptions({
    queryKey: cashKeys.list(serviceId, {}),
    queryFn: ({ signal }) => apiClient.get<CashRow[]>(`services/${serviceId}/cash/`, { signal }),
  });

export function useCashSummary(serviceId: number | undefined) {
  return useQuery({ ...cashSummaryQueryOptions(serviceId ?? 0), enabled: Boolean(serviceId) });
}

/** The payments a collector still holds, oldest first. */
export function useHeldPayments(serviceId: number | undefined, collector: number | null) {
  const query = { collector: collector ?? 0, state: 'held' };
  return useQuery({
    queryKey: cashKeys.list(serviceId ?? 0, query),
    queryFn: ({ signal }) => apiClient.get<CashPayment[]>(`services/${serviceId}/cash/`, { query, signal }),
    enabled: Boolean(serviceId) && Boolean(collector),
  });
}

export function useHandovers(serviceId: number | undefined, query: Query) {
  return useQuery({
    queryKey: cashKeys.handovers(serviceId ?? 0, query),
    queryFn: ({ signal }) => apiClient.get<Handover[]>(`services/${serviceId}/cash/handovers/`, { query, signal }),
    enabled: Boolean(serviceId),
  });
}

export function usePerformance(serviceId: number | undefined, query: Query) {
  return useQuery({
    queryKey: cashKeys.performance(serviceId ?? 0, query),
    queryFn: ({ signal }) => apiClient.get<PerformanceRow[]>(`services/${serviceId}/cash/performance/`, { query, signal }),
    enabled: Boolean(serviceId),
  });
}

export const verificationQueryOptions = (serviceId: number, paymentId: number) =>
  queryOptions({
    queryKey: cashKeys.verification(serviceId, paymentId),
    queryFn: ({ signal }) => apiClient.get<PaymentVerification>(`services/${serviceId}/payments/${paymentId}/verification/`, { signal }),
  });

export function useVerification(serviceId: number | undefined, paymentId: number) {
  return useQuery({ ...verificationQueryOptions(serviceId ?? 0, paymentId), enabled: Boolean(serviceId) && paymentId > 0 });
}
