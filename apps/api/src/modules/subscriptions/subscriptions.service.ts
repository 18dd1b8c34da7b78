import type { z } from 'zod';
import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import { ERROR_CODES } from '@meterline/contract/errors';
import { formatScaled, parseScaled, QUANTITY_SCALE } from '@meterline/contract/money';
import { dayStart } from '@meterline/contract/tariff-pricing';
import type {
  Counter,
  ListCountersQuery,
  ListReadingsQuery,
  Reading,
  resetCounterInputSchema,
  Subscription,
  updateCounterInputSchema,
} from '@meterline/contract/subscriptions';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit } from '../audit/index';
import { readingAudit, type MeterState } from './reading-audit';
import { readingPhotoOf, storeReadingPhoto } from './reading-photo';
import type { AuditContext } from '../../plugins/request-context';
import { parseDecimalField, trimDecimal } from '../../lib/decimal-input';
import type { IdempotencyTicket } from '../idempotency/index';
import { resolveHappenedAt } from '../../lib/happened-at';
import { assertAddressFilters, assertStation, findScopedBundle, findUserNames } from '../../scope/references';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import {
  findInvoiceBillingReading,
  findLatestLiveReading,
  findReadingRow,
  findSubscriptionRow,
  insertReading,
  insertReadingVoid,
  toReading,
  listCountersSource,
  listReadingsSource,
  setSubscriptionCounter,
  toSubscription,
  type SubscriptionRow,
} from './subscriptions.repository';

type ResetCounterData = z.output<typeof resetCounterInputSchema>;
type UpdateCounterData = z.output<typeof updateCounterInputSchema>;

const HOUR_MS = 3_600_000n;

/**
 * The most a meter can physically record between two moments, in thousandths of a unit:
 * amperage x voltage x hours / 1000 (kWh) with a 10 % margin, or the service's
 * max_consumption_per_day x days where the bundle has no amperage; null when neither is known.
 */
export function consumptionLimit(input: {
  amperage: string | null;
  voltage: number;
  maxPerDay: string | null;
  milliseconds: number;
}): bigint | null {
  const milliseconds = BigInt(Math.max(0, Math.round(input.milliseconds)));
  const amperage = input.amperage === null ? null : parseScaled(input.amperage, 2);
  if (amperage !== null && amperage > 0n) {
    // (A/100) x V x (ms / 3.6e6 h) / 1000 kWh x 1.1, times 1000 for thousandths.
    return (amperage * BigInt(input.voltage) * milliseconds * 11n) / (100n * HOUR_MS * 10n);
  }
  const perDay = input.maxPerDay === null ? null : parseScaled(input.maxPerDay, QUANTITY_SCALE);
  if (perDay !== null && perDay > 0n) return (perDay * milliseconds) / (24n * HOUR_MS);
  return null;
}

/**
 * Where the plausibility window of a new reading starts (docs/billing.md, "Plausibility"): the
 * later of the subscription's start (the first moment of `started_on` in the
 * tenant's time zone) and the meter's last live reading (the carried `counter_updated_at` after a
 * bundle change). The opening reading is dated by `started_on`, so a meter connected today, or back on
 * the 1st, is measured from then, not from the moment the row was typed in.
 */
function plausibilitySince(
  subscription: Pick<SubscriptionRow, 'startedOn' | 'counterUpdatedAt'>,
  previous: { takenAt: Date } | null,
  timezone: string,
): Date {
  const times = [dayStart(subscription.startedOn, timezone), previous?.takenAt, subscription.counterUpdatedAt ?? undefined];
  return new Date(Math.max(...times.filter((time): time is Date => time !== undefined).map((time) => time.getTime())));
}

const READING_DIGITS = 14; // numeric(14,3)

function parseReading(field: string, value: string): bigint {
  return parseDecimalField(field, value, QUANTITY_SCALE, { maxDigits: READING_DIGITS });
}

function readingText(scaled: bigint): string {
  return formatScaled(scaled, QUANTITY_SCALE);
}

/**
 * A reading above what the meter can physically draw since `since` (400 `reading_implausible` on
 * `counter`, with the figures) unless the caller confirmed it is unusual.
 */
async function assertPlausible(
  tx: Executor,
  context: ServiceContext,
  reading: { subscription: SubscriptionRow; previous: { takenAt: Date } | null; takenAt: Date; consumption: bigint },
): Promise<void> {
  const { subscription, previous, takenAt, consumption } = reading;
  const bundle = await findScopedBundle(tx, context.scope, subscription.bundleId, 'subscription');
  const since = plausibilitySince(subscription, previous, context.terms.timezone);
  const limit = consumptionLimit({
    amperage: bundle.amperage,
    voltage: context.terms.voltage,
    maxPerDay: context.service.maxConsumptionPerDay,
    milliseconds: takenAt.getTime() - since.getTime(),
  });
  if (limit !== null && consumption > limit) {
    const shown = {
      consumption: trimDecimal(readingText(consumption)),
      limit: trimDecimal(readingText(limit)),
      unit: context.service.unit,
    };
    throw fieldError('counter', ERROR_CODES.readingImplausible, shown);
  }
}

