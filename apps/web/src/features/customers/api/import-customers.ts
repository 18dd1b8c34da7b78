import type { JobStarted } from '@meterline/contract/jobs';
import type { CustomerImportPreview } from '@meterline/contract/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '../../../shared/lib/api-client';
import { rememberStartedJob } from '../../../shared/api/jobs';
import { bundleKeys, counterKeys, customerKeys, onboardingKeys, stationKeys } from '../../../shared/api/query-keys';

/** The file as the API reads it: its bytes as `text/csv`, whatever type the browser guessed (Excel says vnd.ms-excel). */
const csvBody = async (file: File) => new Blob([await file.arrayBuffer()], { type: 'text/csv' });

const importPath = (serviceId: number) => `services/${serviceId}/customers/import/`;

/** `?dry_run=true`: every row with its values and errors, in the app's language; nothing is written. */
export async function previewCustomerImport(serviceId: number, file: File): Promise<CustomerImportPreview> {
  return apiClient.post<CustomerImportPreview>(`${importPath(serviceId)}?dry_run=true`, await csvBody(file));
}

export function downloadCustomerImportTemplate(serviceId: number): Promise<void> {
  return apiClient.download(`${importPath(serviceId)}template/`, 'customers-template.csv');
}

/** Starts the import's job (202 `{job}`), once per Idempotency-Key (a double click starts one job). */
export function useStartCustomerImport(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, idempotencyKey }: { file: File; idempotencyKey: string }) =>
      apiClient.post<JobStarted>(importPath(serviceId), await csvBody(file), { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (started) => rememberStartedJob(queryClient, started),
  });
}

/** What an import's job changed: the customers and their meters, the stations' and bundles' counts, the checklist. */
export function useRefreshAfterImport(serviceId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        ...[customerKeys, counterKeys, bundleKeys, stationKeys].map((keys) =>
          queryClient.invalidateQueries({ queryKey: keys.all(serviceId) }),
        ),
        queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
      ]),
    [queryClient, serviceId],
  );
}
