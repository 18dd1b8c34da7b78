import { ERROR_CODES } from './error-codes';

/**
 * A subscription's start date (docs/billing.md, "Subscriptions"): the day its meter was connected, which invoices and
 * proration count from. Today by default (the tenant's calendar), never in the future, and at most
 * this many months back (a customer base moved in late in the month is billed the whole month).
 */
const START_DATE_MONTHS_BACK = 12;

/** The earliest start date allowed on `today` (YYYY-MM-DD): the same day 12 months back (the 28th of February for the 29th). */
export function earliestStartOn(today: string): string {
  const year = Number(today.slice(0, 4));
  const monthIndex = Number(today.slice(5, 7)) - 1 - START_DATE_MONTHS_BACK;
  const day = Number(today.slice(8, 10));
  const first = new Date(Date.UTC(year, monthIndex, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

type StartDateIssue =
  { code: typeof ERROR_CODES.dateInFuture } | { code: typeof ERROR_CODES.startTooOld; params: { earliest: string } } | null;

/** Why a start date is refused on `today` (both YYYY-MM-DD, the tenant's calendar), or null when it is allowed. */
export function startDateIssue(startedOn: string, today: string): StartDateIssue {
  if (startedOn > today) return { code: ERROR_CODES.dateInFuture };
  const earliest = earliestStartOn(today);
  if (startedOn < earliest) return { code: ERROR_CODES.startTooOld, params: { earliest } };
  return null;
}
