import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import { notificationEndpoints } from '@meterline/contract/endpoints/notifications';
import { sendInvoicesInputSchema, sendInvoicesResultSchema } from '@meterline/contract/invoice-messages';
import { jobStartedSchema } from '@meterline/contract/jobs';
import { channelParamsSchema, sendBillsInputSchema, templateParamsSchema } from '@meterline/contract/notifications';
import type { DatabaseRegistry, Db } from '../../db/client';
import { validationErrorFrom } from '../../lib/http-errors';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, requestLanguage, tenantActorOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
import { invalidPk } from '../../scope/references';
import type { JobService } from '../jobs/index';
import type { InvoiceMessageService } from '../invoices/index';
import { receiveCallback, verifyCallback } from './callbacks';
import { findServiceInvoiceIds } from './notifications.repository';
import type { NotificationService } from './notifications.service';
import type { Sealer } from './sealed-text';

/** Every channel and template call is the admins' (`update settings`), checked before the body is read. */
function tenantOf(databases: DatabaseRegistry, request: FastifyRequest) {
  const actor = tenantActorOf(request);
  return { db: databases.get(actor.dbAlias), tenantId: actor.tenantId };
}

/** `/api/notifications/`: the tenant's channels and templates (admins), and the providers' delivery callbacks. */
export async function notificationRoutes(
  app: FastifyInstance,
  options: {
    notifications: NotificationService;
    databases: DatabaseRegistry;
    defaultDb: Db;
    sealer: () => Promise<Sealer>;
    now: () => Date;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { notifications, databases } = options;
  const endpoints = notificationEndpoints;

  routes.route({
    ...(await routeOf(routes, endpoints.channels, readErrors)),
    handler: async (request) => ({ results: await notifications.channels(tenantOf(databases, request)) }),
  });
  routes.route({
    ...(await routeOf(routes, endpoints.updateChannel, writeErrors, { params: channelParamsSchema })),
    handler: async (request) =>
      notifications.updateChannel(tenantOf(databases, request), request.params.channel, request.body, auditContextOf(request)),
  });
  routes.route({
    ...(await routeOf(routes, endpoints.testChannel, writeErrors, { params: channelParamsSchema })),
    handler: async (request, reply) => {
      const message = await notifications.sendTest(
        tenantOf(databases, request),
        request.params.channel,
        request.body.to,
        requestLanguage(request),
      );
      return reply.code(201).send({ message });
    },
  });
  routes.route({
    ...(await routeOf(routes, endpoints.templates, readErrors)),
    handler: async (request) => ({ results: await notifications.templates(tenantOf(databases, request)) }),
  });
  routes.route({
    ...(await routeOf(routes, endpoints.updateTemplate, writeErrors, { params: templateParamsSchema })),
    handler: async (request) =>
      notifications.updateTemplate(tenantOf(databases, request), request.params.kind, request.body, auditContextOf(request)),
  });

  // The providers' callbacks: no user, the token and the body's signature instead (docs/notifications.md).
  await app.register(async (callbacks) => {
    // The signature is over the raw bytes: the body is kept as they came.
    callbacks.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );
    callbacks.withTypeProvider<ZodTypeProvider>().post(
      '/callbacks/:token/',
      {
        schema: {
          tags: ['notifications'],
          summary: 'A provider’s delivery report, signed: X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body> (401 otherwise)',
          params: z.object({ token: z.string().max(200) }),
          response: { 200: z.object({ updated: z.number().int() }), 401: errorSchema, 404: errorSchema },
        },
      },
      async (request) => {
        const header = request.headers['x-hub-signature-256'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return receiveCallback(
          { defaultDb: options.defaultDb, databases, sealer: options.sealer, now: options.now },
          request.params.token,
          body,
          Array.isArray(header) ? header[0] : header,
        );
      },
    );
    // WhatsApp Cloud verifies the address first: the verify token is the address's own token.
    callbacks.withTypeProvider<ZodTypeProvider>().get(
      '/callbacks/:token/',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'WhatsApp Cloud’s check of the callback address: ?hub.mode=subscribe&hub.verify_token=<the token>&hub.challenge=… answers the challenge (text/plain)',
          params: z.object({ token: z.string().max(200) }),
          querystring: z.object({
            'hub.mode': z.string().max(50).optional(),
            'hub.verify_token': z.string().max(200).optional(),
            'hub.challenge': z.string().max(200).optional(),
          }),
          produces: ['text/plain'],
          response: { 200: z.string(), 400: validationErrorSchema, 403: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const challenge = await verifyCallback({ defaultDb: options.defaultDb, databases }, request.params.token, {
          mode: request.query['hub.mode'],
          verifyToken: request.query['hub.verify_token'],
          challenge: request.query['hub.challenge'],
        });
        return reply.type('text/plain; charset=utf-8').send(challenge);
      },
    );
  });
}

/** Under `/api/services/{serviceId}/`: a customer's messages, and sending bills (a `send_bills` job). */
export async function notificationServiceRoutes(
  app: FastifyInstance,
  options: { notifications: NotificationService; jobs: JobService; messages: InvoiceMessageService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { notifications, jobs, messages } = options;

  routes.route({
    ...(await routeOf(routes, notificationEndpoints.customerMessages, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request) => {
      const { page, page_size: size } = request.query;
      const { count, results } = await notifications.customerMessages(request.scope, request.params.id, {
        limit: size,
        offset: (page - 1) * size,
      });
      const pageUrl = (to: number) => {
        const url = new URL(request.url, 'http://local');
        url.searchParams.set('page', String(to));
        return `${url.pathname}${url.search}`;
      };
      return {
        count,
        count_capped: false,
        next: page * size < count ? pageUrl(page + 1) : null,
        previous: page > 1 ? pageUrl(page - 1) : null,
        results,
      };
    },
  });

  // One address, two bodies: `{invoice_ids}` starts a `send_bills` job (202); `{invoices}` is the billing run's
  // "send all" the invoices screen still calls (200, through the reminder channel), kept until it moves.
  const sendRoute = await routeOf(routes, notificationEndpoints.sendBills, writeErrors);
  routes.route({
    ...sendRoute,
    config: {
      permission: [
        ['manage', 'invoice'],
        ['create', 'reminder'],
      ],
    },
    schema: { ...sendRoute.schema, body: z.unknown(), response: { 200: sendInvoicesResultSchema, 202: jobStartedSchema, ...writeErrors } },
    handler: async (request, reply) => {
      const context = request.scope;
      const given = request.body;
      if (typeof given === 'object' && given !== null && 'invoices' in given && !('invoice_ids' in given)) {
        const old = sendInvoicesInputSchema.safeParse(given);
        if (!old.success) throw validationErrorFrom(old.error.issues, given);
        return messages.send(context, old.data.invoices, auditContextOf(request));
      }
      const parsed = sendBillsInputSchema.safeParse(given ?? {});
      if (!parsed.success) throw validationErrorFrom(parsed.error.issues, given);
      const ids = [...new Set(parsed.data.invoice_ids)];
      const found = await findServiceInvoiceIds(context.db, context.scope, ids);
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw invalidPk('invoice_ids', missing);
      const job = await jobs.enqueue('send_bills', {
        serviceId: context.scope.serviceId,
        input: { invoice_ids: ids },
        startedBy: { actor: context.actor, audit: auditContextOf(request) },
      });
      return reply.code(202).send({ job });
    },
  });
}
