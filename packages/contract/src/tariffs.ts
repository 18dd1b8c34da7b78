import { z } from 'zod';
import { decimalInputSchema, decimalSchema, idInputSchema } from './billing-common';
import { idSchema, requiredText, timestampSchema } from './common';
import { ERROR_CODES } from './errors';
import { normalizeDigits } from './money';
import { listQuerySchema, paginatedSchema } from './pagination';
import { isMonth } from './tariff-pricing';

export { tariffListSpec } from './list-specs';

/**
 * Tariffs of a service: the price of a unit of consumption from a month on (optionally until a
 * month), flat or in tiers of the month's consumption, with an optional uplift, for all bundles or
 * some. A bundle keeps its fixed monthly fee; without a tariff its own unit price applies.
 */

/** A month in a body: `YYYY-MM` (Arabic-Indic digits accepted); `YYYY-MM-01` is taken as its month. */
export const monthInputSchema = z
  .string({ message: ERROR_CODES.invalidMonth })
  .transform((value) => normalizeDigits(value).replace(/^(\d{4}-\d{2})-01$/, '$1'))
  .refine((value) => isMonth(value), { message: ERROR_CODES.invalidMonth });

export const monthSchema = z
  .string()
  .regex(/^\d{4}-\d{2}$/)
  .meta({ description: 'Calendar month', example: '2026-10' });

export const tariffTierSchema = z.object({
  /** Upper bound of the month's consumption in this tier; null for the last, open-ended tier. */
  up_to: decimalSchema.nullable(),
  unit_price: decimalSchema,
});

export const tariffSchema = z
  .object({
    id: idSchema,
    service: idSchema,
    name: z.string(),
    effective_from: monthSchema,
    effective_to: monthSchema.nullable(),
    /** Price per unit when the tariff has no tiers (up to 6 decimals). */
    unit_price: decimalSchema,
    tiers: z.array(tariffTierSchema).nullable(),
    /** Added to every unit price, in percent ("10.000"). */
    uplift_percent: decimalSchema,
    /** Bundles the tariff applies to; empty: every bundle of the service. */
    bundles: z.array(idSchema),
    /** True once a live invoice was priced with it: it can no longer be edited or deleted. */
    is_in_use: z.boolean(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Tariff' });
export type Tariff = z.infer<typeof tariffSchema>;

const tierInputSchema = z.object({
  up_to: decimalInputSchema.nullable(),
  unit_price: decimalInputSchema,
});

const tariffFields = {
  name: requiredText(200),
  effective_from: monthInputSchema,
  effective_to: monthInputSchema.nullable().optional(),
  unit_price: decimalInputSchema.optional(),
  tiers: z.array(tierInputSchema).max(20).nullable().optional(),
  uplift_percent: decimalInputSchema.optional(),
  bundles: z.array(idInputSchema).max(500).optional(),
};

export const createTariffInputSchema = z.object({
  ...tariffFields,
  effective_to: tariffFields.effective_to.default(null),
  unit_price: tariffFields.unit_price.default('0'),
  tiers: tariffFields.tiers.default(null),
  uplift_percent: tariffFields.uplift_percent.default('0'),
  bundles: tariffFields.bundles.default([]),
});
export type CreateTariffInput = z.input<typeof createTariffInputSchema>;

/** PUT is partial: absent fields keep their value. */
export const updateTariffInputSchema = z.object({
  ...tariffFields,
  name: tariffFields.name.optional(),
  effective_from: tariffFields.effective_from.optional(),
});
export type UpdateTariffInput = z.input<typeof updateTariffInputSchema>;

export const listTariffsQuerySchema = listQuerySchema.extend({
  /** Tariffs that apply to this bundle (its own and those for every bundle). */
  bundle: idInputSchema.optional(),
  /** Tariffs in force in this month. */
  month: monthInputSchema.optional(),
});
export type ListTariffsQuery = z.infer<typeof listTariffsQuerySchema>;
export const paginatedTariffsSchema = paginatedSchema(tariffSchema);
