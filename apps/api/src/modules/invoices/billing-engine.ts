/**
 * The billing engine (docs/billing.md): bills a batch of meters in one transaction with a fixed
 * number of statements, whatever the batch's size. The single invoice of a meter is a batch of one;
 * the billing run sends its meters a hundred at a time. Per meter: the days of the period it was
 * open, its fee (prorated, never past the month's dearest fee), the consumption the ledger has not
 * recorded yet priced by its months' tariffs, the late fees of the run, tax, the invoice's rate, the
 * customer's balance and credit, the audit row.
 */
import { nth } from '@meterline/contract/invariant';
import type { BillingSkipReason } from '@meterline/contract/invoices';
import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import { ERROR_CODES } from '@meterline/contract/errors';
import { formatScaled, parseScaled, QUANTITY_SCALE, UNIT_PRICE_SCALE } from '@meterline/contract/money';
import { monthlyFeeFor, monthRangeOf } from '@meterline/contract/proration';
import type { Executor, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, HttpError } from '../../lib/http-errors';
import type { AuditContext } from '../../plugins/request-context';
import { invalidPk } from '../../scope/references';
import { addDays, todayIn, type ServiceContext } from '../../scope/service-scope';
import { recordAudits } from '../audit/index';
import { findSettings } from '../config/index';
import { findServiceBundleRows } from '../bundles/index';
import { findServiceTariffs } from '../tariffs/index';
import {
  findCustomersOverdueBefore,
  findLiveInvoicesTouching,
  findReadingFacts,
  insertInvoiceRates,
  insertInvoiceRows,
  insertPricingRows,
  readMetersOfBatch,
} from './billing-engine.repository';
import { planFromUnpriced, storeLedgerRows, toTariffRule } from './consumption-pricing';
import type { LedgerEntry } from './consumption-rules';
import { statusFor } from './invoice-rules';
import { takeInvoiceNumbers } from '../numbering/index';
import { meterInvoiceLines, priceLines, type DraftLine, type PricedInvoice } from './invoice-lines';
import { insertInvoiceLines } from './invoices.repository';
import { advanceLedgerWatermarks, findRateForMonth, findUnpricedMonths } from './pricing.repository';
import { findServiceMonthFees } from './proration.repository';
import { billedDaysOf } from './proration';
import { addToCustomerBalances } from '../customers/index';

interface Period {
  periodStart: string;
  periodEnd: string;
}

/** The late fee lines a billing run adds to a customer's invoice, and how to record that they were charged. */
export interface LateFeePlan {
  lines: DraftLine[];
  /** Records which overdue invoices the new invoice charged (the unique key makes it once each). */
  record(tx: Tx, invoiceId: number, now: Date): Promise<void>;
}

/**
 * What the customer's account adds to billing (docs/accounts.md): credit settles a new invoice, and the
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

/** Largest invoice total stored (minor units): beyond it an invoice is a 400 amount_too_large, never an overflow. */
export const MAX_INVOICE_TOTAL = 10n ** 15n;
/** Quantities and readings are numeric(14,3): scaled by 10^3, below 10^14. */
const MAX_QUANTITY = 10n ** 14n;
/** A metered subscription is billed a month at most at a time. */
const MAX_METER_PERIOD_DAYS = 31;

export interface MeterToBill {
  subscriptionId: number;
  /** The period asked for; the invoice carries the days of it the subscription was open. */
  period: Period;
  notes?: string;
}

export type MeterOutcome =
  | { kind: 'created'; invoiceId: number; total: bigint }
  | { kind: 'skipped'; reason: BillingSkipReason }
  | { kind: 'failed'; error: unknown };

