import { ERROR_CODES } from '@meterline/contract/errors';
import type { Role } from '@meterline/contract/roles';
import { fieldError } from './http-errors';

/** Collectors may date a reading or a payment at most this many days back, whatever the setting. */
export const COLLECTOR_BACKDATE_DAYS = 3;
/** A device clock a little ahead of the server's is not "the future": up to this, the time is taken as now. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a reading was taken or a payment received (`taken_at`, `paid_at`): now when absent; never
 * in the future, never before `notBefore` (the previous reading, the invoice's issue), and at most
 * `backdateDays` ago (a collector: 3 days at most).
 */
export function resolveHappenedAt(
  field: string,
  value: string | undefined,
  options: { now: Date; backdateDays: number; role: Role; notBefore?: { at: Date } },
): Date {
  const { now } = options;
  if (value === undefined) return now;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw fieldError(field, ERROR_CODES.invalidDateTime);
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw fieldError(field, ERROR_CODES.dateInFuture);
  }
  const happened = at.getTime() > now.getTime() ? now : at;
  const days = options.role === 'collector' ? Math.min(COLLECTOR_BACKDATE_DAYS, options.backdateDays) : options.backdateDays;
  if (now.getTime() - happened.getTime() > days * DAY_MS) {
    throw fieldError(field, ERROR_CODES.dateTooOld, { days });
  }
  if (options.notBefore && happened.getTime() < options.notBefore.at.getTime()) {
    throw fieldError(field, ERROR_CODES.dateBeforePrevious, { previous: options.notBefore.at.toISOString() });
  }
  return happened;
}
