import { z } from 'zod';
import { decimalInputSchema, decimalSchema } from './billing-common';
import { idSchema, timestampSchema } from './common';
import { listQuerySchema, paginatedSchema } from './pagination';
import { monthInputSchema, monthSchema } from './tariffs';

export { exchangeRateListSpec } from './list-specs';

/**
 * The month's rate of the tenant's second currency: units of the other currency for one unit of
 * `base_currency` (the billing or the second currency), so it is quoted the way the market quotes
 * it and exact either way round (1 USD = 89,500 LBP for a USD tenant and for an LBP tenant alike).
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
});
export type SetExchangeRateInput = z.input<typeof setExchangeRateInputSchema>;

export const listExchangeRatesQuerySchema = listQuerySchema.extend({
  currency: z.string().optional(),
});
export type ListExchangeRatesQuery = z.infer<typeof listExchangeRatesQuerySchema>;
export const paginatedExchangeRatesSchema = paginatedSchema(exchangeRateSchema);
