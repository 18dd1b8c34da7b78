import type { z } from 'zod';
import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import { ERROR_CODES } from '@meterline/contract/errors';
import type {
  BillingSkipReason,
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
import { formatMoneyAmount, formatScaled, QUANTITY_SCALE, UNIT_PRICE_SCALE } from '@meterline/contract/money';
import type { Db, Executor, Tx } from '../../db/client';
import type { IdempotencyTicket } from '../idempotency/index';
import type { Clock } from '../../lib/clock';
import type { PublicLinkSigner } from '../../lib/public-link';
import { conflict, fieldError, HttpError, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { addToCustomerBalance, findCustomer, findCustomerRow } from '../customers/index';
import { toPayment } from './payment-shape';
import { isUniqueViolation } from '../../scope/codes';
import { parseDecimalField } from '../../lib/decimal-input';
import { assertAddressFilters, assertCustomer, assertStation, assertSubscription, findUserNames } from '../../scope/references';
import { addDays, todayIn, type ServiceContext } from '../../scope/service-scope';
import { toReading } from '../subscriptions/index';
import { cashRoundingOf, storeInvoiceRate, storeLinePricing } from './consumption-pricing';
import { documentIssuerOf } from './document-issuer';
import { startRunReport } from './run-report';
import { combineDocuments, linkedInvoiceHtml, type DocumentFormat, type DocumentLocale } from './invoice-document';
import { priceLines, type DraftLine } from './invoice-lines';
import {
  findBilledSubscriptionIds,
  findInvoiceIdsOfPeriod,
  findInvoiceDetail,
  findInvoiceRow,
  insertInvoice,
  insertInvoiceLines,
  listInvoicesSource,
  toInvoice,
  toInvoiceLine,
  updateInvoiceRow,
} from './invoices.repository';
import { statusFor } from './invoice-rules';
import { takeInvoiceNumber } from '../numbering/index';
import { runDaysOf } from './proration';
import { findLastReadingTimes, findSubscriptionsOfPeriod } from './proration.repository';
import {
  assertMeterPeriod,
  createBillingEngine,
  isAlreadyBilled,
  MAX_INVOICE_TOTAL,
  type AccountHooks,
  type MeterOutcome,
} from './billing-engine';

type CreateInvoiceData = z.output<typeof createInvoiceInputSchema>;
type GenerateInvoicesData = z.output<typeof generateInvoicesInputSchema>;

type Period = Record<'periodStart' | 'periodEnd', string>;

const periodBilled = (number: string) => conflict(BILLING_ERROR_CODES.periodAlreadyBilled, { number });

/** Invoices: creation from a meter or from lines, numbering, cancelling, the billing run. */
/** Nobody read the customer's meter since its last invoice (or ever): the run would bill the fee only. */
function isNotReadSinceLastInvoice(candidate: { lastReadingId: number | null; lastBilledReadingId: number | null }): boolean {
  if (candidate.lastReadingId === null) return true;
  return candidate.lastBilledReadingId !== null && candidate.lastReadingId <= candidate.lastBilledReadingId;
}

/** A billing run's progress, for a job: meters billed of those to bill, and whether to stop between batches. */
export interface RunProgress {
  onProgress?: (done: number, total: number) => Promise<void> | void;
  isCancelled?: () => boolean;
}

/** Meters a billing run writes per transaction: short enough that other requests get the connection between them. */
const RUN_BATCH_SIZE = 100;

export function createInvoiceService(deps: { clock: Clock; defaultDb: Db; account: AccountHooks; publicLinks: PublicLinkSigner }) {
  const { clock } = deps;
  const { applyCustomerCredit } = deps.account;
  const engine = createBillingEngine({ clock, account: deps.account });

  /** Inserts a priced invoice with its lines, moves the customer's balance and writes one audit row. */
  async function storeInvoice(
    tx: Tx,
    context: ServiceContext,
    audit: AuditContext,
    values: {
      customerId: number;
      subscriptionId: number | null;
      period: Period;
      notes: string;
      lines: DraftLine[];
      monthlyFee?: bigint;
      readings?: { previous: string | null; current: string; consumption: string; lastReadingId: number | null };
    },
  ): Promise<number> {
    const { scope, terms } = context;
    const priced = priceLines(values.lines, terms.taxRate, terms.decimals);
    const issuedOn = todayIn(terms.timezone, clock.now());
    const number = await takeInvoiceNumber(tx, scope.tenantId, issuedOn.slice(0, 4));
    const { subtotal, tax, total } = priced.totals;
    const invoice = await insertInvoice(tx, {
      tenantId: scope.tenantId,
      serviceId: scope.serviceId,
      number,
      customerId: values.customerId,
      subscriptionId: values.subscriptionId,
      periodStart: values.period.periodStart,
      periodEnd: values.period.periodEnd,
      issuedOn,
      dueOn: addDays(issuedOn, terms.invoiceDueDays),
      subtotal,
      tax,
      total,
      amountPaid: 0n,
      status: statusFor(total, 0n),
      previousReading: values.readings?.previous ?? null,
      currentReading: values.readings?.current ?? null,
      consumption: values.readings?.consumption ?? null,
      lastReadingId: values.readings?.lastReadingId ?? null,
      monthlyFee: values.monthlyFee ?? null,
      createdBy: context.actor.userId,
      notes: values.notes,
      createdAt: clock.now(),
    });
    const lines = await insertInvoiceLines(
      tx,
      priced.lines.map((line, index) => ({
        tenantId: scope.tenantId,
        invoiceId: invoice.id,
        position: index + 1,
        description: line.description,
        quantity: formatScaled(line.quantity, QUANTITY_SCALE),
        unitPrice: formatScaled(line.unitPrice, UNIT_PRICE_SCALE),
        amount: line.amount,
      })),
    );
    await storeLinePricing(tx, scope.tenantId, priced.lines, lines);
    await storeInvoiceRate(tx, scope.tenantId, invoice.id, values.period.periodStart);
    await addToCustomerBalance(tx, scope.tenantId, values.customerId, total);
    await recordAudit(tx, audit, { action: 'create', entity: 'invoice', entityId: invoice.id, after: { ...invoice, lines } });
    await applyCustomerCredit(tx, context, audit, invoice, clock.now());
    return invoice.id;
  }

  /**
   * Bills a meter: its fee and the consumption the ledger has not recorded (the billing engine, a
   * batch of one); a refusal is thrown. Locks the customer then the subscription (the order every
   * writer uses), so a reading, a bundle change and a second invoice for the same meter wait.
   */
  async function createFromMeter(
    context: ServiceContext,
    subscriptionId: number,
    requested: Period,
    notes: string,
    audit: AuditContext,
    ticket: IdempotencyTicket | null,
  ): Promise<number> {
    try {
      return await context.db.transaction(async (tx) => {
        const [outcome] = await engine.billMeters(tx, context, audit, [{ subscriptionId, period: requested, notes }], {
          lateFees: false,
          skipNothing: false,
        });
        if (outcome?.kind !== 'created') {
          throw outcome?.kind === 'failed' ? outcome.error : new Error(`subscription ${subscriptionId} was not billed`);
        }
        // The invoice and the answer to its Idempotency-Key commit together: a retry bills once.
        await ticket?.complete(tx, 201, await detail(context, outcome.invoiceId, tx));
        return outcome.invoiceId;
      });
    } catch (error) {
      // Two creations for one period that both passed the check: the partial unique index decides.
      if (isUniqueViolation(error, 'invoices_live_period_key')) throw periodBilled('created meanwhile');
      throw error;
    }
  }

  async function createFromLines(
    context: ServiceContext,
    input: CreateInvoiceData,
    audit: AuditContext,
    ticket: IdempotencyTicket | null,
  ): Promise<number> {
    const { db, scope } = context;
    const customerId = input.customer as number;
    await assertCustomer(db, scope, customerId);
    const lines: DraftLine[] = (input.lines ?? []).map((line, index) => ({
      description: line.description,
      quantity: parseDecimalField(`lines.${index}.quantity`, line.quantity, QUANTITY_SCALE, { maxDigits: 14, allowZero: false }),
      unitPrice: parseDecimalField(`lines.${index}.unit_price`, line.unit_price, UNIT_PRICE_SCALE, { maxDigits: 18 }),
    }));
    const priced = priceLines(lines, context.terms.taxRate, context.terms.decimals);
    if (priced.totals.total >= MAX_INVOICE_TOTAL) throw fieldError('lines', ERROR_CODES.amountTooLarge);
    return db.transaction(async (tx) => {
      await findCustomerRow(tx, scope, customerId, { lock: true });
      const invoiceId = await storeInvoice(tx, context, audit, {
        customerId,
        subscriptionId: null,
        period: { periodStart: input.period_start, periodEnd: input.period_end },
        notes: input.notes,
        lines,
      });
      await ticket?.complete(tx, 201, await detail(context, invoiceId, tx));
      return invoiceId;
    });
  }

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
      const period = { periodStart: input.period_start, periodEnd: input.period_end };
      const id =
        input.subscription !== undefined
          ? await createFromMeter(context, input.subscription, period, input.notes, audit, ticket)
          : await createFromLines(context, input, audit, ticket);
      return detail(context, id);
    },

    /** Cancels while nothing is paid: the number stays taken (gapless), the period is free again. */
    async cancel(context: ServiceContext, invoiceId: number, reason: string, audit: AuditContext): Promise<InvoiceDetail> {
      const { db, scope } = context;
      await db.transaction(async (tx) => {
        const invoice = await findInvoiceRow(tx, scope, invoiceId, { lock: true });
        if (!invoice) throw notFound();
        if (invoice.status === 'cancelled') throw conflict(BILLING_ERROR_CODES.invoiceCancelled);
        if (invoice.amountPaid !== 0n) {
          throw conflict(BILLING_ERROR_CODES.invoiceHasPayments);
        }
        const after = await updateInvoiceRow(tx, scope, invoiceId, { status: 'cancelled', cancelledAt: clock.now(), cancelReason: reason });
        await addToCustomerBalance(tx, scope.tenantId, invoice.customerId, -invoice.total);
        await recordAudit(tx, audit, { action: 'cancel', entity: 'invoice', entityId: invoiceId, before: invoice, after });
      });
      return detail(context, invoiceId);
    },

    /**
     * The billing run: every open subscription of the service for the period, each invoice in its
     * own transaction. Left out, each with its reason: disconnected and suspended customers,
     * inactive bundles, meters with nothing to bill, and subscriptions with a live invoice
     * overlapping the period (so a second run creates nothing). A dry run creates nothing and
     * answers the same figures: `created` is what a run would bill.
     */
    async generate(
      context: ServiceContext,
      input: GenerateInvoicesData,
      audit: AuditContext,
      { isDryRun = false, ...progress }: { isDryRun?: boolean } & RunProgress = {},
    ): Promise<GenerateInvoicesResult> {
      const { db, scope, terms } = context;
      if (input.station) await assertStation(db, scope, input.station);
      if (input.region) await assertAddressFilters(db, scope.tenantId, { region: input.region });
      const today = todayIn(terms.timezone, clock.now());
      if (input.period_start > today) {
        throw fieldError('period_start', ERROR_CODES.monthNotBegun, { today });
      }
      const period = { periodStart: input.period_start, periodEnd: input.period_end };
      assertMeterPeriod(context, period, clock.now());
      const result = await startRunReport(context, input, today);
      // Cancelled before it began (or only checked, as the route does before it starts the job).
      if (progress.isCancelled?.()) return result;
      // Open on a day of the period (a bundle changed mid month bills both subscriptions, each for its days).
      const candidates = await findSubscriptionsOfPeriod(
        db,
        scope,
        { station: input.station, region: input.region },
        { start: period.periodStart, end: period.periodEnd },
      );
      const billed = await findBilledSubscriptionIds(db, scope, period.periodStart, period.periodEnd);
      // What is (to be) billed, per station: the plan's total in a dry run, the stored total after.
      const billedTotals: { candidate: (typeof candidates)[number]; total: bigint }[] = [];
      const skip = (candidate: (typeof candidates)[number], reason: BillingSkipReason) => {
        result.skipped += 1;
        result.skipped_details.push({
          subscription: candidate.id,
          customer: candidate.customerId,
          customer_name: candidate.customerName,
          reason,
        });
      };
      const fail = (candidate: (typeof candidates)[number], error: unknown) => {
        const detailText = error instanceof HttpError ? JSON.stringify(error.body) : 'A server error occurred.';
        if (!(error instanceof HttpError)) console.error('billing run error', error);
        const code = error instanceof HttpError && typeof error.body.code === 'string' ? error.body.code : undefined;
        result.errors.push({ subscription: candidate.id, customer: candidate.customerId, detail: detailText, ...(code ? { code } : {}) });
      };
      // Planned all at once (a few statements for the whole service), billed a batch at a time.
      type Candidate = (typeof candidates)[number];
      const toPlan: { candidate: Candidate; days: Period }[] = [];
      for (const candidate of candidates) {
        if (candidate.customerStatus === 'disconnected') skip(candidate, 'customer_disconnected');
        else if (candidate.customerStatus === 'suspended') skip(candidate, 'customer_suspended');
        else if (!candidate.isBundleActive) skip(candidate, 'bundle_inactive');
        else if (billed.has(candidate.id)) skip(candidate, 'already_billed');
        else {
          const days = runDaysOf(candidate, period);
          if (days) toPlan.push({ candidate, days });
        }
      }
      const refused = (candidate: Candidate, error: unknown) =>
        isAlreadyBilled(error) ? skip(candidate, 'already_billed') : fail(candidate, error);
      const plan = await engine.planMeters(
        db,
        context,
        toPlan.map(({ candidate, days }) => ({ subscriptionId: candidate.id, period: days })),
        { lock: false, lateFees: false, skipNothing: true },
      );
      const draftOf = new Map(plan.drafts.map((draft) => [draft.index, draft]));
      const toBill: { candidate: Candidate; days: Period }[] = [];
      toPlan.forEach(({ candidate, days }, index) => {
        const outcome = plan.outcomes[index];
        const draft = draftOf.get(index);
        if (!draft) {
          if (outcome?.kind === 'skipped') skip(candidate, outcome.reason);
          else refused(candidate, outcome?.kind === 'failed' ? outcome.error : undefined);
          return;
        }
        const isUnread = context.service.isMetered && isNotReadSinceLastInvoice(candidate);
        if (isUnread)
          result.unread.push({
            subscription: candidate.id,
            customer: candidate.customerId,
            customer_name: candidate.customerName,
            last_reading_at: null,
          });
        if (isUnread && input.unread === 'skip') skip(candidate, 'not_read');
        else if (isDryRun) {
          result.created += 1;
          billedTotals.push({ candidate, total: draft.priced.totals.total });
        } else toBill.push({ candidate, days });
      });
      let done = 0;
      const report = async () => progress?.onProgress?.(done, toBill.length);
      if (!isDryRun) await report();
      for (let start = 0; start < toBill.length; start += RUN_BATCH_SIZE) {
        if (progress?.isCancelled?.()) break;
        const batch = toBill.slice(start, start + RUN_BATCH_SIZE);
        const meters = batch.map(({ candidate, days }) => ({ subscriptionId: candidate.id, period: days }));
        const options = { lateFees: true, skipNothing: true };
        let outcomes: MeterOutcome[];
        try {
          outcomes = await db.transaction((tx) => engine.billMeters(tx, context, audit, meters, options));
        } catch {
          // One meter's unexpected failure (a unique key raced) costs only that meter: the batch again, one by one.
          outcomes = [];
          for (const meter of meters) {
            try {
              outcomes.push(...(await db.transaction((tx) => engine.billMeters(tx, context, audit, [meter], options))));
            } catch (error) {
              outcomes.push({ kind: 'failed', error });
            }
          }
        }
        batch.forEach(({ candidate }, index) => {
          const outcome = outcomes[index];
          if (outcome?.kind === 'created') {
            result.invoices.push(outcome.invoiceId);
            result.created += 1;
            billedTotals.push({ candidate, total: outcome.total });
          } else if (outcome?.kind === 'skipped') skip(candidate, outcome.reason);
          else refused(candidate, outcome?.error);
        });
        done += batch.length;
        await report();
        // Between batches the connection is free: on the embedded database every other request waits for it.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const readAt = await findLastReadingTimes(db, scope.tenantId, [...new Set(result.unread.map((meter) => meter.customer))]);
      for (const meter of result.unread) meter.last_reading_at = readAt.get(meter.customer) ?? null;
      const stations = new Map<number | null, GenerateInvoicesResult['by_station'][number] & { minor: bigint }>();
      let amount = 0n;
      for (const { candidate, total: minor } of billedTotals) {
        amount += minor;
        const station = stations.get(candidate.stationId) ?? {
          station: candidate.stationId,
          station_name: candidate.stationName,
          invoices: 0,
          amount: '',
          minor: 0n,
        };
        station.invoices += 1;
        station.minor += minor;
        stations.set(candidate.stationId, station);
      }
      result.amount = formatMoneyAmount(amount, terms.decimals);
      result.by_station = [...stations.values()]
        .sort((a, b) => (a.station_name ?? '\uffff').localeCompare(b.station_name ?? '\uffff'))
        .map(({ minor, ...station }) => ({ ...station, amount: formatMoneyAmount(minor, terms.decimals) }));
      return result;
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
