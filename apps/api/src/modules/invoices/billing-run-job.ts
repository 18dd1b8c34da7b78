import type { z } from 'zod';
import type { generateInvoicesInputSchema } from '@meterline/contract/invoices';
import type { DatabaseRegistry } from '../../db/client';
import { serviceContextFor } from '../../scope/service-scope';
import { jobParamsOf, type JobHandler } from '../jobs/index';
import type { InvoiceService } from './invoices.service';

/**
 * The billing run as a job (docs/billing.md, "Jobs"): the run of `POST .../invoices/generate/` with the context
 * its request had (the service checked again, the same actor and audit), its progress every 25
 * candidates, stopped between candidates when cancelled. Safe to run again after a crash: a
 * subscription billed for the period is skipped as `already_billed`.
 */
export function billingRunJob(deps: { invoices: InvoiceService; databases: DatabaseRegistry }): JobHandler {
  return async (job, control) => {
    const { input, started_by: startedBy } = jobParamsOf<z.output<typeof generateInvoicesInputSchema>>(job);
    if (job.serviceId === null) throw new Error(`billing run job ${job.id} without a service`);
    const context = await serviceContextFor(deps.databases, startedBy.actor, job.serviceId);
    const result = await deps.invoices.generate(context, input, startedBy.audit, {
      isDryRun: false,
      onProgress: control.onProgress,
      isCancelled: control.isCancelled,
    });
    return { result };
  };
}
