import { z } from 'zod';
import { forbiddenField, idParamSchema, idSchema, requiredText } from './common';

/** Address hierarchy of a tenant: region → street → building (plain arrays, ordered by name). */
export const regionSchema = z.object({ id: idSchema, name: z.string() }).meta({ id: 'Region' });
export type Region = z.infer<typeof regionSchema>;
export const streetSchema = z.object({ id: idSchema, name: z.string(), region_id: idSchema }).meta({ id: 'Street' });
export type Street = z.infer<typeof streetSchema>;
export const buildingSchema = z.object({ id: idSchema, name: z.string(), street_id: idSchema }).meta({ id: 'Building' });
export type Building = z.infer<typeof buildingSchema>;

/** The parent comes from the path; it cannot be given or changed in a body. */
export const createAddressInputSchema = z.object({
  name: requiredText(200),
  tenant: forbiddenField(),
});

export const updateAddressInputSchema = z.object({
  name: requiredText(200).optional(),
  tenant: forbiddenField(),
});

export const regionParamsSchema = z.object({ regionId: idParamSchema });
export const streetParamsSchema = z.object({ regionId: idParamSchema, streetId: idParamSchema });
