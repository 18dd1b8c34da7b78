import { decimalInputSchema } from '@meterline/contract/billing-common';
import { requiredText } from '@meterline/contract/common';
import { resetCounterInputSchema } from '@meterline/contract/subscriptions';
import { z } from 'zod';

/**
 * The contract's reset body; an empty final reading means the old meter could not be read
 * (null), and the office must say why it resets a meter (the history keeps the reason).
 * A module of its own: imported by the form when it shows (`lazySchema`), so zod is not part of the screen's JS.
 */
export const resetFormSchema = resetCounterInputSchema.extend({
  final_counter: z.preprocess((value) => (value === '' ? null : value), decimalInputSchema.nullable()),
  counter: z.preprocess((value) => (value === '' ? '0' : value), decimalInputSchema),
  reason: requiredText(500),
});
