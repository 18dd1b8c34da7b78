import { noContentSchema } from '@meterline/contract/common';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';

/** Error answers every route may give, declared so the OpenAPI document is complete. */
export const authErrors = { 401: errorSchema, 403: errorSchema } as const;
export const readErrors = { ...authErrors, 404: errorSchema } as const;
export const writeErrors = { 400: validationErrorSchema, ...readErrors, 409: errorSchema } as const;
export const noContent = noContentSchema;
