import { z } from 'zod';
import {
  calendarDateSchema,
  decimalInputSchema,
  decimalSchema,
  emailInputSchema,
  nullableIdInputSchema,
  textInput,
} from './billing-common';
import { booleanQuerySchema, idParamSchema, idSchema, requiredText, timestampSchema } from './common';
import { moneySchema } from './money';
import { listQuerySchema, paginatedWithTotalsSchema } from './pagination';
import { CUSTOMER_STATUSES } from './list-specs';
import { ERROR_CODES } from './error-codes';
import { CUSTOMER_LANGUAGES, NOTIFICATION_CHANNELS } from './notification-kinds';

export { customerListSpec } from './list-specs';

export const customerStatusSchema = z.enum(CUSTOMER_STATUSES, { message: 'Choose a valid status.' });

/** The language the customer's messages are written in (docs/notifications.md). */
export const customerLanguageInputSchema = z.enum(CUSTOMER_LANGUAGES, { message: ERROR_CODES.invalidChoice });
/** Channels the customer asked not to be reached on (each at most once; the order is kept as email, whatsapp, sms). */
export const optedOutChannelsSchema = z
  .array(z.enum(NOTIFICATION_CHANNELS, { message: ERROR_CODES.invalidChoice }))
  .transform((channels) => NOTIFICATION_CHANNELS.filter((channel) => channels.includes(channel)));

/** The customer's open subscription: its bundle, current meter reading and the day it started (a period may not start before it). */
export const customerSubscriptionSchema = z
  .object({ id: idSchema, bundle: idSchema, bundle_name: z.string(), counter: decimalSchema, started_on: z.string() })
  .meta({ id: 'CustomerSubscription' });

