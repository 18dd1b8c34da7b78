import type { DatabaseRegistry } from '../../db/client';
import { serviceContextFor } from '../../scope/service-scope';
import { jobParamsOf, type JobHandler } from '../jobs/index';
import type { CustomerImportService } from './customer-import.service';

/**
 * What the import's job keeps in its params: the file as sent (base64; at most
 * CUSTOMER_IMPORT_MAX_BYTES, so the row holds it without a second store to clean up) and the
 * request's day, the default start of the subscriptions whichever day the job runs.
 */
export interface CustomerImportJobInput {
  file: string;
  today: string;
}

/**
 * The customer import as a job (docs/tenants-and-settings.md, "The CSV import"): the rows in
 * batches with the context its request had, progress in rows, safe to run again (committed
 * batches are skipped). Its result is the old answer: `{dry_run: false, created, subscriptions}`.
 */
export function customerImportJob(deps: { imports: CustomerImportService; databases: DatabaseRegistry }): JobHandler {
  return async (job, control) => {
    const { input, started_by: startedBy } = jobParamsOf<CustomerImportJobInput>(job);
    if (job.serviceId === null) throw new Error(`customer import job ${job.id} without a service`);
    const context = await serviceContextFor(deps.databases, startedBy.actor, job.serviceId);
    const result = await deps.imports.importInBatches(context, Buffer.from(input.file, 'base64'), {
      jobId: job.id,
      today: input.today,
      audit: startedBy.audit,
      control,
    });
    return { result };
  };
}
