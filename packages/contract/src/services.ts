import { z } from 'zod';
import { idSchema } from './common';
import { ERROR_CODES } from './errors';
import { decimalStringSchema, formatScaled, parseScaled, QUANTITY_SCALE } from './money';

export const serviceSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    unit: z.string(),
    is_metered: z.boolean(),
    /**
     * The most a meter of the service may record in a day ("40.000"), where its bundle has no
     * amperage: a reading beyond it asks for a second look. Null: no limit. Always answered.
     */
    max_consumption_per_day: z.string().nullable().optional(),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof serviceSchema>;

/** Largest daily limit: readings are numeric(14,3). */
const MAX_DAILY_LIMIT = 10n ** 14n - 1n;

/** PUT /services/{id}/: the service's own settings (admin). An empty text or null removes the limit. */
export const updateServiceInputSchema = z.object({
  max_consumption_per_day: z
    .preprocess(
      (value) => (value === '' ? null : value),
      decimalStringSchema
        .transform((value, context) => {
          const scaled = parseScaled(value, QUANTITY_SCALE);
          if (scaled === null || scaled <= 0n || scaled > MAX_DAILY_LIMIT) {
            context.addIssue({ code: 'custom', message: ERROR_CODES.invalidNumber });
            return z.NEVER;
          }
          return formatScaled(scaled, QUANTITY_SCALE);
        })
        .nullable(),
    )
    .optional(),
});
export type UpdateServiceInput = z.input<typeof updateServiceInputSchema>;
/** The Counters menu entry shows only for a service named electricity, in any case (docs/product/specification.md section 2). */
export function isElectricityService(service: { name: string } | null | undefined): boolean {
  return (service?.name ?? '').trim().toLowerCase() === 'electricity';
}
