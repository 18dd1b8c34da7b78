import { z } from 'zod';
import { decimalInputSchema, decimalSchema, textInput } from './billing-common';
import { booleanQuerySchema, idSchema, requiredText, timestampSchema } from './common';
import { moneySchema } from './money';
import { listQuerySchema, paginatedSchema } from './pagination';

export { bundleListSpec } from './list-specs';

export const bundleSchema = z
  .object({
    id: idSchema,
    service: idSchema,
    name: z.string(),
    description: z.string(),
    /** Subscribed capacity in amperes (5, 10, 15); null where it does not apply. */
    amperage: decimalSchema.nullable(),
    /** Monthly fixed fee, in the tenant's currency. */
    price: moneySchema,
    /** Price per metered unit (per kWh), up to 6 decimals; 0 for flat bundles. */
    unit_price: decimalSchema,
    is_active: z.boolean(),
    subscriptions_count: z.number().int(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Bundle' });
export type Bundle = z.infer<typeof bundleSchema>;

const bundleFields = {
  name: requiredText(200),
  description: textInput(2000).optional().default(''),
  amperage: decimalInputSchema.nullable().optional(),
  price: decimalInputSchema.optional().default('0'),
  unit_price: decimalInputSchema.optional().default('0'),
  is_active: z.boolean().optional().default(true),
};

export const createBundleInputSchema = z.object(bundleFields);
export type CreateBundleInput = z.input<typeof createBundleInputSchema>;

/** PUT is partial: absent fields keep their value. */
export const updateBundleInputSchema = z.object({
  name: requiredText(200).optional(),
  description: textInput(2000).optional(),
  amperage: decimalInputSchema.nullable().optional(),
  price: decimalInputSchema.optional(),
  unit_price: decimalInputSchema.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateBundleInput = z.input<typeof updateBundleInputSchema>;

export const listBundlesQuerySchema = listQuerySchema.extend({
  is_active: booleanQuerySchema.optional(),
});
export type ListBundlesQuery = z.infer<typeof listBundlesQuerySchema>;
export const paginatedBundlesSchema = paginatedSchema(bundleSchema);
