import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** An incoming id is kept when it is a short token (a proxy's `$request_id`, a UUID); anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request's id (Fastify's `genReqId`): the caller's `X-Request-Id` when it is a sane short
 * token (so one id follows a request through nginx and the API's logs), else a new UUID, unique
 * across restarts and processes. It is `reqId` in every log line of the request and
 * `request_id` in its audit rows.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Every answer carries its request's id back (`X-Request-Id`), errors and 404s included. */
async function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

export const requestId = fp(requestIdPlugin, { name: 'request-id' });
