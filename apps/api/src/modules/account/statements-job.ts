import type { BulkStatementsInput, StatementsJobResult } from '@meterline/contract/jobs';
import type { DatabaseRegistry } from '../../db/client';
import { serviceContextFor } from '../../scope/service-scope';
import { jobParamsOf, type JobHandler } from '../jobs/index';
import type { StatementService } from './statement.service';

/** What the bulk statements job keeps: the filters and the document's language, chosen by the request. */
export type StatementsJobInput = Omit<BulkStatementsInput, 'lang'> & { language: StatementsJobResult['language'] };

/**
 * The bulk statements as a job (docs/accounts.md): every customer's ledger read in the background, not
 * while a request waits; the document is kept with the job and served by GET /api/jobs/{id}/file/.
 */
export function statementsJob(deps: { statements: StatementService; databases: DatabaseRegistry }): JobHandler {
  return async (job, control) => {
    const { input, started_by: startedBy } = jobParamsOf<StatementsJobInput>(job);
    if (job.serviceId === null) throw new Error(`statements job ${job.id} without a service`);
    const context = await serviceContextFor(deps.databases, startedBy.actor, job.serviceId);
    const printed = await deps.statements.bulk(context, input, input.language, control);
    const result: StatementsJobResult = { count: printed?.count ?? 0, language: input.language };
    return printed ? { result, document: printed.html } : { result };
  };
}
