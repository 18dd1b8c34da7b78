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
import { formatMoneyAmount, formatScaled, parseScaled, QUANTITY_SCALE, UNIT_PRICE_SCALE } from '@meterline/contract/money';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, HttpError, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit } from '../audit/audit.repository';
import type { AuditContext } from '../../plugins/request-context';
import { findCustomer, findCustomerRow } from '../customers/customers.repository';
import { toPayment } from './payment-shape';
import { isUniqueViolation } from '../../scope/codes';
import { parseDecimalField } from '../../lib/decimal-input';
import {
  assertAddressFilters,
  assertCustomer,
  assertStation,
  assertSubscription,
  findScopedBundle,
  findUserNames,
  invalidPk,
} from '../../scope/references';
import { addDays, todayIn, type ServiceContext } from '../../scope/service-scope';
import {
  findFirstReadingStart,
  findLastLiveReadingId,
  findPreviousMeterInvoice,
  findSubscriptionRow,
  toReading,
} from '../subscriptions/subscriptions.repository';
import { cashRoundingOf, priceMeterConsumption, storeInvoiceRate, storeLinePricing } from './consumption-pricing';
import { documentIssuerOf } from './document-issuer';
import { combineDocuments, renderInvoiceDocument, type DocumentFormat, type DocumentLanguage } from './invoice-document';
import { meterInvoiceLines, priceLines, type DraftLine } from './invoice-lines';
import {
  addToCustomerBalance,
  allocateInvoiceNumber,
  findBilledSubscriptionIds,
  findInvoiceIdsOfPeriod,
  findInvoiceTotals,
  findInvoiceDetail,
  findInvoiceRow,
  findLiveInvoiceForPeriod,
  findLiveInvoiceOverlapping,
  insertInvoice,
  insertInvoiceLines,
  listInvoicesSource,
  toInvoice,
  toInvoiceLine,
  updateInvoiceRow,
} from './invoices.repository';
import { statusFor } from './invoice-rules';
import { billedDaysOf, monthlyFeeOf, runDaysOf } from './proration';
import { findLastReadingTimes, findSubscriptionConsumption, findSubscriptionsOfPeriod } from './proration.repository';

type CreateInvoiceData = z.output<typeof createInvoiceInputSchema>;
type GenerateInvoicesData = z.output<typeof generateInvoicesInputSchema>;

interface Period {
  periodStart: string;
  periodEnd: string;
}

const periodBilled = (number: string) => conflict(BILLING_ERROR_CODES.periodAlreadyBilled, { number });

const periodOverlaps = (invoice: { id: number; number: string; periodStart: string; periodEnd: string }) =>
  conflict(ERROR_CODES.periodOverlaps, {
    invoice: invoice.id,
    number: invoice.number,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
  });

/** Largest invoice total stored (minor units): beyond it an invoice is a 400 amount_too_large, never an overflow. */
export const MAX_INVOICE_TOTAL = 10n ** 15n;

/** A billing run as a job reports its progress every this many candidates. */
const PROGRESS_EVERY = 25;
/** Quantities and readings are numeric(14,3): scaled by 10^3, below 10^14. */
const MAX_QUANTITY = 10n ** 14n;
/** A metered subscription is billed a month at most at a time. */
const MAX_METER_PERIOD_DAYS = 31;

const amountTooLarge = (field: string) => fieldError(field, ERROR_CODES.amountTooLarge);

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Invoices: creation from a meter or from lines, numbering, cancelling, the billing run. */
/** Nobody read the customer's meter since its last invoice (or ever): the run would bill the fee only. */
function isNotReadSinceLastInvoice(candidate: { lastReadingId: number | null; lastBilledReadingId: number | null }): boolean {
  if (candidate.lastReadingId === null) return true;
  return candidate.lastBilledReadingId !== null && candidate.lastReadingId <= candidate.lastBilledReadingId;
}

/** The late fee lines a billing run adds to a customer's invoice, and how to record that they were charged. */
export interface LateFeePlan {
  lines: DraftLine[];
  /** Records which overdue invoices the new invoice charged (the unique key makes it once each). */
  record(tx: Tx, invoiceId: number, now: Date): Promise<void>;
}

/**
 * What the customer's account adds to billing (issue 15): credit settles a new invoice, and the
 * billing run charges late fees. `app.ts` passes the account module's functions, so this module
 * never imports the account module, which is built on it (no module-level cycle).
 */
export interface AccountHooks {
  applyCustomerCredit(
    tx: Tx,
    context: ServiceContext,
    audit: AuditContext,
    invoice: { id: number; customerId: number; total: bigint; amountPaid: bigint },
    now: Date,
  ): Promise<bigint>;
  planLateFees(tx: Tx, context: ServiceContext, customerId: number, today: string): Promise<LateFeePlan>;
}

