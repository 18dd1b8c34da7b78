import type { BulkStatementsQuery, StatementQuery } from '@meterline/contract/account';
import { MAX_BULK_STATEMENTS } from '@meterline/contract/account';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Ledger, LedgerQuery } from '@meterline/contract/ledger';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../lib/http-errors';
import { findCustomer } from '../customers/index';
import { documentIssuerOf, type DocumentLocale } from '../invoices/index';
import { assertAddressFilters, assertStation } from '../../scope/references';
import type { Clock } from '../../lib/clock';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import { statementSecondCurrency } from './statement-currencies';
import { findCreditNote, findStatementCustomerIds } from './account.repository';
import { toCreditNote } from './account.service';
import { renderCreditNoteDocument } from './credit-note-document';
import { renderStatementDocument, type StatementInput } from './statement-document';

/** What a bulk print filters on (the printing options, `lang` and `output`, are the request's). */
export type BulkStatementsFilters = Pick<BulkStatementsQuery, 'date_from' | 'date_to' | 'station' | 'region'>;

/** A bulk print as a job reports its progress every this many customers. */
const PROGRESS_EVERY = 25;

/** Statements of account: the ledger printed, one customer or every customer of a station or region. */
/**
 * What a statement reads: the customer's ledger (the ledger module's service, passed by app.ts; the
 * ledger is built on the account's movements, so this module does not import it back).
 */
export interface LedgerReader {
  get(context: ServiceContext, customerId: number, query: LedgerQuery): Promise<Ledger>;
}

export function createStatementService(deps: { ledger: LedgerReader; defaultDb: Db; clock: Clock }) {
  const issuerOf = (context: ServiceContext) => documentIssuerOf(context, deps.defaultDb);

  async function sectionOf(
    context: ServiceContext,
    customerId: number,
    query: Pick<StatementQuery, 'date_from' | 'date_to'>,
    reader: DocumentLocale,
  ): Promise<StatementInput> {
    const customer = await findCustomer(context.db, context.scope, customerId, context.terms);
    if (!customer) throw notFound();
    const ledger = await deps.ledger.get(context, customerId, { date_from: query.date_from, date_to: query.date_to });
    const second = await statementSecondCurrency(context, ledger, todayIn(context.terms.timezone, deps.clock.now()));
    return { ledger, customer, currency: context.terms.currency, second, ...reader };
  }

  /** The customers of a bulk print, checked (400s) and capped (400 max_items beyond MAX_BULK_STATEMENTS). */
  async function bulkCustomers(context: ServiceContext, query: BulkStatementsFilters): Promise<number[]> {
    const { db, scope } = context;
    if (query.date_from && query.date_to && query.date_to < query.date_from) throw fieldError('date_to', ERROR_CODES.dateRangeOrder);
    if (query.station) await assertStation(db, scope, query.station);
    if (query.region) await assertAddressFilters(db, scope.tenantId, { region: query.region });
    const ids = await findStatementCustomerIds(db, scope, { station: query.station, region: query.region }, MAX_BULK_STATEMENTS + 1);
    if (ids.length > MAX_BULK_STATEMENTS) throw fieldError('station', ERROR_CODES.maxItems, { max: MAX_BULK_STATEMENTS });
    return ids;
  }

  return {
    async one(
      context: ServiceContext,
      customerId: number,
      query: StatementQuery,
      reader: DocumentLocale,
    ): Promise<{ html: string; code: string }> {
      const section = await sectionOf(context, customerId, query, reader);
      return {
        html: renderStatementDocument({ sections: [section], issuer: await issuerOf(context), language: reader.language }),
        code: section.customer.code,
      };
    },

    /** A credit note printed like an invoice (docs/accounts.md). */
    async creditNote(context: ServiceContext, creditNoteId: number, reader: DocumentLocale): Promise<{ html: string; number: string }> {
      const row = await findCreditNote(context.db, context.scope, creditNoteId);
      if (!row) throw notFound();
      const note = toCreditNote(row, context.terms.currency, context.terms.decimals);
      const customer = await findCustomer(context.db, context.scope, note.customer, context.terms);
      return {
        html: renderCreditNoteDocument({ note, customerCode: customer?.code ?? '', issuer: await issuerOf(context), ...reader }),
        number: note.number,
      };
    },

    bulkCustomers,

    /** Every customer's statement in one document: run by a job (docs/accounts.md), its progress every PROGRESS_EVERY customers. */
    async bulk(
      context: ServiceContext,
      query: BulkStatementsFilters,
      reader: DocumentLocale,
      control: { onProgress?: (done: number, total: number) => Promise<void>; isCancelled?: () => boolean } = {},
    ): Promise<{ html: string; count: number } | null> {
      const ids = await bulkCustomers(context, query);
      const sections: StatementInput[] = [];
      for (const [index, id] of ids.entries()) {
        if (control.isCancelled?.()) return null;
        if (index % PROGRESS_EVERY === 0) await control.onProgress?.(index, ids.length);
        sections.push(await sectionOf(context, id, query, reader));
      }
      await control.onProgress?.(ids.length, ids.length);
      return {
        html: renderStatementDocument({ sections, issuer: await issuerOf(context), language: reader.language }),
        count: sections.length,
      };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