const amountTooLarge = () => fieldError('subscription', ERROR_CODES.amountTooLarge);

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A meter is billed for days that have begun (the tenant's today), a month at most at a time. */
export function assertMeterPeriod(context: ServiceContext, period: Period, now: Date): void {
  const today = todayIn(context.terms.timezone, now);
  if (period.periodStart > today) throw fieldError('period_start', ERROR_CODES.periodInFuture, { today });
  if (daysBetween(period.periodStart, period.periodEnd) > MAX_METER_PERIOD_DAYS) {
    throw fieldError('period_end', ERROR_CODES.periodTooLong, { days: MAX_METER_PERIOD_DAYS });
  }
}

export interface Draft {
  index: number;
  customerId: number;
  subscriptionId: number;
  period: Period;
  notes: string;
  priced: PricedInvoice;
  monthlyFee: bigint;
  consumption: bigint;
  ledger: LedgerEntry[];
  readings: { previous: string | null; current: string; lastReadingId: number | null };
  lateFees: LateFeePlan | null;
}

export function createBillingEngine(deps: { clock: Clock; account: AccountHooks }) {
  const { clock } = deps;

  /**
   * What billing the meters would give, read in a fixed number of statements: a draft per meter
   * to bill, or its outcome (refused alone: closed, a period already billed, amounts beyond range;
   * `skipNothing`: no fee and nothing consumed is skipped, as the run does, instead of billed at
   * zero as a single invoice asked for). `lock` (in the writing transaction): the meters' customers
   * and subscriptions are locked first; without it (the dry run) nothing waits.
   */
  async function planMeters(
    executor: Executor,
    context: ServiceContext,
    meters: MeterToBill[],
    options: { lock: boolean; lateFees: boolean; skipNothing: boolean },
  ): Promise<{ outcomes: MeterOutcome[]; drafts: Draft[]; credit: Map<number, bigint> }> {
    const { scope, terms, service } = context;
    const now = clock.now();
    const today = todayIn(terms.timezone, now);
    const outcomes: MeterOutcome[] = meters.map(() => ({ kind: 'failed', error: new Error('not billed') }));
    const drafts: Draft[] = [];
    if (!meters.length) return { outcomes, drafts, credit: new Map() };
    const locked = await readMetersOfBatch(
      executor,
      scope,
      meters.map((meter) => meter.subscriptionId),
      { lock: options.lock },
    );

    // The days each meter bills, and the refusals that need no more reading.
    const open: {
      index: number;
      meter: MeterToBill;
      period: Period;
      subscription: NonNullable<ReturnType<typeof locked.subscriptions.get>>;
    }[] = [];
    meters.forEach((meter, index) => {
      try {
        const subscription = locked.subscriptions.get(meter.subscriptionId);
        if (!subscription) throw invalidPk('subscription', meter.subscriptionId);
        const period = billedDaysOf(subscription, meter.period);
        assertMeterPeriod(context, period, now);
        open.push({ index, meter, period, subscription });
      } catch (error) {
        outcomes[index] = { kind: 'failed', error };
      }
    });
    if (!open.length) return { outcomes, drafts, credit: locked.credit };
    const customerIds = [...new Set(open.map((item) => item.subscription.customerId))];
    const range = {
      start: open.reduce((min, item) => (item.period.periodStart < min ? item.period.periodStart : min), open[0]!.period.periodStart),
      end: open.reduce((max, item) => (item.period.periodEnd > max ? item.period.periodEnd : max), open[0]!.period.periodEnd),
    };
    const months = [...new Set(open.map((item) => monthRangeOf(item.period.periodStart).start))];
    // One after the other: in a transaction they share one connection (and PGlite has only one).
    const live = await findLiveInvoicesTouching(
      executor,
      scope.tenantId,
      open.map((item) => item.subscription.id),
      range,
    );
    const bundleRows = await findServiceBundleRows(executor, scope);
    const tariffRows = await findServiceTariffs(executor, scope);
    const unpricedRows = await findUnpricedMonths(executor, scope.tenantId, { customerIds }, terms.timezone);
    // What the stored invoice records of its readings: not needed to plan (the dry run).
    const facts = options.lock ? await findReadingFacts(executor, scope.tenantId, customerIds) : new Map<never, never>();
    const fees: (readonly [string, Awaited<ReturnType<typeof findServiceMonthFees>>])[] = [];
    for (const month of months) fees.push([month, await findServiceMonthFees(executor, scope, monthRangeOf(month), customerIds)]);
    const overdue = options.lateFees ? await findCustomersOverdueBefore(executor, scope, customerIds, today) : new Set<number>();
    const bundles = new Map(bundleRows.map((row) => [row.id, row]));
    const tariffs = tariffRows.map(toTariffRule);
    const feesOfMonth = new Map(fees);
    const unpriced = new Map<number, typeof unpricedRows>();
    for (const row of unpricedRows) {
      const rows = unpriced.get(row.customerId);
      if (rows) rows.push(row);
      else unpriced.set(row.customerId, [row]);
    }
    // What earlier meters of the batch bill, per customer: their fees of a month and their units of a month.
    const feesPlanned = new Map<string, bigint>();
    const unitsPlanned = new Map<number, Map<string, bigint>>();
    const settled = new Set<string>();

    for (const { index, meter, period, subscription } of open) {
      try {
        const clash = live.find(
          (invoice) =>
            invoice.subscriptionId === subscription.id &&
            invoice.periodStart <= period.periodEnd &&
            invoice.periodEnd >= period.periodStart,
        );
        const exact = live.find(
          (invoice) =>
            invoice.subscriptionId === subscription.id &&
            invoice.periodStart === period.periodStart &&
            invoice.periodEnd === period.periodEnd,
        );
        if (exact) throw conflict(BILLING_ERROR_CODES.periodAlreadyBilled, { number: exact.number });
        if (clash) {
          throw conflict(ERROR_CODES.periodOverlaps, {
            invoice: clash.id,
            number: clash.number,
            period_start: clash.periodStart,
            period_end: clash.periodEnd,
          });
        }
        const bundle = bundles.get(subscription.bundleId);
        if (!bundle) throw invalidPk('subscription', subscription.id);
        const unitPrice = parseScaled(bundle.unitPrice, UNIT_PRICE_SCALE) ?? 0n;
        const month = monthRangeOf(period.periodStart);
        const feeKey = `${subscription.customerId}:${month.start}`;
        const monthFees = feesOfMonth.get(month.start)?.get(subscription.customerId);
        const monthlyFee = monthlyFeeFor({
          fee: bundle.price,
          billed: { start: period.periodStart, end: period.periodEnd },
          prorate: terms.proratePartialMonths,
          dearestFee: monthFees?.dearestFee ?? bundle.price,
          alreadyBilled: (monthFees?.alreadyBilled ?? 0n) + (feesPlanned.get(feeKey) ?? 0n),
        });
        const planned = unitsPlanned.get(subscription.customerId) ?? new Map<string, bigint>();
        const plan = planFromUnpriced(
          context,
          subscription,
          period.periodStart,
          unitPrice,
          tariffs,
          // Months an earlier meter of the batch settles are not open any more.
          (unpriced.get(subscription.customerId) ?? []).filter((row) => !settled.has(`${row.subscriptionId}:${row.month}`)),
          planned,
        );
        const { consumption } = plan;
        if (options.skipNothing && monthlyFee === 0n && (consumption === 0n || (plan.lines ?? []).every((line) => line.unitPrice === 0n))) {
          outcomes[index] = { kind: 'skipped', reason: 'no_consumption_and_no_fee' };
          continue;
        }
        if (consumption >= MAX_QUANTITY) throw amountTooLarge();
        const lines = meterInvoiceLines({
          bundleName: bundle.name,
          priceMinor: monthlyFee,
          unitPrice,
          consumption,
          unit: service.unit,
          decimals: terms.decimals,
          consumptionLines: plan.lines,
        });
        // The billing run adds the late fees of the customer's overdue invoices (once per customer).
        const lateFees =
          options.lateFees && overdue.has(subscription.customerId) && !drafts.some((draft) => draft.customerId === subscription.customerId)
            ? await deps.account.planLateFees(executor as Tx, context, subscription.customerId, today)
            : null;
        lines.push(...(lateFees?.lines ?? []));
        const priced = priceLines(lines, terms.taxRate, terms.decimals);
        if (priced.totals.total >= MAX_INVOICE_TOTAL) throw amountTooLarge();
        const fact = facts.get(subscription.customerId);
        drafts.push({
          index,
          customerId: subscription.customerId,
          subscriptionId: subscription.id,
          period,
          notes: meter.notes ?? '',
          priced,
          monthlyFee,
          consumption,
          ledger: plan.ledger,
          readings: {
            previous: fact?.previous ?? fact?.firstStart ?? subscription.counter,
            current: subscription.counter,
            lastReadingId: fact?.lastReadingId ?? null,
          },
          lateFees,
        });
        feesPlanned.set(feeKey, (feesPlanned.get(feeKey) ?? 0n) + monthlyFee);
        for (const entry of plan.ledger) {
          planned.set(entry.month, (planned.get(entry.month) ?? 0n) + entry.quantity);
          settled.add(`${entry.subscriptionId}:${entry.month}`);
        }
        unitsPlanned.set(subscription.customerId, planned);
      } catch (error) {
        outcomes[index] = { kind: 'failed', error };
      }
    }
    return { outcomes, drafts, credit: locked.credit };
  }

  /**
   * Bills the meters in the caller's transaction: their plan under lock (`planMeters`), then every
   * invoice, line, pricing, ledger row, rate, balance and audit row of the batch in one statement
   * each. An outcome per meter, in order.
   */
  async function billMeters(
    tx: Tx,
    context: ServiceContext,
    audit: AuditContext,
    meters: MeterToBill[],
    options: { lateFees: boolean; skipNothing: boolean },
  ): Promise<MeterOutcome[]> {
    const { scope, terms } = context;
    const now = clock.now();
    const today = todayIn(terms.timezone, now);
    const { outcomes, drafts, credit } = await planMeters(tx, context, meters, { ...options, lock: true });
    if (!drafts.length) return outcomes;

    // Numbers in the batch's order, gapless: the transaction takes them all or none.
    const numbers = await takeInvoiceNumbers(tx, scope.tenantId, today.slice(0, 4), drafts.length);
    const dueOn = addDays(today, terms.invoiceDueDays);
    const invoiceRows = await insertInvoiceRows(
      tx,
      drafts.map((draft, position) => ({
        tenantId: scope.tenantId,
        serviceId: scope.serviceId,
        number: nth(numbers, position, 'the invoice number of its place in the batch'),
        customerId: draft.customerId,
        subscriptionId: draft.subscriptionId,
        periodStart: draft.period.periodStart,
        periodEnd: draft.period.periodEnd,
        issuedOn: today,
        dueOn,
        subtotal: draft.priced.totals.subtotal,
        tax: draft.priced.totals.tax,
        total: draft.priced.totals.total,
        amountPaid: 0n,
        status: statusFor(draft.priced.totals.total, 0n),
        previousReading: draft.readings.previous,
        currentReading: draft.readings.current,
        consumption: formatScaled(draft.consumption, QUANTITY_SCALE),
        lastReadingId: draft.readings.lastReadingId,
        monthlyFee: draft.monthlyFee,
        createdBy: context.actor.userId,
        notes: draft.notes,
        createdAt: now,
      })),
    );
    const lineRows = await insertInvoiceLines(
      tx,
      drafts.flatMap((draft, position) =>
        draft.priced.lines.map((line, lineIndex) => ({
          tenantId: scope.tenantId,
          invoiceId: invoiceRows[position]!.id,
          position: lineIndex + 1,
          description: line.description,
          quantity: formatScaled(line.quantity, QUANTITY_SCALE),
          unitPrice: formatScaled(line.unitPrice, UNIT_PRICE_SCALE),
          amount: line.amount,
        })),
      ),
    );
    const lineId = new Map(lineRows.map((row) => [`${row.invoiceId}:${row.position}`, row.id]));
    await insertPricingRows(
      tx,
      drafts.flatMap((draft, position) =>
        draft.priced.lines.flatMap((line, lineIndex) => {
          const id = lineId.get(`${invoiceRows[position]!.id}:${lineIndex + 1}`);
          if (!line.pricing || id === undefined) return [];
          return [
            {
              tenantId: scope.tenantId,
              invoiceLineId: id,
              tariffId: line.pricing.tariffId,
              month: `${line.pricing.month}-01`,
              tier: line.pricing.tier,
            },
          ];
        }),
      ),
    );
    await storeLedgerRows(
      tx,
      scope.tenantId,
      drafts.flatMap((draft, position) => draft.ledger.map((entry) => ({ ...entry, invoiceId: invoiceRows[position]!.id }))),
    );
    // Every month of a subscription these invoices settled is billed as metered: its watermark moves to the last.
    const settledUpTo = new Map<number, string>();
    for (const draft of drafts) {
      for (const entry of draft.ledger) {
        const known = settledUpTo.get(entry.subscriptionId);
        if (known === undefined || entry.month > known) settledUpTo.set(entry.subscriptionId, entry.month);
      }
    }
    await advanceLedgerWatermarks(tx, scope.tenantId, settledUpTo);
    // The rate of each invoice's month (its period's first month; failing that, the latest before it).
    const secondCurrency = (await findSettings(tx, { tenantId: scope.tenantId }))?.secondCurrency;
    if (secondCurrency) {
      const rates = new Map<string, Awaited<ReturnType<typeof findRateForMonth>>>();
      for (const draft of drafts) {
        const month = `${draft.period.periodStart.slice(0, 7)}-01`;
        if (!rates.has(month)) rates.set(month, await findRateForMonth(tx, scope.tenantId, secondCurrency, month));
      }
      await insertInvoiceRates(
        tx,
        drafts.flatMap((draft, position) => {
          const rate = rates.get(`${draft.period.periodStart.slice(0, 7)}-01`);
          return rate
            ? [
                {
                  tenantId: scope.tenantId,
                  invoiceId: invoiceRows[position]!.id,
                  currency: secondCurrency,
                  month: rate.month,
                  rate: rate.rate,
                  baseCurrency: rate.baseCurrency,
                },
              ]
            : [];
        }),
      );
    }
    const balances = new Map<number, bigint>();
    for (const draft of drafts) balances.set(draft.customerId, (balances.get(draft.customerId) ?? 0n) + draft.priced.totals.total);
    await addToCustomerBalances(tx, scope.tenantId, balances);
    await recordAudits(
      tx,
      audit,
      invoiceRows.map((invoice) => ({
        action: 'create',
        entity: 'invoice',
        entityId: invoice.id,
        after: { ...invoice, lines: lineRows.filter((line) => line.invoiceId === invoice.id) },
      })),
    );
    // Credit settles the new invoices of customers who have some; late fees are recorded as charged.
    for (const [position, draft] of drafts.entries()) {
      const invoice = invoiceRows[position]!;
      if ((credit.get(draft.customerId) ?? 0n) > 0n) await deps.account.applyCustomerCredit(tx, context, audit, invoice, now);
      await draft.lateFees?.record(tx, invoice.id, now);
      outcomes[draft.index] = { kind: 'created', invoiceId: invoice.id, total: draft.priced.totals.total };
    }
    return outcomes;
  }

  return { planMeters, billMeters };
}

/** A meter refused because a live invoice already bills (part of) the period: the run reports it as skipped, not failed. */
export function isAlreadyBilled(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    (error.body.code === BILLING_ERROR_CODES.periodAlreadyBilled || error.body.code === ERROR_CODES.periodOverlaps)
  );
}

export type BillingEngine = ReturnType<typeof createBillingEngine>;