export function createInvoiceService(deps: { clock: Clock; defaultDb: Db; account: AccountHooks }) {
  const { clock } = deps;
  const { applyCustomerCredit, planLateFees } = deps.account;

  /** A meter is billed for days that have begun (the tenant's today), a month at most at a time. */
  function assertMeterPeriod(context: ServiceContext, period: Period) {
    const today = todayIn(context.terms.timezone, clock.now());
    if (period.periodStart > today) {
      throw fieldError('period_start', ERROR_CODES.periodInFuture, { today });
    }
    if (daysBetween(period.periodStart, period.periodEnd) > MAX_METER_PERIOD_DAYS) {
      throw fieldError('period_end', ERROR_CODES.periodTooLong, { days: MAX_METER_PERIOD_DAYS });
    }
  }

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
    const number = await allocateInvoiceNumber(tx, scope.tenantId, terms.invoicePrefix, issuedOn.slice(0, 4));
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
   * Bills a meter: consumption not yet billed x the bundle's unit price, plus its monthly price.
   * Locks the customer then the subscription (the order every writer uses), so a reading, a
   * bundle change and a second invoice for the same meter wait for this one.
   */
  async function createFromMeter(
    context: ServiceContext,
    subscriptionId: number,
    requested: Period,
    notes: string,
    audit: AuditContext,
    options: { lateFees?: boolean } = {},
  ): Promise<number> {
    const { db, scope, terms } = context;
    const peek = await findSubscriptionRow(db, scope, subscriptionId);
    if (!peek) throw invalidPk('subscription', subscriptionId);
    try {
      return await db.transaction(async (tx) => {
        await findCustomerRow(tx, scope, peek.customerId, { lock: true });
        const subscription = await findSubscriptionRow(tx, scope, subscriptionId, { lock: true });
        if (!subscription) throw invalidPk('subscription', subscriptionId);
        const period = billedDaysOf(subscription, requested);
        assertMeterPeriod(context, period);
        const live = await findLiveInvoiceForPeriod(tx, scope.tenantId, subscriptionId, period.periodStart, period.periodEnd);
        if (live) throw periodBilled(live.number);
        const overlapping = await findLiveInvoiceOverlapping(tx, scope.tenantId, subscriptionId, period.periodStart, period.periodEnd);
        if (overlapping) throw periodOverlaps(overlapping);
        const bundle = await findScopedBundle(tx, scope, subscription.bundleId, 'subscription');
        const consumptionText = await findSubscriptionConsumption(tx, scope.tenantId, subscription, period);
        const consumption = parseScaled(consumptionText, QUANTITY_SCALE) ?? 0n;
        const monthlyFee = await monthlyFeeOf(tx, terms, {
          tenantId: scope.tenantId,
          customerId: subscription.customerId,
          billed: period,
          fee: bundle.price,
        });
        const previousInvoice = await findPreviousMeterInvoice(tx, scope.tenantId, subscription.customerId);
        const previous =
          previousInvoice?.currentReading ??
          (await findFirstReadingStart(tx, scope.tenantId, subscription.customerId)) ??
          subscription.counter;
        if (consumption >= MAX_QUANTITY) throw amountTooLarge('subscription');
        const unitPrice = parseScaled(bundle.unitPrice, UNIT_PRICE_SCALE) ?? 0n;
        const consumptionLines = await priceMeterConsumption(tx, context, {
          customerId: subscription.customerId,
          bundleId: bundle.id,
          bundleUnitPrice: unitPrice,
          consumption,
          now: clock.now(),
        });
        const lines = meterInvoiceLines({
          bundleName: bundle.name,
          priceMinor: monthlyFee,
          unitPrice,
          consumption,
          unit: context.service.unit,
          decimals: terms.decimals,
          consumptionLines,
        });
        // The billing run adds the late fees of the customer's overdue invoices (issue 15).
        const lateFees = options.lateFees
          ? await planLateFees(tx, context, subscription.customerId, todayIn(terms.timezone, clock.now()))
          : null;
        lines.push(...(lateFees?.lines ?? []));
        if (priceLines(lines, terms.taxRate, terms.decimals).totals.total >= MAX_INVOICE_TOTAL) throw amountTooLarge('subscription');
        const invoiceId = await storeInvoice(tx, context, audit, {
          customerId: subscription.customerId,
          subscriptionId,
          period,
          notes,
          lines,
          monthlyFee,
          readings: {
            previous,
            current: subscription.counter,
            consumption: formatScaled(consumption, QUANTITY_SCALE),
            lastReadingId: await findLastLiveReadingId(tx, scope.tenantId, subscription.customerId),
          },
        });
        await lateFees?.record(tx, invoiceId, clock.now());
        return invoiceId;
      });
    } catch (error) {
      // Two creations for one period that both passed the check: the partial unique index decides.
      if (isUniqueViolation(error, 'invoices_live_period_key')) throw periodBilled('created meanwhile');
      throw error;
    }
  }

  /**
   * What billing a meter now would give, without writing: nothing to bill (no fee and no
   * consumption), or the total; amounts beyond the stored range throw 400 amount_too_large
   * (the billing run reports it for that customer, its dry run as well).
   */
  async function planMeterInvoice(context: ServiceContext, subscriptionId: number, period: Period): Promise<'nothing_to_bill' | bigint> {
    const { db, scope, terms } = context;
    const subscription = await findSubscriptionRow(db, scope, subscriptionId);
    if (!subscription) throw invalidPk('subscription', subscriptionId);
    const bundle = await findScopedBundle(db, scope, subscription.bundleId, 'subscription');
    const consumption = parseScaled(await findSubscriptionConsumption(db, scope.tenantId, subscription, period), QUANTITY_SCALE) ?? 0n;
    const unitPrice = parseScaled(bundle.unitPrice, UNIT_PRICE_SCALE) ?? 0n;
    const monthlyFee = await monthlyFeeOf(db, terms, {
      tenantId: scope.tenantId,
      customerId: subscription.customerId,
      billed: period,
      fee: bundle.price,
    });
    const consumptionLines = await priceMeterConsumption(db, context, {
      customerId: subscription.customerId,
      bundleId: bundle.id,
      bundleUnitPrice: unitPrice,
      consumption,
      now: clock.now(),
    });
    if (monthlyFee === 0n && (consumption === 0n || (consumptionLines ?? []).every((line) => line.unitPrice === 0n)))
      return 'nothing_to_bill';
    if (consumption >= MAX_QUANTITY) throw amountTooLarge('subscription');
    const lines = meterInvoiceLines({
      bundleName: bundle.name,
      priceMinor: monthlyFee,
      unitPrice,
      consumption,
      unit: context.service.unit,
      decimals: terms.decimals,
      consumptionLines,
    });
    const { total } = priceLines(lines, terms.taxRate, terms.decimals).totals;
    if (total >= MAX_INVOICE_TOTAL) throw amountTooLarge('subscription');
    return total;
  }

  async function createFromLines(context: ServiceContext, input: CreateInvoiceData, audit: AuditContext): Promise<number> {
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
      return storeInvoice(tx, context, audit, {
        customerId,
        subscriptionId: null,
        period: { periodStart: input.period_start, periodEnd: input.period_end },
        notes: input.notes,
        lines,
      });
    });
  }

  async function detail(context: ServiceContext, invoiceId: number): Promise<InvoiceDetail> {
    const { db, scope, terms } = context;
    // One statement; the names come with it when the tenant's rows share the users' database.
    const withNames = db === deps.defaultDb;
    const found = await findInvoiceDetail(db, scope, invoiceId, { withNames });
    if (!found) throw notFound();
    const today = todayIn(terms.timezone, clock.now());
    const names =
      found.names ??
      (await findUserNames(deps.defaultDb, scope.tenantId, [
        ...found.payments.map((row) => row.payment.receivedBy),
        ...found.readings.map((row) => row.takenBy),
      ]));
    return {
      ...toInvoice(found.found.invoice, found.found, terms, today),
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
      language: DocumentLanguage,
      format: DocumentFormat,
    ): Promise<{ html: string; number: string }> {
      const invoice = await detail(context, invoiceId);
      const [customer, issuer] = await Promise.all([
        findCustomer(context.db, context.scope, invoice.customer, context.terms.decimals),
        issuerOf(context),
      ]);
      const html = renderInvoiceDocument({ invoice, customer, unit: context.service.unit, language, format, issuer });
      return { html, number: invoice.number };
    },

    /**
     * Every live invoice of a billed period (of a station or region) in one document, a page each,
     * in the order they are handed out: the billing run's "print all".
     */
    async printablePeriod(
      context: ServiceContext,
      query: PrintInvoicesQuery,
      language: DocumentLanguage,
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
        const customer = await findCustomer(db, scope, invoice.customer, context.terms.decimals);
        pages.push(renderInvoiceDocument({ invoice, customer, unit: context.service.unit, language, format: query.format, issuer }));
      }
      return { html: combineDocuments(pages, language), count: pages.length };
    },

    async listSource(context: ServiceContext, query: ListInvoicesQuery): Promise<ListSource<Invoice, InvoiceTotals>> {
      if (query.customer) await assertCustomer(context.db, context.scope, query.customer);
      if (query.subscription) await assertSubscription(context.db, context.scope, query.subscription);
      const today = todayIn(context.terms.timezone, clock.now());
      return listInvoicesSource(context.db, context.scope, query, context.terms, today);
    },

    async create(context: ServiceContext, input: CreateInvoiceData, audit: AuditContext): Promise<InvoiceDetail> {
      const period = { periodStart: input.period_start, periodEnd: input.period_end };
      const id =
        input.subscription !== undefined
          ? await createFromMeter(context, input.subscription, period, input.notes, audit)
          : await createFromLines(context, input, audit);
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
      {
        isDryRun = false,
        onProgress,
        isCancelled,
      }: {
        isDryRun?: boolean;
        /** The run as a job (issue 29): `done` of `total` candidates, every PROGRESS_EVERY and at the end. */
        onProgress?: (done: number, total: number) => Promise<void>;
        /** Checked between candidates: true stops the run there (what it billed stays billed). */
        isCancelled?: () => boolean;
      } = {},
    ): Promise<GenerateInvoicesResult> {
      const { db, scope, terms } = context;
      if (input.station) await assertStation(db, scope, input.station);
      if (input.region) await assertAddressFilters(db, scope.tenantId, { region: input.region });
      const today = todayIn(terms.timezone, clock.now());
      if (input.period_start > today) {
        throw fieldError('period_start', ERROR_CODES.monthNotBegun, { today });
      }
      const period = { periodStart: input.period_start, periodEnd: input.period_end };
      assertMeterPeriod(context, period);
      // Open on a day of the period (a bundle changed mid month bills both subscriptions, each for its days).
      const candidates = await findSubscriptionsOfPeriod(
        db,
        scope,
        { station: input.station, region: input.region },
        { start: period.periodStart, end: period.periodEnd },
      );
      const billed = await findBilledSubscriptionIds(db, scope, period.periodStart, period.periodEnd);
      const result: GenerateInvoicesResult = {
        created: 0,
        skipped: 0,
        skipped_details: [],
        errors: [],
        invoices: [],
        amount: formatMoneyAmount(0n, terms.decimals),
        month_in_progress: input.period_end >= today,
        unread: [],
        by_station: [],
      };
      // What is (to be) billed, per station: the plan's total in a dry run, the stored total after.
      const billedTotals: { candidate: (typeof candidates)[number]; total: bigint; invoiceId: number | null }[] = [];
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
      let reached = candidates.length;
      for (const [index, candidate] of candidates.entries()) {
        if (isCancelled?.()) {
          reached = index;
          break;
        }
        if (onProgress && index % PROGRESS_EVERY === 0) await onProgress(index, candidates.length);
        if (candidate.customerStatus === 'disconnected') skip(candidate, 'customer_disconnected');
        else if (candidate.customerStatus === 'suspended') skip(candidate, 'customer_suspended');
        else if (!candidate.isBundleActive) skip(candidate, 'bundle_inactive');
        else if (billed.has(candidate.id)) skip(candidate, 'already_billed');
        else {
          try {
            const days = runDaysOf(candidate, period);
            if (!days) continue;
            const plan = await planMeterInvoice(context, candidate.id, days);
            if (plan === 'nothing_to_bill') {
              skip(candidate, 'no_consumption_and_no_fee');
              continue;
            }
            const isUnread = context.service.isMetered && isNotReadSinceLastInvoice(candidate);
            if (isUnread)
              result.unread.push({
                subscription: candidate.id,
                customer: candidate.customerId,
                customer_name: candidate.customerName,
                last_reading_at: null,
              });
            if (isUnread && input.unread === 'skip') {
              skip(candidate, 'not_read');
              continue;
            }
            if (isDryRun) {
              result.created += 1;
              billedTotals.push({ candidate, total: plan, invoiceId: null });
              continue;
            }
            const invoiceId = await createFromMeter(context, candidate.id, days, '', audit, { lateFees: true });
            result.invoices.push(invoiceId);
            result.created += 1;
            billedTotals.push({ candidate, total: plan, invoiceId });
          } catch (error) {
            if (
              error instanceof HttpError &&
              (error.body.code === BILLING_ERROR_CODES.periodAlreadyBilled || error.body.code === ERROR_CODES.periodOverlaps)
            ) {
              skip(candidate, 'already_billed');
              continue;
            }
            fail(candidate, error);
          }
        }
      }
      await onProgress?.(reached, candidates.length);
      const readAt = await findLastReadingTimes(db, scope.tenantId, [...new Set(result.unread.map((meter) => meter.customer))]);
      for (const meter of result.unread) meter.last_reading_at = readAt.get(meter.customer) ?? null;
      const stored = await findInvoiceTotals(db, scope, result.invoices);
      const stations = new Map<number | null, GenerateInvoicesResult['by_station'][number] & { minor: bigint }>();
      let amount = 0n;
      for (const { candidate, total, invoiceId } of billedTotals) {
        const minor = invoiceId === null ? total : (stored.get(invoiceId) ?? total);
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
