import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import { ERROR_CODES } from '@meterline/contract/errors';
import { openDaysWithin } from '@meterline/contract/proration';
import { fieldError } from '../../lib/http-errors';

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
