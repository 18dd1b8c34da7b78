import type { GenerateInvoicesInput, GenerateInvoicesResult } from '@meterline/contract/invoices';
import type { JobStarted } from '@meterline/contract/jobs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { rememberStartedJob } from '../../../shared/api/jobs';
import { invoiceKeys } from '../../../shared/api/query-keys';

/** The billing run's dry run: what it would create and skip, creating nothing. */
export function previewBillingRun(serviceId: number, input: GenerateInvoicesInput, signal?: AbortSignal): Promise<GenerateInvoicesResult> {
  return apiClient.post<GenerateInvoicesResult>(`services/${serviceId}/invoices/generate/`, input, { query: { dry_run: 'true' }, signal });
}

/** The preview of a run: a read, so it is a query (it follows the chosen period and filters). */
export const billingRunPreviewQueryOptions = (serviceId: number, input: GenerateInvoicesInput) =>
  queryOptions({
    queryKey: invoiceKeys.billingRunPreview(serviceId, input),
    queryFn: ({ signal }) => previewBillingRun(serviceId, input, signal),
    staleTime: 0,
  });

export function useBillingRunPreview(serviceId: number, input: GenerateInvoicesInput, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...billingRunPreviewQueryOptions(serviceId, input), enabled: isEnabled });
}

/** A real run is a job (docs/billing.md, "Jobs"): the answer is `{job}`, followed with `useJob` until it is done. */
export function startBillingRun(serviceId: number, input: GenerateInvoicesInput): Promise<JobStarted> {
  return apiClient.post<JobStarted>(`services/${serviceId}/invoices/generate/`, input);
}

export function useGenerateInvoices(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: GenerateInvoicesInput) => rememberStartedJob(queryClient, await startBillingRun(serviceId, input)),
  });
}
