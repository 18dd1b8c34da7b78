import { z } from 'zod';

/** Values a message needs (`{max}`, `{balance}`, `{number}`), also sent in the body as `params`. */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/** 401/403/404/409/422/429 bodies: `detail` is in the caller's language, `code` is for programs. */
export const errorSchema = z
  .object({ detail: z.string(), code: z.string(), params: errorParamsSchema.optional() })
  .catchall(z.unknown())
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

/** One field error of a 400: the field (`non_field_errors` for the whole body), its code and message. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
  params: errorParamsSchema.optional(),
});
export type FieldErrorItem = z.infer<typeof fieldErrorSchema>;

/**
 * 400 bodies: DRF's `{field: [messages], non_field_errors: [...]}`, plus `code` (the first
 * error's), `params` (the first error's, when its message has any) and `errors` (each field error
 * with its code).
 */
export const validationErrorSchema = z
  .object({ code: z.string(), params: errorParamsSchema.optional(), errors: z.array(fieldErrorSchema) })
  .catchall(z.union([z.array(z.string()), z.string()]))
  .meta({ id: 'ValidationError' });
export type ValidationError = z.infer<typeof validationErrorSchema>;

export { ERROR_CODES, isErrorCode, type ErrorCode } from './error-codes';

export const MESSAGES = {
  permissionDenied: 'You do not have permission to perform this action.',
  notAuthenticated: 'Authentication credentials were not provided.',
  tokenNotValid: 'Given token not valid for any token type',
  notFound: 'Not found.',
  invalidPage: 'Invalid page.',
  badCredentials: 'No active account found with the given credentials',
  nullCharacter: 'Null characters are not allowed.',
  tenantBlocked: 'This client is blocked. Contact the platform administrator.',
  userInactive: 'User is inactive',
  otpRequired: 'A one-time code is required.',
  otpInvalid: 'The one-time code is not valid.',
  throttled: 'Too many attempts. Try again later.',
} as const;

export { codeOfZodIssue, type CodedIssue, type ZodIssueLike } from './zod-issues';
