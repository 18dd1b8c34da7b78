import { decimalInputSchema } from '@meterline/contract/billing-common';
import { requiredText } from '@meterline/contract/common';
import { monthInputSchema } from '@meterline/contract/tariffs';
import { z } from 'zod';

const emptyAsZero = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? '0' : value), schema);

/**
 * What the form holds (texts, '' for none) turned into the tariff body: a flat price or tiers
 * (the last one open-ended), months as `YYYY-MM`, no bundles chosen = every bundle. A module of its
 * own: imported by the form when it shows (`lazySchema`), so zod is not part of the screen's JS.
 */
export const tariffFormSchema = z
  .object({
    name: requiredText(200),
    effective_from: monthInputSchema,
    effective_to: z.union([z.literal(''), monthInputSchema]),
    pricing: z.enum(['flat', 'tiered']),
    unit_price: emptyAsZero(decimalInputSchema),
    tiers: z.array(z.object({ up_to: z.string(), unit_price: emptyAsZero(decimalInputSchema) })),
    uplift_percent: emptyAsZero(decimalInputSchema),
    bundles: z.array(z.number()),
  })
  .transform((values) => ({
    name: values.name,
    effective_from: values.effective_from,
    effective_to: values.effective_to === '' ? null : values.effective_to,
    unit_price: values.pricing === 'flat' ? values.unit_price : '0',
    tiers:
      values.pricing === 'tiered'
        ? values.tiers.map((tier, index) => ({ up_to: index === values.tiers.length - 1 ? null : tier.up_to, unit_price: tier.unit_price }))
        : null,
    uplift_percent: values.uplift_percent,
    bundles: values.bundles,
  }));
