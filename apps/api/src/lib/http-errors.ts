import { ERROR_CODES, MESSAGES } from '@meterline/contract/errors';

/** An error answered as JSON with its status; never carries a stack to the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export type FieldErrors = Record<string, string[] | string>;

export const badRequest = (fields: FieldErrors) => new HttpError(400, fields);
export const fieldError = (field: string, message: string, code?: string) =>
  new HttpError(400, code ? { [field]: [message], code } : { [field]: [message] });
export const unauthorized = (detail: string = MESSAGES.notAuthenticated, code: string = ERROR_CODES.notAuthenticated) =>
  new HttpError(401, { detail, code });
export const forbidden = (detail: string = MESSAGES.permissionDenied, code: string = ERROR_CODES.permissionDenied) =>
  new HttpError(403, { detail, code });
export const notFound = (detail: string = MESSAGES.notFound) => new HttpError(404, { detail, code: ERROR_CODES.notFound });
export const conflict = (code: string, detail: string) => new HttpError(409, { detail, code });
export const protectedConflict = (detail = 'This record is in use and cannot be deleted.') =>
  new HttpError(409, { detail, code: ERROR_CODES.protected });
export const unprocessable = (code: string, detail: string) => new HttpError(422, { detail, code });
export const tooManyRequests = (retryAfterSeconds: number, detail: string = MESSAGES.throttled) =>
  new HttpError(
    429,
    { detail: `${detail} Expected available in ${retryAfterSeconds} seconds.`, code: ERROR_CODES.throttled, retry_after: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

/** PostgreSQL unique violation (23505) or foreign-key violation (23503), from pg or PGlite. */
export function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function constraintName(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A 400 in the DRF shape from zod issues, for bodies validated in a handler (multipart forms). */
export function validationErrorFrom(issues: readonly { path: readonly PropertyKey[]; message: string }[]): HttpError {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    (fields[field] ??= []).push(issue.message);
  }
  return new HttpError(400, fields);
}
