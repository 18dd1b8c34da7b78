import { customerAccountEndpoints } from '@meterline/contract/endpoints/customers';
import type { JobStarted } from '@meterline/contract/jobs';
import { documentLang, openDocument } from '../../../shared/api/open-document';
import { callEndpoint } from '../../../shared/lib/api-client';

export interface StatementOptions {
  date_from?: string;
  date_to?: string;
  /** The printed page's language (`en` or `ar`). */
  language: string;
}

const statementQuery = ({ date_from, date_to, language }: StatementOptions) => ({ date_from, date_to, lang: documentLang(language) });

/** Opens the customer's statement of account (A4 PDF) in a new tab. */
export function openStatement(serviceId: number, customerId: number, options: StatementOptions & { filename: string }): Promise<void> {
  return openDocument(`services/${serviceId}/customers/${customerId}/statement/`, statementQuery(options), options.filename);
}

/**
 * Starts the statements of every customer of a station or region (or of the service): a job
 * (docs/accounts.md) whose document opens from the Jobs page when it is done.
 */
export function startBulkStatements(
  serviceId: number,
  options: StatementOptions & { station?: number; region?: number },
): Promise<JobStarted> {
  const body = { ...statementQuery(options), station: options.station, region: options.region };
  return callEndpoint(customerAccountEndpoints.statements, { params: { serviceId }, body });
}
