import { z } from 'zod';
import { MAX_DB_INTEGER } from './common';
import { ERROR_CODES } from './errors';
import { normalizeDigits } from './money';

/**
 * Pieces shared by the billing schemas (customers, bundles, stations, invoices, payments,
 * transactions). Kept apart from common.ts so that the billing contract stays in its own files.
 */

/** An id in a body: a number or digits (Arabic-Indic accepted), as form selects send either. */
export const idInputSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(normalizeDigits(value)) : value),
  z
    .number({ message: ERROR_CODES.invalidId })
    .int({ message: ERROR_CODES.invalidId })
    .positive({ message: ERROR_CODES.invalidId })
    .max(MAX_DB_INTEGER, { message: ERROR_CODES.doesNotExist }),
);

/** A nullable id in a body: null or '' clear the reference. */
export const nullableIdInputSchema = z.preprocess((value) => (value === '' ? null : value), idInputSchema.nullable());

function isCalendarDate(value: string): boolean {
  const [year = NaN, month = NaN, day = NaN] = value.split('-').map(Number); // the caller matched YYYY-MM-DD first
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `YYYY-MM-DD` that exists in the calendar (2026-02-30 is refused); Arabic-Indic digits accepted. */
export const calendarDateSchema = z
  .string({ message: ERROR_CODES.invalidDate })
  .transform((value) => normalizeDigits(value))
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value), { message: ERROR_CODES.invalidDate });

/** An ISO date-time with its offset ("2026-11-30T18:00:00Z"): when a reading was taken or a payment received. */
export const happenedAtInputSchema = z.iso.datetime({ offset: true, message: 'Enter a valid date and time.' });

/** A decimal text in a body (Arabic-Indic digits accepted), checked for precision by the server. */
export const decimalInputSchema = z
  .union([z.string(), z.number()], { message: ERROR_CODES.invalidNumber })
  .transform((value) => normalizeDigits(String(value)))
  .refine((value) => /^[+-]?\d+(\.\d+)?$/.test(value), { message: ERROR_CODES.invalidNumber });

/** A decimal text as the server sends it (readings, quantities, unit prices, coordinates). */
export const decimalSchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: 'Exact decimal', example: '1234.500' });

/** Texts in bodies: trimmed, '' when absent on create. */
export const textInput = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Ensure this field has no more than ${max} characters.` });

export const emailInputSchema = z.union([z.literal(''), z.email({ message: 'Enter a valid email address.' })]);

/** Error codes of the billing calls: the catalog's (errors.ts), kept under this name for the billing code. */
export const BILLING_ERROR_CODES = {
  invoiceCancelled: ERROR_CODES.invoiceCancelled,
  invoiceHasPayments: ERROR_CODES.invoiceHasPayments,
  periodAlreadyBilled: ERROR_CODES.periodAlreadyBilled,
  subscriptionClosed: ERROR_CODES.subscriptionClosed,
} as const;