export const customerSchema = z
  .object({
    id: idSchema,
    service: idSchema,
    code: z.string(),
    full_name: z.string(),
    phone: z.string(),
    email: z.string(),
    national_id: z.string(),
    region: idSchema.nullable(),
    region_name: z.string().nullable(),
    street: idSchema.nullable(),
    street_name: z.string().nullable(),
    building: idSchema.nullable(),
    building_name: z.string().nullable(),
    floor: z.string(),
    apartment: z.string(),
    station: idSchema.nullable(),
    station_name: z.string().nullable(),
    status: z.string(),
    /** Read only: invoiced minus paid over the customer's live invoices. */
    balance: moneySchema,
    /** Read only (docs/accounts.md): paid beyond the invoices, applied to the next ones; never negative. The balance already counts it (negative when credit exceeds what is owed). */
    credit: moneySchema,
    subscription: customerSubscriptionSchema.nullable(),
    notes: z.string(),
    /** The language of the customer's messages: its own, else the tenant's reminder language (always answered). */
    language: z.enum(CUSTOMER_LANGUAGES),
    /** The customer's own language as stored: null follows the tenant's (`language` answers the one in effect). */
    own_language: z.enum(CUSTOMER_LANGUAGES).nullable(),
    /** Channels the customer is never messaged on. */
    opted_out_channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
    created_at: timestampSchema,
    /** Read only, the detail's: the customer's public bill link ("Check my bill", docs/security.md), printed on its invoices and receipts. */
    public_url: z.string().optional(),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;

const openingReadingInputSchema = z.preprocess((value) => (value === '' ? null : value), decimalInputSchema.nullable()).optional();
const startedOnInputSchema = z.preprocess((value) => (value === '' || value === null ? undefined : value), calendarDateSchema.optional());

/**
 * Create body (docs/product/domain.md): only `full_name` is required; `bundle` opens the subscription on
 * `started_on` (docs/billing.md: YYYY-MM-DD in the tenant's calendar, default today, never in the future, at most
 * 12 months back; invoices and proration count from it) with counter `initial_reading` (the
 * meter's value when it is connected, so the first invoice bills only what is consumed above it; required
 * on a metered service, 0 for a new meter); `code` is generated (C-000123) when absent.
 * Read-only fields (balance, subscription, service) are ignored, as DRF does.
 */
export const createCustomerInputSchema = z.object({
  full_name: requiredText(200),
  phone: textInput(32).optional().default(''),
  email: emailInputSchema.optional().default(''),
  national_id: textInput(64).optional().default(''),
  region: nullableIdInputSchema.optional(),
  street: nullableIdInputSchema.optional(),
  building: nullableIdInputSchema.optional(),
  floor: textInput(20).optional().default(''),
  apartment: textInput(20).optional().default(''),
  station: nullableIdInputSchema.optional(),
  bundle: nullableIdInputSchema.optional(),
  /**
   * The meter's opening reading when the subscription opens (Arabic-Indic digits accepted, ≥ 0); ignored
   * without a bundle. Required on a metered service ('' or null: a 400 `required`); 0 on a flat one.
   */
  initial_reading: openingReadingInputSchema,
  /** The day the subscription starts (docs/billing.md); ignored without a bundle. '' or null: today. */
  started_on: startedOnInputSchema,
  status: customerStatusSchema.optional().default('active'),
  notes: textInput(2000).optional().default(''),
  code: textInput(32).optional(),
  /** Left out or null: none of its own, the tenant's reminder language whatever it becomes. */
  language: customerLanguageInputSchema.nullable().optional(),
  opted_out_channels: optedOutChannelsSchema.optional().default([]),
});
export type CreateCustomerInput = z.input<typeof createCustomerInputSchema>;

/**
 * PUT is partial. A new `bundle` closes the subscription on `started_on` and opens one from that day (default
 * today; not before the current subscription started, nor inside a period its live invoices billed); null
 * closes it today. On a metered service a new bundle needs `initial_reading`: for a first meter its opening
 * value; on a bundle change the meter's reading at the change (not below the counter; a higher value is
 * recorded as the old bundle's last reading, so the consumption up to the change is billed on it).
 */
export const updateCustomerInputSchema = z.object({
  full_name: requiredText(200).optional(),
  phone: textInput(32).optional(),
  email: emailInputSchema.optional(),
  national_id: textInput(64).optional(),
  region: nullableIdInputSchema.optional(),
  street: nullableIdInputSchema.optional(),
  building: nullableIdInputSchema.optional(),
  floor: textInput(20).optional(),
  apartment: textInput(20).optional(),
  station: nullableIdInputSchema.optional(),
  bundle: nullableIdInputSchema.optional(),
  initial_reading: openingReadingInputSchema,
  started_on: startedOnInputSchema,
  status: customerStatusSchema.optional(),
  notes: textInput(2000).optional(),
  code: textInput(32).optional(),
  /** null: none of its own again (the tenant's). */
  language: customerLanguageInputSchema.nullable().optional(),
  opted_out_channels: optedOutChannelsSchema.optional(),
});
export type UpdateCustomerInput = z.input<typeof updateCustomerInputSchema>;

export const listCustomersQuerySchema = listQuerySchema.extend({
  status: customerStatusSchema.optional(),
  station: idParamSchema.optional(),
  region: idParamSchema.optional(),
  street: idParamSchema.optional(),
  building: idParamSchema.optional(),
  bundle: idParamSchema.optional(),
  /** true: only customers who owe money; false: only those who owe nothing. */
  balance_due: booleanQuerySchema.optional(),
});
export type ListCustomersQuery = z.infer<typeof listCustomersQuerySchema>;
/** `?totals=true`: what the filtered customers owe (positive balances only: a credit is no debt of another). */
export const customerTotalsSchema = z.object({ balance_due: moneySchema }).meta({ id: 'CustomerTotals' });
export type CustomerTotals = z.infer<typeof customerTotalsSchema>;
export const paginatedCustomersSchema = paginatedWithTotalsSchema(customerSchema, customerTotalsSchema);
