import { z } from 'zod';

/** 401/403/404/409/422/429 bodies. */
export const errorSchema = z.object({ detail: z.string(), code: z.string() }).meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

/** 400 bodies: one list of messages per field, plus non_field_errors; an optional code. */
export const validationErrorSchema = z
  .record(z.string(), z.union([z.array(z.string()), z.string()]))
  .meta({ id: 'ValidationError' });
export type ValidationError = z.infer<typeof validationErrorSchema>;

export const ERROR_CODES = {
  invalid: 'invalid',
  notAuthenticated: 'not_authenticated',
  tokenNotValid: 'token_not_valid',
  userInactive: 'user_inactive',
  tenantBlocked: 'tenant_blocked',
  permissionDenied: 'permission_denied',
  notFound: 'not_found',
  conflict: 'conflict',
  protected: 'protected',
  invoiceAlreadyPaid: 'invoice_already_paid',
  idempotencyKeyReused: 'idempotency_key_reused',
  idempotencyKeyInFlight: 'idempotency_key_in_flight',
  throttled: 'throttled',
  otpRequired: 'otp_required',
  otpInvalid: 'otp_invalid',
  authenticationFailed: 'authentication_failed',
  lastAdmin: 'last_admin',
  currencyLocked: 'currency_locked',
} as const;

export const MESSAGES = {
  permissionDenied: 'You do not have permission to perform this action.',
  notAuthenticated: 'Authentication credentials were not provided.',
  tokenNotValid: 'Given token not valid for any token type',
  notFound: 'Not found.',
  invalidPage: 'Invalid page.',
  badCredentials: 'No active account found with the given credentials',
  tenantBlocked: 'This client is blocked. Contact the platform administrator.',
  userInactive: 'User is inactive',
  otpRequired: 'A one-time code is required.',
  otpInvalid: 'The one-time code is not valid.',
  throttled: 'Too many attempts. Try again later.',
} as const;
