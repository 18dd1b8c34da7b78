import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { booleanQuerySchema, idSchema, optionalText, requiredText, timestampSchema } from './common';
import { currencySchema } from './money';
import { listQuerySchema, paginatedSchema } from './pagination';

export { tenantListSpec } from './list-specs';

/** A tenant (shown as "Client"): platform data in the `default` database. */
export const tenantSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    slug: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    db_alias: z.string(),
    is_blocked: z.boolean(),
    created_at: timestampSchema,
    users_count: z.number().int(),
  })
  .meta({ id: 'Tenant' });
export type Tenant = z.infer<typeof tenantSchema>;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugSchema = requiredText(50)
  .transform((value) => value.toLowerCase())
  .refine((value) => SLUG_PATTERN.test(value), { message: ERROR_CODES.invalidSlug });
const emailField = z.union([z.literal(''), z.email({ message: 'Enter a valid email address.' })]);
const aliasField = z
  .string({ message: 'This field is required.' })
  .trim()
  .toLowerCase()
  .min(1, { message: 'This field may not be blank.' });

/**
 * Create a tenant: only name and slug are required; db_alias defaults to `default`, currency to USD.
 * Read-only fields (id, is_blocked, users_count, created_at) are ignored, as DRF does.
 */
export const createTenantInputSchema = z.object({
  name: requiredText(200),
  slug: slugSchema,
  email: emailField.optional().default(''),
  phone: optionalText(32).optional().default(''),
  address: optionalText(500).optional().default(''),
  db_alias: aliasField.optional().default('default'),
  currency: currencySchema.optional(),
});
export type CreateTenantInput = z.input<typeof createTenantInputSchema>;

/** PUT is partial. db_alias may be sent unchanged (forms send every field); a different one is a 400. */
export const updateTenantInputSchema = z.object({
  name: requiredText(200).optional(),
  slug: slugSchema.optional(),
  email: emailField.optional(),
  phone: optionalText(32).optional(),
  address: optionalText(500).optional(),
  db_alias: aliasField.optional(),
});
export type UpdateTenantInput = z.input<typeof updateTenantInputSchema>;

export const listTenantsQuerySchema = listQuerySchema.extend({
  is_blocked: booleanQuerySchema.optional(),
  db_alias: z.string().optional(),
});
export const paginatedTenantsSchema = paginatedSchema(tenantSchema);

/** `GET /tenants/aliases/`: the configured database aliases, `default` first. */
export const aliasesSchema = z.array(z.string());
