import type { z } from 'zod';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { BillingSkipReason, GenerateInvoicesResult, generateInvoicesInputSchema } from '@meterline/contract/invoices';
import { formatMoneyAmount } from '@meterline/contract/money';
import type { Clock } from '../../lib/clock';
import { fieldError, HttpError } from '../../lib/http-errors';
import type { AuditContext } from '../../plugins/request-context';
import { assertAddressFilters, assertStation } from '../../scope/references';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import { assertMeterPeriod, isAlreadyBilled, type BillingEngine, type MeterOutcome } from './billing-engine';
import { findBilledSubscriptionIds } from './invoices.repository';
import { runDaysOf } from './proration';
import { findLastReadingTimes, findSubscriptionsOfPeriod } from './proration.repository';
import { startRunReport } from './run-report';

type GenerateInvoicesData = z.output<typeof generateInvoicesInputSchema>;
type Period = Record<'periodStart' | 'periodEnd', string>;
type Candidate = Awaited<ReturnType<typeof findSubscriptionsOfPeriod>>[number];
type Planned = { candidate: Candidate; days: Period };

/** A billing run's progress, for a job: meters billed of those to bill, and whether to stop between batches. */
export interface RunProgress {
  onProgress?: (done: number, total: number) => Promise<void> | void;
  isCancelled?: () => boolean;
}

/** Meters a billing run writes per transaction: short enough that other requests get the connection between them. */
const RUN_BATCH_SIZE = 100;

/** Nobody read the customer's meter since its last invoice (or ever): the run would bill the fee only. */
function isNotReadSinceLastInvoice(candidate: { lastReadingId: number | null; lastBilledReadingId: number | null }): boolean {
  if (candidate.lastReadingId === null) return true;
  return candidate.lastBilledReadingId !== null && candidate.lastReadingId <= candidate.lastBilledReadingId;
}

/** The run's report as it fills: skipped and failed meters, and the totals billed (or, in a dry run, to bill). */
function runLedger(result: GenerateInvoicesResult) {
  const billedTotals: { candidate: Candidate; total: bigint }[] = [];
  const skip = (candidate: Candidate, reason: BillingSkipReason) => {
    result.skipped += 1;
    result.skipped_details.push({
      subscription: candidate.id,
      customer: candidate.customerId,
      customer_name: candidate.customerName,
      reason,
    });
  };
  const fail = (candidate: Candidate, error: unknown) => {
    const detailText = error instanceof HttpError ? JSON.stringify(error.body) : 'A server error occurred.';
    if (!(error instanceof HttpError)) console.error('billing run error', error);
    const code = error instanceof HttpError && typeof error.body.code === 'string' ? error.body.code : undefined;
    result.errors.push({ subscription: candidate.id, customer: candidate.customerId, detail: detailText, ...(code ? { code } : {}) });
  };
  const refused = (candidate: Candidate, error: unknown) =>
    isAlreadyBilled(error) ? skip(candidate, 'already_billed') : fail(candidate, error);
  const billed = (candidate: Candidate, total: bigint) => billedTotals.push({ candidate, total });
  return { skip, refused, billed, billedTotals };
}

type RunLedger = ReturnType<typeof runLedger>;

/** The subscriptions the run bills, each for its days of the period; the others skipped with their reason. */
function meterDaysToPlan(candidates: Candidate[], billed: Set<number>, period: Period, ledger: RunLedger): Planned[] {
  const toPlan: Planned[] = [];
  for (const candidate of candidates) {
    if (candidate.customerStatus === 'disconnected') ledger.skip(candidate, 'customer_disconnected');
    else if (candidate.customerStatus === 'suspended') ledger.skip(candidate, 'customer_suspended');
    else if (!candidate.isBundleActive) ledger.skip(candidate, 'bundle_inactive');
    else if (billed.has(candidate.id)) ledger.skip(candidate, 'already_billed');
    else {
      const days = runDaysOf(candidate, period);
      if (days) toPlan.push({ candidate, days });
    }
  }
  return toPlan;
}

