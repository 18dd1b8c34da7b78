import type { CustomerLanguage, NotificationChannel as ChannelName, NotificationProvider } from '@meterline/contract/notifications';
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { channelFor, ProviderError, type AdapterDeps, type ChannelConfig } from './adapters';
import {
  claimForAttempt,
  failInterrupted,
  findChannelRows,
  findMessage,
  findQueuedIds,
  finishAttempt,
  type ChannelRow,
  type MessageRow,
} from './notifications.repository';
import type { Sealer } from './sealed-text';

/** How sending retries (docs/notifications.md, "Sending"): attempts, the wait before each retry, and how long a claim holds. */
export interface RetryPolicy {
  maxAttempts: number;
  /** The wait before attempt n+1 after attempt n failed with a retryable fault (the last entry repeats). */
  delaysMs: readonly number[];
  /** A message `sending` longer than this was interrupted (the process stopped mid-call). */
  leaseMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  delaysMs: [2_000, 10_000],
  leaseMs: 5 * 60_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface SenderDeps {
  clock: Clock;
  adapters: AdapterDeps;
  sealer: () => Promise<Sealer>;
  retry: RetryPolicy;
}

/** A channel row as the adapters need it, its credentials opened. */
export async function channelConfigOf(deps: SenderDeps, row: ChannelRow): Promise<ChannelConfig> {
  return {
    channel: row.channel as ChannelName,
    provider: row.provider as NotificationProvider,
    testMode: row.testMode,
    sender: row.sender,
    endpointUrl: row.endpointUrl,
    credentials: row.credentials ? (await deps.sealer()).open(row.credentials) : '',
  };
}

const SUBJECTS: Record<string, Record<CustomerLanguage, string>> = {
  bill_issued: { en: 'Your bill', ar: 'فاتورتكم' },
  receipt: { en: 'Your payment receipt', ar: 'إيصال دفعتكم' },
  reminder: { en: 'Payment reminder', ar: 'تذكير بالدفع' },
  disconnection: { en: 'Disconnection notice', ar: 'إشعار قطع' },
  test: { en: 'Test message', ar: 'رسالة تجريبية' },
};

/**
 * Sends one queued message with its retries: each attempt is claimed first (`sending`, attempts + 1,
 * written before the call), then `sent` with the provider's id, or back to `queued` after a retryable
 * fault (5xx, time-out) until the attempts run out, or `failed` at once on a refusal (4xx) with the
 * provider's words. A message no longer `queued` is left alone, so a sent one is never sent again.
 */
export async function sendOne(
  deps: SenderDeps,
  db: Executor,
  tenantId: number,
  id: number,
  config: ChannelConfig | null,
): Promise<MessageRow | null> {
  const { clock, retry } = deps;
  for (;;) {
    const claimed = await claimForAttempt(db, tenantId, id, new Date(clock.now().getTime() + retry.leaseMs));
    if (!claimed) return findMessage(db, tenantId, id);
    if (!config) {
      await finishAttempt(db, tenantId, id, { status: 'failed', error: 'The channel is not set up.' });
      return findMessage(db, tenantId, id);
    }
    try {
      const { providerMessageId } = await channelFor(deps.adapters, config).send({
        id,
        tenantId,
        channel: config.channel,
        to: claimed.toAddress,
        language: claimed.language === 'ar' ? 'ar' : 'en',
        text: claimed.text,
        subject: SUBJECTS[claimed.kind]?.[claimed.language === 'ar' ? 'ar' : 'en'] ?? 'Message',
        templateName: claimed.templateName,
        templateParams: claimed.templateParams,
      });
      await finishAttempt(db, tenantId, id, { status: 'sent', providerMessageId, error: null, sentAt: clock.now() });
      return findMessage(db, tenantId, id);
    } catch (error) {
      const fault =
        error instanceof ProviderError ? error : new ProviderError(error instanceof Error ? error.message : String(error), false);
      if (!fault.retryable || claimed.attempts >= retry.maxAttempts) {
        await finishAttempt(db, tenantId, id, { status: 'failed', error: fault.message });
        return findMessage(db, tenantId, id);
      }
      const delay = retry.delaysMs[Math.min(claimed.attempts - 1, retry.delaysMs.length - 1)] ?? 0;
      await finishAttempt(db, tenantId, id, {
        status: 'queued',
        error: fault.message,
        nextAttemptAt: new Date(clock.now().getTime() + delay),
      });
      await retry.sleep(delay);
    }
  }
}

/** Sends the tenant's queued messages, oldest first, each through its channel; answers how many were sent. */
export async function sendQueued(
  deps: SenderDeps,
  db: Executor,
  tenantId: number,
  onEach?: () => Promise<void>,
): Promise<{ sent: number; failed: number }> {
  await failInterrupted(db, tenantId, deps.clock.now());
  const configs = new Map<string, ChannelConfig>();
  for (const row of await findChannelRows(db, tenantId)) configs.set(row.channel, await channelConfigOf(deps, row));
  let sent = 0;
  let failed = 0;
  const tried = new Set<number>();
  for (;;) {
    const ids = (await findQueuedIds(db, tenantId, 200)).filter((id) => !tried.has(id));
    if (!ids.length) return { sent, failed };
    for (const id of ids) {
      tried.add(id);
      const message = await findMessage(db, tenantId, id);
      if (!message) continue;
      const outcome = await sendOne(deps, db, tenantId, id, configs.get(message.channel) ?? null);
      if (outcome?.status === 'sent') sent += 1;
      else if (outcome?.status === 'failed') failed += 1;
      await onEach?.();
    }
  }
}
