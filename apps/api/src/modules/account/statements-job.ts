import type { BulkStatementsInput, StatementsJobResult } from '@meterline/contract/jobs';
import type { DatabaseRegistry } from '../../db/client';
import { serviceContextFor } from '../../scope/service-scope';
import { jobParamsOf, type JobHandler } from '../jobs/index';
import type { StatementService } from './statement.service';
import { documentLocale, type DocumentLocale } from '../../lib/document-format';

/** What the bulk statements job keeps: the filters, the document's language chosen by the request and the requester's digits. */
export type StatementsJobInput = Omit<BulkStatementsInput, 'lang'> & {
  language: StatementsJobResult['language'];
  digits?: DocumentLocale['digits'];
};

/**
 * The bulk statements as a job (docs/accounts.md): every customer's ledger read in the background, not
 * while a request waits; the document is kept with the job and served by GET /api/jobs/{id}/file/.
 */
export function statementsJob(deps: { statements: StatementService; databases: DatabaseRegistry }): JobHandler {
  return async (job, control) => {
    const { input, started_by: startedBy } = jobParamsOf<StatementsJobInput>(job);
    if (job.serviceId === null) throw new Error(`statements job ${job.id} without a service`);
    const context = await serviceContextFor(deps.databases, startedBy.actor, job.serviceId);
    const printed = await deps.statements.bulk(
      context,
      input,
      documentLocale(input.language, input.digits ?? context.terms.defaultDigits),
      control,
    );
    const result: StatementsJobResult = { count: printed?.count ?? 0, language: input.language };
    return printed ? { result, document: printed.html } : { result };
  };
}
