import { decimalInputSchema } from '@meterline/contract/billing-common';
import { createBundleInputSchema } from '@meterline/contract/bundles';
import { z } from 'zod';

/**
 * The contract's create schema; an empty amperage means "does not apply" (null), empty prices 0.
 * A module of its own: imported by the form when it shows (`lazySchema`), so zod is not part of the screen's JS.
 */
export const bundleFormSchema = createBundleInputSchema.extend({
  amperage: z.preprocess((value) => (value === '' ? null : value), decimalInputSchema.nullable()),
  price: z.preprocess((value) => (value === '' ? '0' : value), decimalInputSchema),
  unit_price: z.preprocess((value) => (value === '' ? '0' : value), decimalInputSchema),
});
