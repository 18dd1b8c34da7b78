import { documentLang, openDocument } from '../../../shared/api/open-document';

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

/** Opens the statements of every customer of a station or region (or of the service) in one PDF. */
export function openBulkStatements(serviceId: number, options: StatementOptions & { station?: number; region?: number }): Promise<void> {
  const query = { ...statementQuery(options), station: options.station, region: options.region };
  return openDocument(`services/${serviceId}/statements/`, query, 'statements');
}
