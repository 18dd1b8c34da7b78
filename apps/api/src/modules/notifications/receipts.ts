import { inBackground } from '../../lib/background';
import type { ServiceContext } from '../../scope/service-scope';
import { findReceiptFacts } from './notifications.repository';
import type { NotificationService } from './notifications.service';

/**
 * Receipts after a payment (docs/notifications.md, "Receipts"): called once the payment committed,
 * never failing it. One read and at most one insert on the request's path; the sending runs after it,
 * one sender per tenant and process at a time (a receipt queued meanwhile is sent by the same run).
 */
export function createReceiptNotifier(deps: { notifications: NotificationService; log: (message: string, error: unknown) => void }) {
  const running = new Map<string, Promise<void>>();
  const pending = new Set<Promise<void>>();
  const again = new Set<string>();

  function kick(context: ServiceContext): void {
    const key = `${context.actor.dbAlias}:${context.scope.tenantId}`;
    if (running.has(key)) {
      again.add(key);
      return;
    }
    const run = (async () => {
      do {
        again.delete(key);
        await inBackground(() => deps.notifications.sendQueued({ db: context.db, tenantId: context.scope.tenantId }));
      } while (again.has(key));
    })()
      .catch((error: unknown) => deps.log('sending queued messages failed', error))
      .finally(() => running.delete(key));
    running.set(key, run);
  }

  return {
    paymentRecorded(context: ServiceContext, paymentId: number): Promise<void> {
      const work = inBackground(() => queueReceipt(context, paymentId)).finally(() => pending.delete(work));
      pending.add(work);
      return work;
    },
    /** Waits for the receipts being queued and the senders running (the app's close). */
    async drain(): Promise<void> {
      await Promise.all([...pending]);
      await Promise.all([...running.values()]);
    },
  };

  async function queueReceipt(context: ServiceContext, paymentId: number): Promise<void> {
    try {
      const fact = await findReceiptFacts(context.db, context.scope.tenantId, paymentId);
      // A reversal is no payment received: no receipt message.
      if (!fact || fact.amount <= 0n) return;
      const queued = await deps.notifications.queueReceipt(
        { db: context.db, tenantId: context.scope.tenantId, terms: context.terms },
        { ...fact, optedOut: fact.optedOut },
      );
      if (queued) kick(context);
    } catch (error) {
      deps.log(`the receipt message of payment ${paymentId} was not queued`, error);
    }
  }
}