/** Writes the planned meters a batch per transaction; a batch that fails is billed again one meter at a time. */
async function billInBatches(
  engine: BillingEngine,
  context: ServiceContext,
  audit: AuditContext,
  toBill: Planned[],
  result: GenerateInvoicesResult,
  ledger: RunLedger,
  progress: RunProgress,
): Promise<void> {
  const { db } = context;
  let done = 0;
  const report = async () => progress.onProgress?.(done, toBill.length);
  await report();
  for (let start = 0; start < toBill.length; start += RUN_BATCH_SIZE) {
    if (progress.isCancelled?.()) break;
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
        ledger.billed(candidate, outcome.total);
      } else if (outcome?.kind === 'skipped') ledger.skip(candidate, outcome.reason);
      else ledger.refused(candidate, outcome?.error);
    });
    done += batch.length;
    await report();
    // Between batches the connection is free: on the embedded database every other request waits for it.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The amount billed, in all and per station (by the station's name, those without one last). */
function sumByStation(context: ServiceContext, result: GenerateInvoicesResult, billedTotals: RunLedger['billedTotals']): void {
  const { decimals } = context.terms;
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
  result.amount = formatMoneyAmount(amount, decimals);
  result.by_station = [...stations.values()]
    .sort((a, b) => (a.station_name ?? '\uffff').localeCompare(b.station_name ?? '\uffff'))
    .map(({ minor, ...station }) => ({ ...station, amount: formatMoneyAmount(minor, decimals) }));
}

/**
 * The billing run (docs/billing.md, "The billing run"): every open subscription of the service for the
 * period, planned all at once (a few statements for the whole service) and billed a batch at a time.
 * Left out, each with its reason: disconnected and suspended customers, inactive bundles, meters with
 * nothing to bill, and subscriptions with a live invoice overlapping the period (so a second run creates
 * nothing). A dry run creates nothing and answers the same figures: `created` is what a run would bill.
 */
export async function generateInvoices(
  deps: { clock: Clock; engine: BillingEngine },
  context: ServiceContext,
  input: GenerateInvoicesData,
  audit: AuditContext,
  { isDryRun = false, ...progress }: { isDryRun?: boolean } & RunProgress = {},
): Promise<GenerateInvoicesResult> {
  const { db, scope, terms } = context;
  if (input.station) await assertStation(db, scope, input.station);
  if (input.region) await assertAddressFilters(db, scope.tenantId, { region: input.region });
  const today = todayIn(terms.timezone, deps.clock.now());
  if (input.period_start > today) throw fieldError('period_start', ERROR_CODES.monthNotBegun, { today });
  const period = { periodStart: input.period_start, periodEnd: input.period_end };
  assertMeterPeriod(context, period, deps.clock.now());
  const result = await startRunReport(context, input, today);
  // Cancelled before it began (or only checked, as the route does before it starts the job).
  if (progress.isCancelled?.()) return result;
  // Open on a day of the period (a bundle changed mid month bills both subscriptions, each for its days).
  const filters = { station: input.station, region: input.region };
  const candidates = await findSubscriptionsOfPeriod(db, scope, filters, { start: period.periodStart, end: period.periodEnd });
  const billed = await findBilledSubscriptionIds(db, scope, period.periodStart, period.periodEnd);
  const ledger = runLedger(result);
  const toPlan = meterDaysToPlan(candidates, billed, period, ledger);
  const plan = await deps.engine.planMeters(
    db,
    context,
    toPlan.map(({ candidate, days }) => ({ subscriptionId: candidate.id, period: days })),
    { lock: false, lateFees: false, skipNothing: true },
  );
  const draftOf = new Map(plan.drafts.map((draft) => [draft.index, draft]));
  const toBill: Planned[] = [];
  toPlan.forEach(({ candidate, days }, index) => {
    const outcome = plan.outcomes[index];
    const draft = draftOf.get(index);
    if (!draft) {
      if (outcome?.kind === 'skipped') ledger.skip(candidate, outcome.reason);
      else ledger.refused(candidate, outcome?.kind === 'failed' ? outcome.error : undefined);
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
    if (isUnread && input.unread === 'skip') ledger.skip(candidate, 'not_read');
    else if (isDryRun) {
      result.created += 1;
      ledger.billed(candidate, draft.priced.totals.total);
    } else toBill.push({ candidate, days });
  });
  if (!isDryRun) await billInBatches(deps.engine, context, audit, toBill, result, ledger, progress);
  const readAt = await findLastReadingTimes(db, scope.tenantId, [...new Set(result.unread.map((meter) => meter.customer))]);
  for (const meter of result.unread) meter.last_reading_at = readAt.get(meter.customer) ?? null;
  sumByStation(context, result, ledger.billedTotals);
  return result;
}
