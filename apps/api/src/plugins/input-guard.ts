import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@meterline/contract/errors';
import { fieldError, notFound } from '../lib/http-errors';

/** No text field of the API is longer; the contract's own limits are smaller. */
export const MAX_TEXT_LENGTH = 10_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Top-level body fields that carry data longer than any text (a reading's base64 photo): the
     * length check skips them (the NUL check does not); the route checks their size itself.
     */
    longFields?: readonly string[];
  }
}

/** The path of the first string holding a NUL byte or longer than the limit, and which fault. */
function findBadText(
  value: unknown,
  path: string[] = [],
  depth = 0,
  longFields: readonly string[] = [],
): { path: string[]; fault: 'nul' | 'long' } | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { path, fault: 'nul' };
    const mayBeLong = path.length === 1 && longFields.includes(path[0] ?? '');
    if (value.length > MAX_TEXT_LENGTH && !mayBeLong) return { path, fault: 'long' };
    return null;
  }
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return { path: [...path, key], fault: 'nul' };
    const found = findBadText(item, [...path, key], depth + 1, longFields);
    if (found) return found;
  }
  return null;
}

/**
 * One check for every route, before its schema: text holding a NUL byte (PostgreSQL cannot store
 * one) or longer than any field may be is a 400 on that field; in a path it names nothing (404).
 */
async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (findBadText(request.params)) throw notFound();
    const found = findBadText(request.query) ?? findBadText(request.body, [], 0, request.routeOptions.config.longFields);
    if (!found) return;
    const field = found.path.length ? found.path.join('.') : 'non_field_errors';
    throw found.fault === 'nul'
      ? fieldError(field, ERROR_CODES.nullCharacter)
      : fieldError(field, ERROR_CODES.maxLength, { max: MAX_TEXT_LENGTH });
  });
}

export const inputGuard = fp(inputGuardPlugin, { name: 'input-guard' });
