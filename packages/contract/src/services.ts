import { z } from 'zod';
import { idSchema } from './common';

export const serviceSchema = z
  .object({ id: idSchema, name: z.string(), unit: z.string(), is_metered: z.boolean() })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof serviceSchema>;

/** The Counters menu entry shows only for a service named electricity, in any case (spec section 2). */
export function isElectricityService(service: { name: string } | null | undefined): boolean {
  return (service?.name ?? '').trim().toLowerCase() === 'electricity';
}
