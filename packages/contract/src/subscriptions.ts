import { z } from 'zod';
import { decimalInputSchema, decimalSchema, happenedAtInputSchema, textInput } from './billing-common';
import { idParamSchema, idSchema, timestampSchema } from './common';
import { listQuerySchema, paginatedSchema } from './pagination';

export { counterListSpec, readingListSpec } from './list-specs';

export const subscriptionSchema = z
  .object({
    id: idSchema,
    service: idSchema,
    customer: idSchema,
    bundle: idSchema,
    station: idSchema.nullable(),
    started_on: z.string(),
    ended_on: z.string().nullable(),
    /** Current meter reading. */
    counter: decimalSchema,
    counter_updated_at: timestampSchema.nullable(),
    counter_updated_by: idSchema.nullable(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** One meter, as the counters screen lists it: enough for a collector to find it in a building. */
export const counterSchema = z
  .object({
    id: idSchema.meta({ description: 'The subscription id' }),
    customer: idSchema,
    customer_name: z.string(),
    customer_code: z.string(),
    customer_phone: z.string(),
    region: idSchema.nullable(),
    region_name: z.string().nullable(),
    street: idSchema.nullable(),
    street_name: z.string().nullable(),
    building: idSchema.nullable(),
    building_name: z.string().nullable(),
    floor: z.string(),
    apartment: z.string(),
    station: idSchema.nullable(),
    station_name: z.string().nullable(),
    bundle: idSchema,
    bundle_name: z.string(),
    /** The reading before the last one (null before any reading). */
    previous_counter: decimalSchema.nullable(),
    counter: decimalSchema,
    counter_updated_at: timestampSchema.nullable(),
    counter_updated_by: idSchema.nullable(),
    counter_updated_by_name: z.string().nullable(),
    /** Consumption not yet billed: the sum of the differences within each meter segment. */
    consumption: decimalSchema,
    /** The photo taken with the last live reading (`/api/media/<name>`, signed-in users only), or null. */
    photo_url: z.string().nullable(),
  })
  .meta({ id: 'Counter' });
export type Counter = z.infer<typeof counterSchema>;

export const READING_KINDS = ['reading', 'reset'] as const;

export const readingSchema = z
  .object({
    id: idSchema,
    subscription: idSchema,
    value: decimalSchema,
    previous_value: decimalSchema.nullable(),
    kind: z.enum(READING_KINDS),
    reason: z.string(),
    taken_at: timestampSchema,
    taken_by: idSchema.nullable(),
    taken_by_name: z.string().nullable(),
    /** A voided reading stays in the history; consumption, the counter and invoices ignore it. */
    voided_at: timestampSchema.nullable(),
    voided_by: idSchema.nullable(),
    voided_by_name: z.string().nullable(),
    void_reason: z.string().nullable(),
    /**
     * The meter's photo taken with the reading (`/api/media/<name>`), served only to the tenant's
     * signed-in users with their token (docs/security.md, "Uploaded pictures"); null without one.
     */
    photo_url: z.string().nullable(),
  })
  .meta({ id: 'Reading' });
export type Reading = z.infer<typeof readingSchema>;

/**
 * `{"counter": "1234.5"}`; Arabic-Indic digits accepted; lower than the current reading is a 400.
 * `taken_at` dates a reading typed in later (default now); `confirm_unusual` accepts a reading
 * above what the meter can physically draw (otherwise a 400 `reading_implausible`).
 */
export const updateCounterInputSchema = z.object({
  counter: decimalInputSchema,
  taken_at: happenedAtInputSchema.optional(),
  confirm_unusual: z.boolean().optional(),
  /**
   * The meter's photo, base64 of a PNG, JPEG or WebP of at most READING_PHOTO_MAX_BYTES (checked by
   * its first bytes on the server: 400 `reading_photo_type` / `reading_photo_too_large`). In the
   * body so a reading queued offline carries it under its one Idempotency-Key (docs/offline.md).
   */
  photo: z.string().optional(),
});
export type UpdateCounterInput = z.input<typeof updateCounterInputSchema>;

/** A meter replaced or reset: the old meter's optional final reading, then the new baseline (default 0). */
export const resetCounterInputSchema = z.object({
  final_counter: decimalInputSchema.nullable().optional(),
  counter: decimalInputSchema.optional().default('0'),
  reason: textInput(500).optional().default(''),
});
export type ResetCounterInput = z.input<typeof resetCounterInputSchema>;

/** `POST .../readings/{reading_id}/void/`: a mistaken reading set aside, with why. */
export const voidReadingInputSchema = z.object({
  reason: textInput(500).min(1, { message: 'This field may not be blank.' }),
});
export type VoidReadingInput = z.input<typeof voidReadingInputSchema>;

export const listCountersQuerySchema = listQuerySchema.extend({
  station: idParamSchema.optional(),
  region: idParamSchema.optional(),
  street: idParamSchema.optional(),
  building: idParamSchema.optional(),
  bundle: idParamSchema.optional(),
});
export type ListCountersQuery = z.infer<typeof listCountersQuerySchema>;
export const paginatedCountersSchema = paginatedSchema(counterSchema);

export const listReadingsQuerySchema = listQuerySchema.extend({ kind: z.enum(READING_KINDS).optional() });
export type ListReadingsQuery = z.infer<typeof listReadingsQuerySchema>;
export const paginatedReadingsSchema = paginatedSchema(readingSchema);
