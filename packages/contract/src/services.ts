import { z } from 'zod';
import { textInput } from './billing-common';
import { booleanQuerySchema, idSchema, requiredText } from './common';
import { ERROR_CODES } from './errors';
import { decimalStringSchema, formatScaled, parseScaled, QUANTITY_SCALE } from './money';
import { SERVICE_UNIT_MAX } from './service-names';

export const serviceSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    /** The Arabic name ('' when none: the English name is shown in Arabic too). */
    name_ar: z.string(),
    /** What a meter counts or the bundle sells: kWh, m³, GB, session ('' for none). */
    unit: z.string(),
    /** Metered services have meters, readings and a Counters screen; flat ones bill a fixed bundle fee. */
    is_metered: z.boolean(),
    /** A disabled service leaves the service selector and refuses new writes; its data stays readable. */
    is_active: z.boolean(),
    /** Order in the selector and on the Services screen (1 first). */
    position: z.number().int(),
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

/** The daily limit as typed: an empty text or null removes it; digits may be Arabic-Indic. */
const maxConsumptionPerDaySchema = z.preprocess(
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
);

export const SERVICE_NAME_MAX = 100;

/** POST /services/ (admin): a new service, placed last. */
export const createServiceInputSchema = z.object({
  name: requiredText(SERVICE_NAME_MAX),
  name_ar: textInput(SERVICE_NAME_MAX).optional().default(''),
  unit: textInput(SERVICE_UNIT_MAX).optional().default(''),
  is_metered: z.boolean().optional().default(true),
  is_active: z.boolean().optional().default(true),
  max_consumption_per_day: maxConsumptionPerDaySchema.optional(),
});
export type CreateServiceInput = z.input<typeof createServiceInputSchema>;

/**
 * PUT and PATCH /services/{id}/ (admin), partial: absent fields keep their value. PUT was the
 * settings screen's call for the daily limit and still is.
 */
export const updateServiceInputSchema = z.object({
  name: requiredText(SERVICE_NAME_MAX).optional(),
  name_ar: textInput(SERVICE_NAME_MAX).optional(),
  unit: textInput(SERVICE_UNIT_MAX).optional(),
  is_metered: z.boolean().optional(),
  is_active: z.boolean().optional(),
  max_consumption_per_day: maxConsumptionPerDaySchema.optional(),
});
export type UpdateServiceInput = z.input<typeof updateServiceInputSchema>;
/** POST /services/reorder/ (admin): every service of the tenant, once each, in the new order. */
export const reorderServicesInputSchema = z.object({
  ids: z.array(idSchema).min(1).max(200),
});

/** GET /services/?include_inactive=true: the Services screen lists disabled ones too. */
export const listServicesQuerySchema = z.object({
  include_inactive: booleanQuerySchema.optional(),
});
