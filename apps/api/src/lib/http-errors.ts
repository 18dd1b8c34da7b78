import { ERROR_CODES, codeOfZodIssue, type ErrorCode, type ErrorParams, type ZodIssueLike } from '@meterline/contract/errors';
import { formatErrorMessage, type ErrorLanguage } from '@meterline/contract/error-messages';
import { first } from '@meterline/contract/invariant';

/** One field error: the field (`non_field_errors` for the whole body), its catalog code and values. */
export interface FieldIssue {
  field: string;
  code: ErrorCode;
  params?: ErrorParams;
}

/**
 * An error answered as JSON with its status; never carries a stack to the client. It holds codes
 * and parameters only: the error handler writes the messages in the caller's language
 * (`render`), from the contract's catalog.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly options: {
      params?: ErrorParams;
      issues?: FieldIssue[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(formatErrorMessage(code, 'en', options.params));
  }

  get headers(): Record<string, string> {
    return this.options.headers ?? {};
  }

  /** 400: `{field: [messages], code, params?, errors: [...]}`; others `{detail, code, params?}`. */
  render(language: ErrorLanguage): Record<string, unknown> {
    const { params, issues, extra } = this.options;
    if (!issues)
      return { detail: formatErrorMessage(this.code, language, params), code: this.code, ...(params ? { params } : {}), ...extra };
    const body: Record<string, unknown> = {};
    const errors = issues.map((issue) => ({
      field: issue.field,
      code: issue.code,
      message: formatErrorMessage(issue.code, language, issue.params),
      ...(issue.params ? { params: issue.params } : {}),
    }));
    // Own keys only: a field named like an Object method (`constructor`) must not find the inherited one.
    for (const error of errors) {
      if (!Object.hasOwn(body, error.field)) body[error.field] = [];
      (body[error.field] as string[]).push(error.message);
    }
    const firstIssue = first(issues, 'a field issue in a 400');
    return { ...body, code: firstIssue.code, ...(firstIssue.params ? { params: firstIssue.params } : {}), errors };
  }

  /** The answer in English (stored idempotent answers, logs). */
  get body(): Record<string, unknown> {
    return this.render('en');
  }
}

/** A 400 with one or more field errors. */
export const badRequest = (issues: FieldIssue[]) =>
  new HttpError(400, issues[0]?.code ?? ERROR_CODES.invalid, { params: issues[0]?.params, issues });
export const fieldError = (field: string, code: ErrorCode, params?: ErrorParams) =>
  badRequest([{ field, code, ...(params ? { params } : {}) }]);
export const unauthorized = (code: ErrorCode = ERROR_CODES.notAuthenticated) => new HttpError(401, code);
export const forbidden = (code: ErrorCode = ERROR_CODES.permissionDenied) => new HttpError(403, code);
export const notFound = (code: ErrorCode = ERROR_CODES.notFound) => new HttpError(404, code);
export const conflict = (code: ErrorCode, params?: ErrorParams) => new HttpError(409, code, { params });
export const protectedConflict = () => new HttpError(409, ERROR_CODES.protected);
export const unprocessable = (code: ErrorCode, params?: ErrorParams) => new HttpError(422, code, { params });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, ERROR_CODES.throttled, {
    params: { seconds: retryAfterSeconds },
    extra: { retry_after: retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/**
 * 503 `server_busy`: the database is reachable but this process has no connection free for the
 * request within its bound (plugins/admission.ts, or the pool's own wait). Nothing was done; the
 * same request (with its Idempotency-Key) may be sent again after `Retry-After`.
 */
export const serverBusy = (retryAfterSeconds = 2) =>
  new HttpError(503, ERROR_CODES.serverBusy, {
    extra: { retry_after: retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

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

const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const CONNECTION_MESSAGES = /Connection terminated|connection timeout|Client has encountered a connection error|Client was closed/i;
/** pg-pool's answer to a request that waited its whole `connectionTimeoutMillis` for a free connection. */
const POOL_WAIT_MESSAGE = /^timeout exceeded when trying to connect$/i;

/**
 * A fault of the database rather than of the request: `unavailable` (PostgreSQL unreachable,
 * restarting, connection cut), `busy` (every connection in use for longer than a request may wait:
 * the database is there, the server is full) or `storage_full` (no disk space). Walks the `cause`
 * chain (Drizzle wraps the driver's error).
 */
export function databaseFault(error: unknown): 'unavailable' | 'busy' | 'storage_full' | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof message === 'string' && POOL_WAIT_MESSAGE.test(message)) return 'busy';
    if (
      code === 'ENOSPC' ||
      code === '53100' ||
      (typeof message === 'string' && /No space left on device|could not extend file/i.test(message))
    )
      return 'storage_full';
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code)))
      return 'unavailable';
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return 'unavailable';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
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

/** A 400 from zod issues, for bodies validated in a handler (multipart forms); `input` is what was parsed. */
export function validationErrorFrom(issues: readonly ZodIssueLike[], input?: unknown): HttpError {
  return badRequest(
    issues.map((issue) => ({
      field: issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors',
      ...codeOfZodIssue(issue, input),
    })),
  );
}
