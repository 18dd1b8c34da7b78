import { inBackground } from '../../lib/background';
import type { ServiceContext } from '../../scope/service-scope';
import { findReceiptFacts } from './notifications.repository';
import type { NotificationService } from './notifications.service';
import type { QueuedSender } from './queued-sender';

/**
 * Receipts after a payment (docs/notifications.md, "Receipts"): called once the payment committed,
 * never failing it. One read and at most one insert on the request's path; the sending is the queued
 * sender's, after it.
 */
export function createReceiptNotifier(deps: {
  notifications: NotificationService;
  sender: QueuedSender;
  log: (message: string, error: unknown) => void;
}) {
  const pending = new Set<Promise<void>>();

  return {
    paymentRecorded(context: ServiceContext, paymentId: number): Promise<void> {
      const work = inBackground(() => queueReceipt(context, paymentId)).finally(() => pending.delete(work));
      pending.add(work);
      return work;
    },
    /** Waits for the receipts being queued and the senders running (the app's close). */
    async drain(): Promise<void> {
      await Promise.all([...pending]);
      await deps.sender.drain();
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
      if (queued) deps.sender.kick(context);
    } catch (error) {
      deps.log(`the receipt message of payment ${paymentId} was not queued`, error);
    }
  }
}
