import { divideRoundHalfUp } from './money';

/**
 * Proration of a bundle's monthly fee (docs/billing.md, "Proration"): a subscription is billed for the days it was
 * open. Days are calendar dates (YYYY-MM-DD, the tenant's calendar), ranges include both ends.
 */
export interface DayRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function addCalendarDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Days from start to end, both included (0 when end is before start). */
export function daysInclusive(range: DayRange): number {
  return Math.max(0, dayNumber(range.end) - dayNumber(range.start) + 1);
}

/** The calendar month a date falls in, as a range of days. */
export function monthRangeOf(date: string): DayRange {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${date.slice(0, 7)}-01`, end: `${date.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/**
 * The days of a period a subscription was open: from the day it started to the day before it
 * ended. A bundle change closes one subscription and opens the next on the same day, so the day
 * of the change belongs to the new bundle and no day is counted twice. Null when none.
 */
export function openDaysWithin(period: DayRange, subscription: { startedOn: string; endedOn: string | null }): DayRange | null {
  const start = subscription.startedOn > period.start ? subscription.startedOn : period.start;
  const lastOpen = subscription.endedOn === null ? null : addCalendarDays(subscription.endedOn, -1);
  const end = lastOpen !== null && lastOpen < period.end ? lastOpen : period.end;
  return start <= end ? { start, end } : null;
}

/** A full month, in days, for billed days: the month they start in, or the billed days if longer. */
export function prorationBasisDays(billed: DayRange): number {
  return Math.max(daysInclusive(billed), daysInclusive(monthRangeOf(billed.start)));
}

/**
 * The monthly fee for the billed days: fee x days / days of a full month, rounded half-up to the
 * minor unit; the whole fee for a full month or when the tenant does not prorate.
 */
export function prorateMonthlyFee(input: { fee: bigint; billed: DayRange; prorate: boolean }): bigint {
  const days = daysInclusive(input.billed);
  const basis = prorationBasisDays(input.billed);
  if (!input.prorate || days >= basis) return input.fee;
  if (days <= 0 || input.fee <= 0n) return 0n;
  return divideRoundHalfUp(input.fee * BigInt(days), BigInt(basis));
}

/**
 * A customer's fees of one month never add up to more than one full fee of the dearest bundle
 * involved: the fee is cut to what is left of it after the fees already billed in that month.
 */
export function capMonthlyFee(fee: bigint, month: { dearestFee: bigint; alreadyBilled: bigint }): bigint {
  const room = month.dearestFee - month.alreadyBilled;
  if (room <= 0n) return 0n;
  return fee < room ? fee : room;
}

/** The fee a meter invoice bills for its days: prorated, then capped by the month's other fees. */
export function monthlyFeeFor(input: {
  fee: bigint;
  billed: DayRange;
  prorate: boolean;
  dearestFee: bigint;
  alreadyBilled: bigint;
}): bigint {
  const dearest = input.dearestFee > input.fee ? input.dearestFee : input.fee;
  return capMonthlyFee(prorateMonthlyFee(input), { dearestFee: dearest, alreadyBilled: input.alreadyBilled });
}
