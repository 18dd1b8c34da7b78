import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import { ERROR_CODES } from '@meterline/contract/errors';
import { monthlyFeeFor, monthRangeOf, openDaysWithin } from '@meterline/contract/proration';
import type { Executor } from '../../db/client';
import { fieldError } from '../../lib/http-errors';
import type { TenantTerms } from '../../scope/service-scope';
import { findMonthFees } from './proration.repository';

interface Period {
  periodStart: string;
  periodEnd: string;
}

/**
 * The days of the period a subscription was open, which its invoice bills and carries as its
 * period. A period may not start before the subscription started (400); a subscription closed
 * before the period has nothing left to bill (400 subscription_closed, as before).
 */
export function billedDaysOf(subscription: { startedOn: string; endedOn: string | null }, period: Period): Period {
  if (period.periodStart < subscription.startedOn) {
    throw fieldError('period_start', ERROR_CODES.periodBeforeSubscription, { started_on: subscription.startedOn });
  }
  const open = openDaysWithin({ start: period.periodStart, end: period.periodEnd }, subscription);
  if (!open) throw fieldError('subscription', BILLING_ERROR_CODES.subscriptionClosed);
  return { periodStart: open.start, periodEnd: open.end };
}

/**
 * The billing run's share of a requested period for one subscription: the days it was open, or
 * null when it was open on none of them.
 */
export function runDaysOf(subscription: { startedOn: string; endedOn: string | null }, period: Period): Period | null {
  const open = openDaysWithin({ start: period.periodStart, end: period.periodEnd }, subscription);
  return open ? { periodStart: open.start, periodEnd: open.end } : null;
}

/**
 * The monthly fee an invoice of these days bills: prorated by days when the tenant prorates, and
 * never past one fee of the dearest bundle of the customer's month, counting what its other
 * invoices of that month (the month the days start in) already billed.
 */
export async function monthlyFeeOf(
  executor: Executor,
  terms: TenantTerms,
  input: { tenantId: number; customerId: number; billed: Period; fee: bigint },
): Promise<bigint> {
  const month = monthRangeOf(input.billed.periodStart);
  const { alreadyBilled, dearestFee } = await findMonthFees(executor, input.tenantId, input.customerId, month);
  return monthlyFeeFor({
    fee: input.fee,
    billed: { start: input.billed.periodStart, end: input.billed.periodEnd },
    prorate: terms.proratePartialMonths,
    dearestFee,
    alreadyBilled,
  });
}
