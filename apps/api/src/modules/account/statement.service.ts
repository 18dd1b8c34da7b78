import type { BulkStatementsQuery, StatementQuery } from '@meterline/contract/account';
import { MAX_BULK_STATEMENTS } from '@meterline/contract/account';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../lib/http-errors';
import { findCustomer } from '../customers/customers.repository';
import { documentIssuerOf } from '../invoices/document-issuer';
import type { DocumentLanguage } from '../invoices/invoice-document';
import type { Ledger, LedgerQuery } from '@meterline/contract/ledger';
import { assertAddressFilters, assertStation } from '../../scope/references';
import type { ServiceContext } from '../../scope/service-scope';
import { findCreditNote, findStatementCustomerIds } from './account.repository';
import { toCreditNote } from './account.service';
import { renderCreditNoteDocument } from './credit-note-document';
import { renderStatementDocument, type StatementInput } from './statement-document';

/** Statements of account: the ledger printed, one customer or every customer of a station or region. */
/**
 * What a statement reads: the customer's ledger (the ledger module's service, passed by app.ts; the
 * ledger is built on the account's movements, so this module does not import it back).
 */
export interface LedgerReader {
  get(context: ServiceContext, customerId: number, query: LedgerQuery): Promise<Ledger>;
}

export function createStatementService(deps: { ledger: LedgerReader; defaultDb: Db }) {
  const issuerOf = (context: ServiceContext) => documentIssuerOf(context, deps.defaultDb);

  async function sectionOf(
    context: ServiceContext,
    customerId: number,
    query: StatementQuery,
    language: DocumentLanguage,
  ): Promise<StatementInput> {
    const customer = await findCustomer(context.db, context.scope, customerId, context.terms.decimals);
    if (!customer) throw notFound();
    const ledger = await deps.ledger.get(context, customerId, { date_from: query.date_from, date_to: query.date_to });
    return { ledger, customer, currency: context.terms.currency, language };
  }

  return {
    async one(
      context: ServiceContext,
      customerId: number,
      query: StatementQuery,
      language: DocumentLanguage,
    ): Promise<{ html: string; code: string }> {
      const section = await sectionOf(context, customerId, query, language);
      return {
        html: renderStatementDocument({ sections: [section], issuer: await issuerOf(context), language }),
        code: section.customer.code,
      };
    },

    /** A credit note printed like an invoice (issue 15). */
    async creditNote(context: ServiceContext, creditNoteId: number, language: DocumentLanguage): Promise<{ html: string; number: string }> {
      const row = await findCreditNote(context.db, context.scope, creditNoteId);
      if (!row) throw notFound();
      const note = toCreditNote(row, context.terms.currency, context.terms.decimals);
      const customer = await findCustomer(context.db, context.scope, note.customer, context.terms.decimals);
      return {
        html: renderCreditNoteDocument({ note, customerCode: customer?.code ?? '', issuer: await issuerOf(context), language }),
        number: note.number,
      };
    },

    async bulk(context: ServiceContext, query: BulkStatementsQuery, language: DocumentLanguage): Promise<{ html: string; count: number }> {
      const { db, scope } = context;
      if (query.date_from && query.date_to && query.date_to < query.date_from) throw fieldError('date_to', ERROR_CODES.dateRangeOrder);
      if (query.station) await assertStation(db, scope, query.station);
      if (query.region) await assertAddressFilters(db, scope.tenantId, { region: query.region });
      const ids = await findStatementCustomerIds(db, scope, { station: query.station, region: query.region }, MAX_BULK_STATEMENTS + 1);
      if (ids.length > MAX_BULK_STATEMENTS) throw fieldError('station', ERROR_CODES.maxItems, { max: MAX_BULK_STATEMENTS });
      const sections: StatementInput[] = [];
      for (const id of ids) sections.push(await sectionOf(context, id, query, language));
      return { html: renderStatementDocument({ sections, issuer: await issuerOf(context), language }), count: sections.length };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
