import { z } from 'zod';
import { decimalInputSchema, decimalSchema, nullableIdInputSchema, textInput } from './billing-common';
import { booleanQuerySchema, idParamSchema, idSchema, requiredText, timestampSchema } from './common';
import { listQuerySchema, paginatedSchema } from './pagination';
import { STATION_STATUSES } from './list-specs';

export { stationListSpec } from './list-specs';

export const stationStatusSchema = z.enum(STATION_STATUSES, { message: 'Choose a valid status.' });

export const stationSchema = z
  .object({
    id: idSchema,
    service: idSchema,
    name: z.string(),
    code: z.string(),
    status: z.string(),
    /** In the service's unit per hour. */
    capacity: decimalSchema.nullable(),
    region: idSchema.nullable(),
    region_name: z.string().nullable(),
    street: idSchema.nullable(),
    street_name: z.string().nullable(),
    building: idSchema.nullable(),
    building_name: z.string().nullable(),
    latitude: decimalSchema.nullable(),
    longitude: decimalSchema.nullable(),
    notes: z.string(),
    customers_count: z.number().int(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Station' });
export type Station = z.infer<typeof stationSchema>;

const stationFields = {
  name: requiredText(200),
  /** Unique per tenant; generated (ST-000123) when absent. */
  code: textInput(32).optional(),
  status: stationStatusSchema.optional().default('active'),
  capacity: decimalInputSchema.nullable().optional(),
  region: nullableIdInputSchema.optional(),
  street: nullableIdInputSchema.optional(),
  building: nullableIdInputSchema.optional(),
  latitude: decimalInputSchema.nullable().optional(),
  longitude: decimalInputSchema.nullable().optional(),
  notes: textInput(2000).optional().default(''),
};

export const createStationInputSchema = z.object(stationFields);
export type CreateStationInput = z.input<typeof createStationInputSchema>;

/** PUT is partial: absent fields keep their value. */
export const updateStationInputSchema = z.object({
  ...stationFields,
  name: requiredText(200).optional(),
  status: stationStatusSchema.optional(),
  notes: textInput(2000).optional(),
});
export type UpdateStationInput = z.input<typeof updateStationInputSchema>;

export const listStationsQuerySchema = listQuerySchema.extend({
  status: stationStatusSchema.optional(),
  region: idParamSchema.optional(),
  street: idParamSchema.optional(),
  building: idParamSchema.optional(),
  has_customers: booleanQuerySchema.optional(),
});
export type ListStationsQuery = z.infer<typeof listStationsQuerySchema>;
export const paginatedStationsSchema = paginatedSchema(stationSchema);
