import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeOfZodIssue, ERROR_CODES, type ZodIssueLike } from '@meterline/contract/errors';
import { errorLanguageOf } from '@meterline/contract/error-messages';
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

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route (and so before the error
 * handler) runs. A path parameter over `maxParamLength` is a 414 `uri_too_long`; a path that cannot
 * be percent-decoded names nothing, a 404 `not_found` (as a NUL byte in a path, `input-guard.ts`).
 * Fastify's own answers echoed the path (docs/api.md). No hook runs here: the headers every API
 * answer carries are set by hand.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const httpError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new HttpError(414, ERROR_CODES.uriTooLong)
      : error.code === 'FST_ERR_BAD_URL'
        ? new HttpError(404, ERROR_CODES.notFound)
        : new HttpError(500, ERROR_CODES.serverError);
  // The error's message holds the path: only its code is logged.
  request.log.info({ code: error.code }, 'refused before routing');
  void reply
    .code(httpError.statusCode)
    .headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
    .send(httpError.render(requestLanguage(request)));
}

/** Accept-Language in what the parser had read, when the refused request got that far. */
function acceptLanguageIn(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return /\r\naccept-language:[ \t]*([^\r\n]{1,200})/i.exec(rawPacket.toString('latin1'))?.[1];
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (it never reaches Fastify's
 * request cycle, so no hook runs). A request line and headers over `maxHeaderSize` (16 KB: a URL
 * over it included) are a 431 `headers_too_large`, a request that did not arrive in time a 408
 * `request_timeout`, anything else that is no HTTP a 400 `request_unreadable`: JSON in the API's shape,
 * in the language of an Accept-Language the parser had read (else English), nothing of the request
 * echoed, and the connection closed, as Fastify's default does.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex) {
  // A reset connection has nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const httpError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new HttpError(431, ERROR_CODES.headersTooLarge)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new HttpError(408, ERROR_CODES.requestTimeout)
        : badRequest([{ field: 'non_field_errors', code: ERROR_CODES.requestUnreadable }]);
  // The error carries the raw bytes (`rawPacket`): only its code is logged.
  this.log.info({ code: error.code }, 'unreadable request');
  const body = JSON.stringify(httpError.render(errorLanguageOf(acceptLanguageIn(error.rawPacket))));
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${httpError.statusCode} ${STATUS_CODES[httpError.statusCode] ?? ''}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'cache-control: no-store',
        'x-content-type-options: nosniff',
        'connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy();
}
