import type { z } from 'zod';
import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import { formatScaled, QUANTITY_SCALE } from '@meterline/contract/money';
import type { Counter, ListCountersQuery, ListReadingsQuery, Reading, resetCounterInputSchema, Subscription } from '@meterline/contract/subscriptions';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit, type AuditContext } from '../audit/audit.repository';
import { parseDecimalField, trimDecimal } from '../services/decimal-input';
import { assertAddressFilters, assertStation, findScopedBundle, findUserNames } from '../services/references';
import type { ServiceContext } from '../services/service-scope';
import {
  findSubscriptionRow,
  insertReading,
  listCountersSource,
  listReadingsSource,
  setSubscriptionCounter,
  toSubscription,
  type SubscriptionRow,
} from './subscriptions.repository';

type ResetCounterData = z.output<typeof resetCounterInputSchema>;

const READING_DIGITS = 14; // numeric(14,3)

function parseReading(field: string, value: string): bigint {
  return parseDecimalField(field, value, QUANTITY_SCALE, { maxDigits: READING_DIGITS });
}

function readingText(scaled: bigint): string {
  return formatScaled(scaled, QUANTITY_SCALE);
}

/** Meters: the counters list, readings and resets, with an append-only history. */
export function createSubscriptionService(deps: { clock: Clock; defaultDb: Db }) {
  const { clock } = deps;

  function namesFor(tenantId: number) {
    return (ids: (number | null)[]) => findUserNames(deps.defaultDb, tenantId, ids);
  }

  function assertOpen(subscription: SubscriptionRow) {
    if (subscription.endedOn !== null) {
      throw conflict(BILLING_ERROR_CODES.subscriptionClosed, 'This subscription is closed: read the customer\'s current subscription.');
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

    /** A new reading: never lower than the current one (a meter replaced is a reset). */
    async updateCounter(context: ServiceContext, subscriptionId: number, counter: string, audit: AuditContext): Promise<Subscription> {
      const value = parseReading('counter', counter);
      return context.db.transaction(async (tx) => {
        const subscription = await findSubscriptionRow(tx, context.scope, subscriptionId, { lock: true });
        if (!subscription) throw notFound();
        assertOpen(subscription);
        const current = parseReading('counter', subscription.counter);
        if (value < current) {
          throw fieldError(
            'counter',
            `The new reading (${trimDecimal(readingText(value))}) is lower than the previous reading (${trimDecimal(subscription.counter)}).`,
          );
        }
        const now = clock.now();
        const reading = await insertReading(tx, {
          tenantId: context.scope.tenantId,
          subscriptionId,
          value: readingText(value),
          previousValue: subscription.counter,
          kind: 'reading',
          takenAt: now,
          takenBy: context.actor.userId,
        });
        const after = await setSubscriptionCounter(tx, context.scope, subscriptionId, { counter: readingText(value), counterUpdatedAt: now, counterUpdatedBy: context.actor.userId });
        await recordAudit(tx, audit, {
          action: 'update_counter',
          entity: 'subscription',
          entityId: subscriptionId,
          before: { counter: subscription.counter },
          after: { counter: after.counter, reading_ids: [reading.id] },
        });
        return toSubscription(after);
      });
    },

    /**
     * A meter replaced or reset: the old meter's optional final reading (billed like any
     * reading), then the new baseline, which adds no consumption.
     */
    async resetCounter(context: ServiceContext, subscriptionId: number, input: ResetCounterData, audit: AuditContext): Promise<Subscription> {
      const finalValue = input.final_counter === undefined || input.final_counter === null ? null : parseReading('final_counter', input.final_counter);
      const baseline = parseReading('counter', input.counter);
      return context.db.transaction(async (tx) => {
        const subscription = await findSubscriptionRow(tx, context.scope, subscriptionId, { lock: true });
        if (!subscription) throw notFound();
        assertOpen(subscription);
        const current = parseReading('counter', subscription.counter);
        if (finalValue !== null && finalValue < current) {
          throw fieldError(
            'final_counter',
            `The final reading (${trimDecimal(readingText(finalValue))}) is lower than the previous reading (${trimDecimal(subscription.counter)}).`,
          );
        }
        const now = clock.now();
        const readingIds: number[] = [];
        let lastValue = subscription.counter;
        if (finalValue !== null) {
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
          readingIds.push(final.id);
          lastValue = final.value;
        }
        const reset = await insertReading(tx, {
          tenantId: context.scope.tenantId,
          subscriptionId,
          value: readingText(baseline),
          previousValue: lastValue,
          kind: 'reset',
          reason: input.reason,
          takenAt: now,
          takenBy: context.actor.userId,
        });
        readingIds.push(reset.id);
        const after = await setSubscriptionCounter(tx, context.scope, subscriptionId, { counter: readingText(baseline), counterUpdatedAt: now, counterUpdatedBy: context.actor.userId });
        await recordAudit(tx, audit, {
          action: 'reset_counter',
          entity: 'subscription',
          entityId: subscriptionId,
          before: { counter: subscription.counter },
          after: { counter: after.counter, final_counter: finalValue === null ? null : readingText(finalValue), reason: input.reason, reading_ids: readingIds },
        });
        return toSubscription(after);
      });
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
