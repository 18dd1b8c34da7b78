import type { SendBillsInput } from '@meterline/contract/notifications';
import type { DatabaseRegistry } from '../../db/client';
import { serviceContextFor } from '../../scope/service-scope';
import { jobParamsOf, type JobHandler } from '../jobs/index';
import { findBillFacts } from './notifications.repository';
import type { NotificationService } from './notifications.service';

/** Invoices read and queued per batch. */
const BATCH = 500;

/**
 * Sending bills as a job (docs/notifications.md, "Sending bills"): the invoices queued by batches of
 * 500 (progress: invoices looked at, then messages sent), then the tenant's queued messages sent.
 * Safe to run again after a crash: an invoice whose `bill_issued:<id>` event has a message is skipped,
 * and a message already sent is never sent again.
 */
export function sendBillsJob(deps: { notifications: NotificationService; databases: DatabaseRegistry }): JobHandler {
  return async (job, control) => {
    const { input, started_by: startedBy } = jobParamsOf<{ invoice_ids: SendBillsInput['invoice_ids'] }>(job);
    if (job.serviceId === null) throw new Error(`send_bills job ${job.id} without a service`);
    const context = await serviceContextFor(deps.databases, startedBy.actor, job.serviceId);
    const ids = [...new Set(input.invoice_ids)];
    let queued = 0;
    let skipped = 0;
    for (let start = 0; start < ids.length; start += BATCH) {
      if (control.isCancelled()) break;
      const batch = ids.slice(start, start + BATCH);
      const facts = await findBillFacts(context.db, context.scope, batch);
      const counts = await deps.notifications.queueBills(context, facts);
      queued += counts.queued;
      skipped += counts.skipped + (batch.length - facts.length);
      await control.onProgress(Math.min(start + BATCH, ids.length), ids.length);
    }
    await deps.notifications.sendQueued({ db: context.db, tenantId: context.scope.tenantId });
    return { result: { queued, skipped } };
  };
}
