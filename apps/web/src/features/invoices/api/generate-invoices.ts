import type { GenerateInvoicesInput, GenerateInvoicesResult } from '@meterline/contract/invoices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { invalidateMoneyQueries } from '../../../shared/lib/money-queries';
import { invoiceKeys } from '../../../shared/api/query-keys';

/** The billing run; `isDryRun` only counts what it would create and skip. */
export function generateInvoices(
  serviceId: number,
  input: GenerateInvoicesInput,
  { isDryRun = false, signal }: { isDryRun?: boolean; signal?: AbortSignal } = {},
): Promise<GenerateInvoicesResult> {
  return apiClient.post<GenerateInvoicesResult>(`services/${serviceId}/invoices/generate/`, input, {
    query: isDryRun ? { dry_run: 'true' } : undefined,
    signal,
  });
}

/** The preview of a run: a read, so it is a query (it follows the chosen period and filters). */
export const billingRunPreviewQueryOptions = (serviceId: number, input: GenerateInvoicesInput) =>
  queryOptions({
    queryKey: invoiceKeys.billingRunPreview(serviceId, input),
    queryFn: ({ signal }) => generateInvoices(serviceId, input, { isDryRun: true, signal }),
    staleTime: 0,
  });

export function useBillingRunPreview(serviceId: number, input: GenerateInvoicesInput, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...billingRunPreviewQueryOptions(serviceId, input), enabled: isEnabled });
}

export function useGenerateInvoices(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GenerateInvoicesInput) => generateInvoices(serviceId, input),
    onSuccess: () => invalidateMoneyQueries(queryClient, serviceId),
  });
}
