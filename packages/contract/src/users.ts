import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { passwordSchema } from './auth';
import { booleanQuerySchema, digitSystemSchema, forbiddenField, idSchema, optionalText, timestampSchema } from './common';
import { listQuerySchema, paginatedSchema } from './pagination';
import { isAvatarAddress } from './media-urls';
import { TENANT_ROLES } from './roles';
import { CUSTOMER_LANGUAGES } from './notification-kinds';

export { userListSpec } from './list-specs';
export { AVATAR_MAX_BYTES } from './avatar-limits';

export const tenantSummarySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    company_name: z.string(),
    logo: z.string().nullable(),
    currency: z.string(),
    currency_decimals: z.number().int(),
    timezone: z.string(),
    /** The optional second currency (docs/money-and-numbering.md): shown beside the billing currency; null without one. */
    second_currency: z.string().nullable(),
    /** Each currency's cash step ("LBP": "1000"), so a payment screen shows the change due as the server rounds it. */
    cash_rounding: z.record(z.string(), z.string()),
    /** The tenant's digit system for Arabic screens (docs/web.md, "Digits"), used by its users who chose none. */
    default_digits: digitSystemSchema,
    /** The language of the messages of customers without their own (the tenant's reminder language, docs/notifications.md). */
    customer_language: z.enum(CUSTOMER_LANGUAGES),
  })
  .meta({ id: 'TenantSummary' });
export type TenantSummary = z.infer<typeof tenantSummarySchema>;

export const userSchema = z
  .object({
    id: idSchema,
    tenant: idSchema.nullable(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    role: z.string(),
    avatar: z.string().nullable(),
    is_active: z.boolean(),
    otp_enabled: z.boolean(),
    /** Own digit system on Arabic screens (docs/web.md): 'arab', 'latn', or null for the tenant's default. */
    digits: digitSystemSchema.nullable(),
    last_login: timestampSchema.nullable(),
    date_joined: timestampSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** `me/` carries the tenant summary in `tenant` (null for the superadmin), so every role can format money. */
export const meSchema = userSchema.extend({ tenant: tenantSummarySchema.nullable() }).meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

const usernameSchema = z
  .string({ message: 'This field is required.' })
  .trim()
  .min(3, { message: 'Ensure this field has at least 3 characters.' })
  .max(150, { message: 'Ensure this field has no more than 150 characters.' })
  .regex(/^[\w.@+-]+$/, { message: ERROR_CODES.invalidUsername });

const emailField = z.union([z.literal(''), z.email({ message: 'Enter a valid email address.' })]);

export const tenantRoleSchema = z.enum(TENANT_ROLES, { message: 'Choose a valid role.' });

export const createUserInputSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: emailField.optional().default(''),
  first_name: optionalText(150).optional().default(''),
  last_name: optionalText(150).optional().default(''),
  phone: optionalText(32).optional().default(''),
  role: tenantRoleSchema,
  is_active: z.boolean().optional().default(true),
  tenant: forbiddenField(),
  is_superuser: forbiddenField(),
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

/** PUT is partial: absent fields keep their value. The password is changed through its own calls. */
export const updateUserInputSchema = z.object({
  username: usernameSchema.optional(),
  email: emailField.optional(),
  first_name: optionalText(150).optional(),
  last_name: optionalText(150).optional(),
  phone: optionalText(32).optional(),
  /** An `https:` address or the app's own media URL (`isAvatarAddress`); null removes it. */
  avatar: z.string().max(500).refine(isAvatarAddress, { message: ERROR_CODES.avatarAddress }).nullable().optional(),
  digits: digitSystemSchema.nullable().optional(),
  role: tenantRoleSchema.optional(),
  is_active: z.boolean().optional(),
  tenant: forbiddenField(),
  is_superuser: forbiddenField(),
  password: forbiddenField(),
});
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

/** Fields a user may change on their own record with only `update profile`. */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'phone', 'email', 'avatar', 'digits'] as const;

export const roleOptionSchema = z.object({ value: z.string(), label: z.string() });

export const listUsersQuerySchema = listQuerySchema.extend({
  role: z.string().optional(),
  is_active: booleanQuerySchema.optional(),
});
export const paginatedUsersSchema = paginatedSchema(userSchema);
