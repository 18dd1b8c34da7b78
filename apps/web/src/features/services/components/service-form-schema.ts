import { createServiceInputSchema } from '@meterline/contract/services';

/**
 * The contract's fields a person types: names, unit, metered or flat (disable/enable is an action of the record page).
 * A module of its own: imported by the form when it shows (`lazySchema`), so zod is not part of the screen's JS.
 */
export const serviceFormSchema = createServiceInputSchema.pick({ name: true, name_ar: true, unit: true, is_metered: true });
