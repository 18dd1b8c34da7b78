import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, MESSAGES } from '@meterline/contract/errors';
import { databaseErrorCode, HttpError } from '../lib/http-errors';

function fieldName(path: string, fallback = 'non_field_errors'): string {
  const parts = path.split('/').filter(Boolean);
  return parts.length ? parts.join('.') : fallback;
}

/**
 * DRF-shaped errors: 400 `{field: [messages]}`, others `{detail, code}`. Never a stack trace,
 * never a 500 for bad input.
 */
async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'params') {
        return reply.code(404).send({ detail: MESSAGES.notFound, code: ERROR_CODES.notFound });
      }
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const zodIssue = issue.params?.issue as { path?: PropertyKey[]; message?: string } | undefined;
        const path = zodIssue?.path?.length ? `/${zodIssue.path.map(String).join('/')}` : issue.instancePath;
        const field = fieldName(path);
        (fields[field] ??= []).push(zodIssue?.message ?? issue.message ?? 'Invalid value.');
      }
      return reply.code(400).send(fields);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return reply.code(500).send({ detail: 'A server error occurred.', code: 'server_error' });
    }
    const statusCode = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ detail: 'Unsupported media type.', code: 'unsupported_media_type' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
      return reply.code(413).send({ detail: 'Request body is too large.', code: 'too_large' });
    }
    if (statusCode === 429) {
      return reply.code(429).send({ detail: MESSAGES.throttled, code: ERROR_CODES.throttled });
    }
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors (malformed JSON, empty body with a JSON type, ...).
      return reply.code(400).send({ non_field_errors: [error.message.replace(/^FST_\w+: /, '')], code: 'parse_error' });
    }
    const dbCode = databaseErrorCode(error);
    if (dbCode === '40001' || dbCode === '40P01') {
      return reply.code(409).send({ detail: 'The record changed while saving. Try again.', code: ERROR_CODES.conflict });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'A server error occurred.', code: 'server_error' });
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
