import { z } from 'zod';

/** Values a message needs (`{max}`, `{balance}`, `{number}`), also sent in the body as `params`. */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/** 401/403/404/409/422/429 bodies: `detail` is in the caller's language, `code` is for programs. */
export const errorSchema = z
  .object({ detail: z.string(), code: z.string(), params: errorParamsSchema.optional() })
  .catchall(z.unknown())
  .meta({ id: 'Error' });

/** One field error of a 400: the field (`non_field_errors` for the whole body), its code and message. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
  params: errorParamsSchema.optional(),
});

/**
 * 400 bodies: DRF's `{field: [messages], non_field_errors: [...]}`, plus `code` (the first
 * error's), `params` (the first error's, when its message has any) and `errors` (each field error
 * with its code).
 */
export const validationErrorSchema = z
  .object({ code: z.string(), params: errorParamsSchema.optional(), errors: z.array(fieldErrorSchema) })
  .catchall(z.union([z.array(z.string()), z.string()]))
  .meta({ id: 'ValidationError' });

export { ERROR_CODES, isErrorCode, type ErrorCode } from './error-codes';

export { codeOfZodIssue, type ZodIssueLike } from './zod-issues';
