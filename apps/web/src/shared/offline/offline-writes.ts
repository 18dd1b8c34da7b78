import type { CreatePaymentInput, Payment } from '@meterline/contract/payments';
import type { Subscription, UpdateCounterInput } from '@meterline/contract/subscriptions';
import { MutationObserver, useMutationState, useQueryClient, type Mutation, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiClient } from '../lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../lib/idempotency-key';
import { counterKeys, customerKeys, routeKeys } from '../api/query-keys';
import { invalidateMoneyQueries } from '../lib/money-queries';
import { saveFieldDataNow } from './field-data-store';

/**
 * Writes a collector makes in the field (docs/offline.md): a reading and a cash payment. Each is a
 * TanStack Query mutation with a default `mutationFn` (`setMutationDefaults`), so a write made with
 * no network is paused, persisted with the query cache (offline-provider.tsx) and resumed by
 * `resumePausedMutations` after a reload. One scope sends them one at a time, in the order taken.
 * Each carries its `Idempotency-Key` and the time it was entered (`taken_at` / `paid_at`): a
 * replay is answered once by the server.
 */
export const OFFLINE_WRITE_SCOPE = 'meterline-field-writes';
export const readingWriteKey = ['offline-write', 'reading'] as const;
export const paymentWriteKey = ['offline-write', 'payment'] as const;

export interface ReadingWrite {
  kind: 'reading';
  serviceId: number;
  subscriptionId: number;
  input: UpdateCounterInput & { taken_at: string };
  idempotencyKey: string;
  /** What the lists show while it waits: whose meter, the value before. */
  label: { customer: string; code?: string; unit?: string; previous?: string | null };
}

export interface PaymentWrite {
  kind: 'payment';
  serviceId: number;
  invoiceId: number;
  /**
   * Always with the amount (or the tendered amounts of a two-currency cash payment): a "full"
   * payment sent later must not pay a balance that changed meanwhile.
   */
  input: CreatePaymentInput & { paid_at: string };
  idempotencyKey: string;
  label: { customer: string; invoiceNumber: string; currency: string; balanceBefore: string; amount: string };
}

export type FieldWrite = ReadingWrite | PaymentWrite;

/** A lost answer or no network: the write may be sent again with its key. Any HTTP answer is final. */
export function isNetworkFailure(error: unknown): boolean {
  return (error instanceof ApiError || isPlainApiError(error)) && (error as { status: number }).status === 0;
}

function isPlainApiError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/** The error of a write restored from IndexedDB is a plain object again: an ApiError to read its code. */
export function asApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (!isPlainApiError(error)) return null;
  const plain = error as { status: number; data?: unknown; message?: string };
  return new ApiError(plain.status, plain.data, plain.message ?? '');
}

const RETRY_MAX_DELAY_MS = 30_000;

/** Registers what each write does; called once per QueryClient, before the persisted writes are restored. */
export function registerFieldWrites(queryClient: QueryClient): void {
  const common = {
    scope: { id: OFFLINE_WRITE_SCOPE },
    // A refused write stays until the collector has dealt with it ("To fix"), however long that takes.
    gcTime: Infinity,
    // A lost request is tried again (paused while offline); a refusal is final and goes to "To fix".
    retry: (_failureCount: number, error: unknown) => isNetworkFailure(error),
    retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, RETRY_MAX_DELAY_MS),
  };
  queryClient.setMutationDefaults(readingWriteKey, {
    ...common,
    mutationFn: (write: ReadingWrite) =>
      apiClient.put<Subscription>(`services/${write.serviceId}/subscriptions/${write.subscriptionId}/update-counter/`, write.input, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: write.idempotencyKey },
      }),
    onSuccess: (_data: Subscription, write: ReadingWrite) => {
      // The round shows the door read (a building marked read on the phone gets the server's word),
      // not awaited: the next door's sheet does not wait for the building's answer.
      void queryClient.invalidateQueries({ queryKey: routeKeys.all(write.serviceId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: counterKeys.all(write.serviceId) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all(write.serviceId) }),
      ]);
    },
  });
  queryClient.setMutationDefaults(paymentWriteKey, {
    ...common,
    mutationFn: (write: PaymentWrite) =>
      apiClient.put<Payment>(`services/${write.serviceId}/invoices/${write.invoiceId}/create_payment/`, write.input, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: write.idempotencyKey },
      }),
    onSuccess: (_data: Payment, write: PaymentWrite) => invalidateMoneyQueries(queryClient, write.serviceId),
  });
}

function keyOf(write: FieldWrite) {
  return write.kind === 'reading' ? readingWriteKey : paymentWriteKey;
}

