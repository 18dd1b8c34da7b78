import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeOfZodIssue, ERROR_CODES, type ZodIssueLike } from '@meterline/contract/errors';
import type { FastifyRequest } from 'fastify';
import { badRequest, databaseErrorCode, databaseFault, HttpError, serverBusy } from '../lib/http-errors';
import { loggableError } from '../lib/loggable-error';
import { requestLanguage } from './request-context';

function fieldName(path: string, fallback = 'non_field_errors'): string {
  const parts = path.split('/').filter(Boolean);
  return parts.length ? parts.join('.') : fallback;
}

/** Every refusal as a catalog code: the thrown HttpError, or what Fastify and zod raised. */
function toHttpError(error: FastifyError, request: FastifyRequest): HttpError | null {
  if (error instanceof HttpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    if (error.validationContext === 'params') return new HttpError(404, ERROR_CODES.notFound);
    const input =
      error.validationContext === 'querystring' ? request.query : error.validationContext === 'headers' ? request.headers : request.body;
    return badRequest(
      error.validation.map((issue) => {
        // The type provider flattens each zod issue: keyword = its code, params = the rest.
        const path = issue.instancePath.split('/').filter(Boolean);
        const zodIssue = { ...issue.params, code: issue.keyword, message: issue.message ?? '', path } as ZodIssueLike;
        return { field: fieldName(issue.instancePath), ...codeOfZodIssue(zodIssue, input) };
      }),
    );
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
    return null;
  }
  const statusCode = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new HttpError(415, ERROR_CODES.unsupportedMediaType);
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) return new HttpError(413, ERROR_CODES.bodyTooLarge);
  if (statusCode === 429) return new HttpError(429, ERROR_CODES.throttled);
  if (statusCode >= 400 && statusCode < 500) {
    // Fastify's own client errors (malformed JSON, empty body with a JSON type, ...).
    request.log.info({ err: error }, 'unreadable request');
    return badRequest([{ field: 'non_field_errors', code: ERROR_CODES.parseError }]);
  }
  const fault = databaseFault(error);
  if (fault === 'unavailable') {
    request.log.error({ err: loggableError(error) }, 'database unavailable');
    return new HttpError(503, ERROR_CODES.databaseUnavailable, { headers: { 'retry-after': '5' } });
  }
  if (fault === 'busy') {
    request.log.warn({ err: loggableError(error) }, 'no database connection free in time');
    return serverBusy();
  }
  if (fault === 'storage_full') {
    request.log.error({ err: loggableError(error) }, 'no disk space left');
    return new HttpError(507, ERROR_CODES.storageFull);
  }
  const dbCode = databaseErrorCode(error);
  // Text the database cannot store (a NUL byte, a value too large to index): bad input, not a fault.
  if (dbCode === '22021' || dbCode === '22P05' || dbCode === '54000')
    return badRequest([{ field: 'non_field_errors', code: ERROR_CODES.invalid }]);
  if (dbCode === '40001' || dbCode === '40P01') return new HttpError(409, ERROR_CODES.conflict);
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  return null;
}

/**
 * DRF-shaped errors: 400 `{field: [messages], code, errors}`, others `{detail, code}`, the
 * messages in the caller's language from the contract's catalog. Never a stack trace, never a
 * 500 for bad input.
 */
async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const httpError = toHttpError(error, request) ?? new HttpError(500, ERROR_CODES.serverError);
    return reply
      .code(httpError.statusCode)
      .headers(httpError.headers)
      .send(httpError.render(requestLanguage(request)));
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
