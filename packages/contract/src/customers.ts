import { z } from 'zod';
import { decimalInputSchema, decimalSchema, emailInputSchema, nullableIdInputSchema, textInput } from './billing-common';
import { booleanQuerySchema, idParamSchema, idSchema, requiredText, timestampSchema } from './common';
import { moneySchema } from './money';
import { listQuerySchema, paginatedWithTotalsSchema } from './pagination';
import { CUSTOMER_STATUSES } from './list-specs';

export { CUSTOMER_STATUSES, customerListSpec } from './list-specs';

export const customerStatusSchema = z.enum(CUSTOMER_STATUSES, { message: 'Choose a valid status.' });

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
    /** Read only (issue 15): paid beyond the invoices, applied to the next ones; never negative. The balance already counts it (negative when credit exceeds what is owed). */
    credit: moneySchema,
    subscription: customerSubscriptionSchema.nullable(),
    notes: z.string(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;

/**
 * Create body (docs/product/domain.md): only `full_name` is required; `bundle` opens the subscription with
 * counter `initial_reading` (issue 17: the meter's value the day the customer joins, default 0, so the
 * first invoice bills only what is consumed above it); `code` is generated (C-000123) when absent.
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
  /** The meter's reading when the subscription opens (Arabic-Indic digits accepted, ≥ 0); ignored without a bundle. '' or null: 0. */
  initial_reading: z.preprocess((value) => (value === '' ? null : value), decimalInputSchema.nullable()).optional(),
  status: customerStatusSchema.optional().default('active'),
  notes: textInput(2000).optional().default(''),
  code: textInput(32).optional(),
});
export type CreateCustomerInput = z.input<typeof createCustomerInputSchema>;

/**
 * PUT is partial. A new `bundle` closes the subscription and opens one that carries the counter on; null closes it.
 * `initial_reading` counts only when the customer had no subscription yet (a bundle set later): it starts the meter.
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
  initial_reading: z.preprocess((value) => (value === '' ? null : value), decimalInputSchema.nullable()).optional(),
  status: customerStatusSchema.optional(),
  notes: textInput(2000).optional(),
  code: textInput(32).optional(),
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
