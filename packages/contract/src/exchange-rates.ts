import { z } from 'zod';
import { decimalInputSchema, decimalSchema } from './billing-common';
import { idSchema, timestampSchema } from './common';
import { listQuerySchema, paginatedSchema } from './pagination';
import { monthInputSchema, monthSchema } from './tariffs';

export { exchangeRateListSpec } from './list-specs';

/**
 * The month's rate between the tenant's two currencies: `rate` units of `currency` for one unit of
 * `base_currency` (one is the billing currency, the other the second one, never the same), so it is
 * quoted the way the market quotes it and exact either way round (1 USD = 89,500 LBP for a USD
 * tenant and for an LBP tenant alike: `currency` LBP, `base_currency` USD).
 */
export const exchangeRateSchema = z
  .object({
    id: idSchema,
    currency: z.string(),
    month: monthSchema,
    /** Up to 6 decimals ("89500.000000"). */
    rate: decimalSchema,
    /** The currency one unit of which `rate` quotes. */
    base_currency: z.string(),
    set_by: idSchema.nullable(),
    set_at: timestampSchema,
  })
  .meta({ id: 'ExchangeRate' });
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** Sets (or replaces) the rate of a month for the tenant's second currency. */
export const setExchangeRateInputSchema = z.object({
  month: monthInputSchema,
  rate: decimalInputSchema,
  /** The billing or the second currency (default: the billing currency, the meaning before it could be chosen). */
  base_currency: z.string().trim().toUpperCase().optional(),
  /** The currency the rate is in, the other one of the pair (optional: it follows from `base_currency`); never `base_currency` (400 exchange_rate_same_currency). */
  currency: z.string().trim().toUpperCase().optional(),
});
export type SetExchangeRateInput = z.input<typeof setExchangeRateInputSchema>;

export const listExchangeRatesQuerySchema = listQuerySchema.extend({
  currency: z.string().optional(),
});
export type ListExchangeRatesQuery = z.infer<typeof listExchangeRatesQuerySchema>;
export const paginatedExchangeRatesSchema = paginatedSchema(exchangeRateSchema);

/** `GET .../exchange-rates/missing/`: the months to ask about (`YYYY-MM`); both or neither. */
export const missingExchangeRatesQuerySchema = z.object({
  from: monthInputSchema.optional(),
  to: monthInputSchema.optional(),
});
export type MissingExchangeRatesQuery = z.infer<typeof missingExchangeRatesQuerySchema>;

/**
 * The months without a rate of their own while the tenant has a second currency (docs/money-and-numbering.md,
 * "Months without a rate"): by default the last 12 months and the next one, from the month of the
 * tenant's first invoice on (this month and the next for a tenant with none). `currency` null: one
 * currency, nothing missing.
 */
export const missingExchangeRatesSchema = z
  .object({ currency: z.string().nullable(), from: monthSchema, to: monthSchema, months: z.array(monthSchema) })
  .meta({ id: 'MissingExchangeRates' });
export type MissingExchangeRates = z.infer<typeof missingExchangeRatesSchema>;
