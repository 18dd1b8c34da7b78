import { invoiceEndpoints } from '@meterline/contract/endpoints/invoices';
import type { CreateCreditNoteInput, CreditNote } from '@meterline/contract/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/lib/idempotency-key';
import { invalidateMoneyQueries } from '../../../shared/lib/money-queries';
import { documentLang, openDocument } from '../../../shared/api/open-document';
import { invoiceKeys } from '../../../shared/api/query-keys';

/** The invoice's credit notes (docs/accounts.md). */
export function getCreditNotes(serviceId: number, invoiceId: number, signal?: AbortSignal): Promise<CreditNote[]> {
  return callEndpoint(invoiceEndpoints.creditNotes, { params: { serviceId, id: invoiceId }, signal });
}

export const creditNotesQueryOptions = (serviceId: number, invoiceId: number) =>
  queryOptions({
    queryKey: invoiceKeys.creditNotes(serviceId, invoiceId),
    queryFn: ({ signal }) => getCreditNotes(serviceId, invoiceId, signal),
  });

export function useCreditNotes(serviceId: number, invoiceId: number) {
  return useQuery(creditNotesQueryOptions(serviceId, invoiceId));
}

/** Credits the invoice (lines or an amount, and a reason): its balance falls, or the customer gets credit. */
export function createCreditNote(
  serviceId: number,
  invoiceId: number,
  input: CreateCreditNoteInput,
  idempotencyKey: string,
): Promise<CreditNote> {
  return callEndpoint(invoiceEndpoints.createCreditNote, {
    params: { serviceId, id: invoiceId },
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useCreateCreditNote(serviceId: number, invoiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateCreditNoteInput; idempotencyKey: string }) =>
      createCreditNote(serviceId, invoiceId, input, idempotencyKey),
    // The credit notes live under the invoices' key: the money refresh asks them again too.
    onSuccess: () => invalidateMoneyQueries(queryClient, serviceId),
  });
}

/** Opens the printed credit note (A4) in a new tab. */
export function openCreditNoteDocument(
  serviceId: number,
  creditNoteId: number,
  options: { language: string; filename: string },
): Promise<void> {
  return openDocument(
    `services/${serviceId}/credit-notes/${creditNoteId}/pdf/`,
    { lang: documentLang(options.language) },
    options.filename,
  );
}
