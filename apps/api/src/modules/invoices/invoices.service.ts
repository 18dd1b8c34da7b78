import type { z } from 'zod';
import { ERROR_CODES } from '@meterline/contract/errors';
import type {
  createInvoiceInputSchema,
  GenerateInvoicesResult,
  generateInvoicesInputSchema,
  Invoice,
  InvoiceTotals,
  InvoiceDetail,
  ListInvoicesQuery,
  PrintInvoicesQuery,
} from '@meterline/contract/invoices';
import { MAX_PRINTED_INVOICES } from '@meterline/contract/invoices';
import type { Db, Executor } from '../../db/client';
import type { IdempotencyTicket } from '../idempotency/index';
import type { Clock } from '../../lib/clock';
import type { PublicLinkSigner } from '../../lib/public-link';
import { fieldError, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import type { AuditContext } from '../../plugins/request-context';
import { findCustomer } from '../customers/index';
import { toPayment } from './payment-shape';
import { assertAddressFilters, assertCustomer, assertStation, assertSubscription, findUserNames } from '../../scope/references';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import { toReading } from '../subscriptions/index';
import { cashRoundingOf } from './consumption-pricing';
import { documentIssuerOf } from './document-issuer';
import { combineDocuments, linkedInvoiceHtml, type DocumentFormat, type DocumentLocale } from './invoice-document';
import { findInvoiceIdsOfPeriod, findInvoiceDetail, listInvoicesSource, toInvoice, toInvoiceLine } from './invoices.repository';
import { createBillingEngine, type AccountHooks } from './billing-engine';
import { cancelInvoice } from './cancel-invoice';
import { createInvoice } from './create-invoice';
import { generateInvoices, type RunProgress } from './generate-invoices';

type CreateInvoiceData = z.output<typeof createInvoiceInputSchema>;
type GenerateInvoicesData = z.output<typeof generateInvoicesInputSchema>;

/** Invoices: creation from a meter or from lines, reading, printing, cancelling, the billing run. */
export function createInvoiceService(deps: { clock: Clock; defaultDb: Db; account: AccountHooks; publicLinks: PublicLinkSigner }) {
  const { clock } = deps;
  const engine = createBillingEngine({ clock, account: deps.account });

  /** `executor`: the write's transaction, when the answer to an Idempotency-Key commits with it. */
  async function detail(context: ServiceContext, invoiceId: number, executor: Executor = context.db): Promise<InvoiceDetail> {
    const { db, scope, terms } = context;
    // One statement; the names come with it when the tenant's rows share the users' database.
    const withNames = db === deps.defaultDb;
    const found = await findInvoiceDetail(executor, scope, invoiceId, { withNames });
    if (!found) throw notFound();
    const today = todayIn(terms.timezone, clock.now());
    const names =
      found.names ??
      (await findUserNames(deps.defaultDb, scope.tenantId, [
        ...found.payments.map((row) => row.payment.receivedBy),
        ...found.readings.map((row) => row.takenBy),
      ]));
    return {
      ...toInvoice(found.found.invoice, found.found, terms, today, deps.publicLinks.urlFor),
      lines: found.lines.map((line) => toInvoiceLine(line, terms.decimals, found.pricing.get(line.id))),
      readings: found.readings.map((row) => toReading(row, names)),
      payments: found.payments.map((row) => toPayment(row, names, terms.decimals)),
      cash_rounding: cashRoundingOf(terms),
    };
  }

  const createDeps = { clock, account: deps.account, engine, detail };
  const issuerOf = (context: ServiceContext) => documentIssuerOf(context, deps.defaultDb);

  return {
    detail,

    /** The printable page of an invoice (A4 or an 80 mm receipt) in the requester's language. */
    async printable(
      context: ServiceContext,
      invoiceId: number,
      reader: DocumentLocale,
      format: DocumentFormat,
    ): Promise<{ html: string; number: string }> {
      const invoice = await detail(context, invoiceId);
      const [customer, issuer] = await Promise.all([
        findCustomer(context.db, context.scope, invoice.customer, context.terms),
        issuerOf(context),
      ]);
      const html = await linkedInvoiceHtml({ invoice, customer, unit: context.service.unit, ...reader, format, issuer });
      return { html, number: invoice.number };
    },

    /**
     * Every live invoice of a billed period (of a station or region) in one document, a page each,
     * in the order they are handed out: the billing run's "print all".
     */
    async printablePeriod(
      context: ServiceContext,
      query: PrintInvoicesQuery,
      reader: DocumentLocale,
    ): Promise<{ html: string; count: number }> {
      const { db, scope } = context;
      if (query.period_end < query.period_start) throw fieldError('period_end', ERROR_CODES.periodEndBeforeStart);
      if (query.station) await assertStation(db, scope, query.station);
      if (query.region) await assertAddressFilters(db, scope.tenantId, { region: query.region });
      const ids = await findInvoiceIdsOfPeriod(
        db,
        scope,
        { start: query.period_start, end: query.period_end },
        query,
        MAX_PRINTED_INVOICES + 1,
      );
      if (ids.length > MAX_PRINTED_INVOICES) throw fieldError('station', ERROR_CODES.maxItems, { max: MAX_PRINTED_INVOICES });
      const issuer = await issuerOf(context);
      const pages: string[] = [];
      for (const id of ids) {
        const invoice = await detail(context, id);
        const customer = await findCustomer(db, scope, invoice.customer, context.terms);
        pages.push(await linkedInvoiceHtml({ invoice, customer, unit: context.service.unit, ...reader, format: query.format, issuer }));
      }
      return { html: combineDocuments(pages, reader.language), count: pages.length };
    },

    async listSource(context: ServiceContext, query: ListInvoicesQuery): Promise<ListSource<Invoice, InvoiceTotals>> {
      if (query.customer) await assertCustomer(context.db, context.scope, query.customer);
      if (query.subscription) await assertSubscription(context.db, context.scope, query.subscription);
      const today = todayIn(context.terms.timezone, clock.now());
      return listInvoicesSource(context.db, context.scope, query, context.terms, today, deps.publicLinks.urlFor);
    },

    async create(
      context: ServiceContext,
      input: CreateInvoiceData,
      audit: AuditContext,
      ticket: IdempotencyTicket | null = null,
    ): Promise<InvoiceDetail> {
      return detail(context, await createInvoice(createDeps, context, input, audit, ticket));
    },

    /** Cancels while nothing is paid: the number stays taken (gapless), the period is free again. */
    async cancel(context: ServiceContext, invoiceId: number, reason: string, audit: AuditContext): Promise<InvoiceDetail> {
      await cancelInvoice(deps, context, invoiceId, reason, audit);
      return detail(context, invoiceId);
    },

    /** The billing run (`generate-invoices.ts`). */
    generate: (
      context: ServiceContext,
      input: GenerateInvoicesData,
      audit: AuditContext,
      options?: { isDryRun?: boolean } & RunProgress,
    ): Promise<GenerateInvoicesResult> => generateInvoices({ clock, engine }, context, input, audit, options),
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
