import { updateConfigInputSchema } from '@meterline/contract/config';
import { updateServiceInputSchema } from '@meterline/contract/services';
import { z } from 'zod';

/**
 * The settings body without the logo (sent apart) and with each service's limit and cash step.
 * A module of its own: imported by the form when it shows (`lazySchema`), so zod is not part of the screen's JS.
 */
export const settingsFormSchema = updateConfigInputSchema
  .omit({ logo: true, tenant: true })
  // The cash steps are checked by the API once the empty ones are left out (see handleFormSubmit).
  .extend({
    service_limits: z.record(z.string(), updateServiceInputSchema.shape.max_consumption_per_day),
    cash_rounding: z.record(z.string(), z.string().nullable().optional()),
  });