function findWrite(queryClient: QueryClient, idempotencyKey: string): Mutation<unknown, unknown, FieldWrite> | undefined {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: ['offline-write'] })
    .find((mutation) => (mutation.state.variables as FieldWrite | undefined)?.idempotencyKey === idempotencyKey) as
    Mutation<unknown, unknown, FieldWrite> | undefined;
}

export type WriteOutcome<T> = { status: 'sent'; data: T } | { status: 'queued' };

/**
 * Sends a field write now when the network answers, or keeps it on the device: resolves `sent`
 * with the server's answer, or `queued` as soon as the write waits (no network, or a lost request
 * being tried again). A refusal while the form is open rejects, and the form shows it on its
 * fields; only refusals of writes that waited become items to fix.
 */
export function submitFieldWrite<T>(queryClient: QueryClient, write: FieldWrite): Promise<WriteOutcome<T>> {
  const observer = new MutationObserver<T, unknown, FieldWrite>(queryClient, { mutationKey: keyOf(write) });
  return new Promise<WriteOutcome<T>>((resolve, reject) => {
    let isSettled = false;
    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      unsubscribe();
      outcome();
    };
    const unsubscribe = observer.subscribe((result) => {
      if (result.status !== 'pending' || !(result.isPaused || result.failureCount > 0)) return;
      // On the device before the screen says so: a reload right after finds it waiting.
      settle(
        () =>
          void saveFieldDataNow(queryClient).then(
            () => resolve({ status: 'queued' }),
            () => resolve({ status: 'queued' }),
          ),
      );
    });
    observer.mutate(write).then(
      (data) =>
        settle(() => {
          // Sent at once: the form shows the answer; only writes that waited stay listed ("Sent").
          const mutation = findWrite(queryClient, write.idempotencyKey);
          if (mutation) queryClient.getMutationCache().remove(mutation);
          resolve({ status: 'sent', data });
        }),
      (error: unknown) => {
        if (isSettled) return; // it waited first: the refusal is an item to fix now
        const mutation = findWrite(queryClient, write.idempotencyKey);
        if (mutation) queryClient.getMutationCache().remove(mutation);
        settle(() => reject(error));
      },
    );
  });
}

export interface FieldWriteItem {
  write: FieldWrite;
  status: 'waiting' | 'refused' | 'sent';
  error: ApiError | null;
  /** A payment that waited and was then sent: the server's payment, whose final receipt can be printed. */
  payment: Payment | null;
  submittedAt: number;
}

/** A payment that waited on this device and was then taken by the server: kept until dismissed, for its receipt. */
function isSentPayment(mutation: { state: { status: string; variables?: unknown } }): boolean {
  return mutation.state.status === 'success' && (mutation.state.variables as FieldWrite | undefined)?.kind === 'payment';
}

function isListed(mutation: { state: { status: string; variables?: unknown } }): boolean {
  return mutation.state.status === 'pending' || mutation.state.status === 'error' || isSentPayment(mutation);
}

/** The writes on this device: waiting to be sent (in order), refused ones to fix, and sent payments (receipts to print). */
export function useFieldWrites(): {
  waiting: FieldWriteItem[];
  refused: FieldWriteItem[];
  sent: FieldWriteItem[];
  sendNow(): Promise<unknown>;
  discard(idempotencyKey: string): void;
} {
  const queryClient = useQueryClient();
  const items = useMutationState({
    filters: { mutationKey: ['offline-write'], predicate: isListed },
    select: (mutation): FieldWriteItem => ({
      write: mutation.state.variables as FieldWrite,
      status: mutation.state.status === 'error' ? 'refused' : mutation.state.status === 'success' ? 'sent' : 'waiting',
      error: mutation.state.status === 'error' ? asApiError(mutation.state.error) : null,
      payment: mutation.state.status === 'success' ? (mutation.state.data as Payment) : null,
      submittedAt: mutation.state.submittedAt,
    }),
  });
  const sendNow = useCallback(() => queryClient.resumePausedMutations(), [queryClient]);
  const discard = useCallback(
    (idempotencyKey: string) => {
      const mutation = findWrite(queryClient, idempotencyKey);
      if (mutation && mutation.state.status !== 'pending') queryClient.getMutationCache().remove(mutation);
    },
    [queryClient],
  );
  const ordered = [...items].sort((a, b) => a.submittedAt - b.submittedAt);
  return {
    waiting: ordered.filter((item) => item.status === 'waiting'),
    refused: ordered.filter((item) => item.status === 'refused'),
    sent: ordered.filter((item) => item.status === 'sent'),
    sendNow,
    discard,
  };
}

/** How many writes are still on this device (waiting or to fix): sign-out asks first when any. */
export function countFieldWrites(queryClient: QueryClient): number {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: ['offline-write'] })
    .filter((mutation) => mutation.state.status === 'pending' || mutation.state.status === 'error').length;
}