/** Meters: the counters list, readings and resets, with an append-only history. */
export function createSubscriptionService(deps: { clock: Clock; defaultDb: Db }) {
  const { clock } = deps;

  function namesFor(tenantId: number) {
    return (ids: (number | null)[]) => findUserNames(deps.defaultDb, tenantId, ids);
  }

  /** A flat service bills a fee and has no meters: it takes no readings (nor meter resets). */
  function assertMetered(context: ServiceContext) {
    if (!context.service.isMetered) throw conflict(ERROR_CODES.serviceNotMetered);
  }

  function assertOpen(subscription: SubscriptionRow) {
    if (subscription.endedOn !== null) {
      throw conflict(BILLING_ERROR_CODES.subscriptionClosed);
    }
  }

  return {
    async countersSource(context: ServiceContext, query: ListCountersQuery): Promise<ListSource<Counter>> {
      await assertAddressFilters(context.db, context.scope.tenantId, query);
      if (query.station) await assertStation(context.db, context.scope, query.station);
      if (query.bundle) await findScopedBundle(context.db, context.scope, query.bundle);
      return listCountersSource(context.db, context.scope, query, namesFor(context.scope.tenantId));
    },

    async readingsSource(context: ServiceContext, subscriptionId: number, query: ListReadingsQuery): Promise<ListSource<Reading>> {
      const subscription = await findSubscriptionRow(context.db, context.scope, subscriptionId);
      if (!subscription) throw notFound();
      return listReadingsSource(context.db, context.scope, subscriptionId, query, namesFor(context.scope.tenantId));
    },

    /**
     * A new reading: never lower than the current one (a meter replaced is a reset), dated when it
     * was taken (`taken_at`, default now), and within what the meter can physically draw since the
     * previous reading unless the caller confirms it is unusual.
     */
    async updateCounter(
      context: ServiceContext,
      subscriptionId: number,
      input: UpdateCounterData,
      audit: AuditContext,
      ticket: IdempotencyTicket | null,
    ): Promise<Subscription> {
      assertMetered(context);
      const value = parseReading('counter', input.counter);
      const photo = readingPhotoOf(input.photo);
      return context.db.transaction(async (tx) => {
        const subscription = await findSubscriptionRow(tx, context.scope, subscriptionId, { lock: true });
        if (!subscription) throw notFound();
        assertOpen(subscription);
        const current = parseReading('counter', subscription.counter);
        if (value < current) {
          throw fieldError('counter', ERROR_CODES.lowerReading, {
            value: trimDecimal(readingText(value)),
            previous: trimDecimal(subscription.counter),
          });
        }
        const now = clock.now();
        const previous = await findLatestLiveReading(tx, context.scope.tenantId, subscriptionId);
        const takenAt = resolveHappenedAt('taken_at', input.taken_at, {
          now,
          backdateDays: context.terms.backdateDays,
          role: context.actor.role,
          notBefore: previous ? { at: previous.takenAt } : undefined,
        });
        if (!input.confirm_unusual) await assertPlausible(tx, context, { subscription, previous, takenAt, consumption: value - current });
        const reading = await insertReading(tx, {
          tenantId: context.scope.tenantId,
          subscriptionId,
          value: readingText(value),
          previousValue: subscription.counter,
          kind: 'reading',
          takenAt,
          takenBy: context.actor.userId,
          photo: await storeReadingPhoto(tx, context.scope, photo, now),
        });
        const after = await setSubscriptionCounter(tx, context.scope, subscriptionId, {
          counter: readingText(value),
          counterUpdatedAt: takenAt,
          counterUpdatedBy: context.actor.userId,
        });
        await recordAudit(tx, audit, readingAudit('update_counter', reading.id, subscription, { counter: after.counter, takenAt }));
        const response = toSubscription(after);
        // The reading and the answer to its Idempotency-Key commit together: a replay records nothing.
        await ticket?.complete(tx, 200, response);
        return response;
      });
    },

    /**
     * Sets a mistaken reading aside: a row in the append-only `reading_voids` (the reading itself
     * never changes). Only the meter's latest live reading, and only while no live invoice billed
     * it; the counter goes back to the value before it. A collector may void only a reading they
     * took today (the tenant's day).
     */
    async voidReading(
      context: ServiceContext,
      subscriptionId: number,
      readingId: number,
      reason: string,
      audit: AuditContext,
    ): Promise<Reading> {
      const { scope } = context;
      const { reading, voided } = await context.db.transaction(async (tx) => {
        const subscription = await findSubscriptionRow(tx, scope, subscriptionId, { lock: true });
        if (!subscription) throw notFound();
        const found = await findReadingRow(tx, scope, subscriptionId, readingId);
        if (!found) throw notFound();
        const { reading } = found;
        const now = clock.now();
        if (context.actor.role === 'collector') {
          const isTheirs = reading.takenBy === context.actor.userId;
          const isToday = todayIn(context.terms.timezone, reading.takenAt) === todayIn(context.terms.timezone, now);
          if (!isTheirs || !isToday) {
            throw forbidden(ERROR_CODES.readingVoidNotAllowed);
          }
        }
        if (found.voided) throw conflict(ERROR_CODES.readingAlreadyVoided);
        assertOpen(subscription);
        const latest = await findLatestLiveReading(tx, scope.tenantId, subscriptionId);
        if (!latest || latest.id !== reading.id || reading.kind !== 'reading') {
          throw conflict(ERROR_CODES.readingNotLatest);
        }
        const billing = await findInvoiceBillingReading(tx, scope.tenantId, subscription.customerId, reading);
        if (billing) {
          throw conflict(ERROR_CODES.readingBilled, { invoice: billing.id, number: billing.number });
        }
        const voided = await insertReadingVoid(tx, {
          tenantId: scope.tenantId,
          readingId: reading.id,
          reason,
          voidedAt: now,
          voidedBy: context.actor.userId,
        });
        const before = await findLatestLiveReading(tx, scope.tenantId, subscriptionId);
        await setSubscriptionCounter(tx, scope, subscriptionId, {
          counter: reading.previousValue ?? subscription.counter,
          counterUpdatedAt: before?.takenAt ?? null,
          counterUpdatedBy: before?.takenBy ?? null,
        });
        await recordAudit(
          tx,
          audit,
          readingAudit('void_reading', reading.id, subscription, {
            counter: reading.previousValue ?? subscription.counter,
            takenAt: before?.takenAt ?? null,
            reason,
          }),
        );
        return { reading, voided };
      });
      // After the transaction: on PGlite the default database is the same single connection.
      const names = await findUserNames(deps.defaultDb, scope.tenantId, [reading.takenBy, context.actor.userId]);
      return toReading(reading, names, voided);
    },

    /**
     * A meter replaced or reset: the old meter's optional final reading (billed like any
     * reading), then the new baseline, which adds no consumption.
     */
    async resetCounter(
      context: ServiceContext,
      subscriptionId: number,
      input: ResetCounterData,
      audit: AuditContext,
    ): Promise<Subscription> {
      assertMetered(context);
      const finalValue =
        input.final_counter === undefined || input.final_counter === null ? null : parseReading('final_counter', input.final_counter);
      const baseline = parseReading('counter', input.counter);
      return context.db.transaction(async (tx) => {
        const subscription = await findSubscriptionRow(tx, context.scope, subscriptionId, { lock: true });
        if (!subscription) throw notFound();
        assertOpen(subscription);
        const current = parseReading('counter', subscription.counter);
        if (finalValue !== null && finalValue < current) {
          throw fieldError('final_counter', ERROR_CODES.lowerFinalReading, {
            value: trimDecimal(readingText(finalValue)),
            previous: trimDecimal(subscription.counter),
          });
        }
        const now = clock.now();
        let meter: MeterState = subscription;
        if (finalValue !== null) {
          // The old meter's last reading is a reading like any other: its own row in the history.
          const final = await insertReading(tx, {
            tenantId: context.scope.tenantId,
            subscriptionId,
            value: readingText(finalValue),
            previousValue: subscription.counter,
            kind: 'reading',
            reason: input.reason,
            takenAt: now,
            takenBy: context.actor.userId,
          });
          await recordAudit(tx, audit, readingAudit('update_counter', final.id, meter, { counter: final.value, takenAt: now }));
          meter = { counter: final.value, counterUpdatedAt: now };
        }
        const reset = await insertReading(tx, {
          tenantId: context.scope.tenantId,
          subscriptionId,
          value: readingText(baseline),
          previousValue: meter.counter,
          kind: 'reset',
          reason: input.reason,
          takenAt: now,
          takenBy: context.actor.userId,
        });
        const after = await setSubscriptionCounter(tx, context.scope, subscriptionId, {
          counter: readingText(baseline),
          counterUpdatedAt: now,
          counterUpdatedBy: context.actor.userId,
        });
        await recordAudit(
          tx,
          audit,
          readingAudit('reset_counter', reset.id, meter, { counter: after.counter, takenAt: now, reason: input.reason }),
        );
        return toSubscription(after);
      });
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
