import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userEndpoints } from '@meterline/contract/endpoints/users';
import { validationErrorSchema } from '@meterline/contract/errors';
import { assignableRoles, can } from '@meterline/contract/permissions';
import type { TenantRole } from '@meterline/contract/roles';
import { meSchema, roleOptionSchema, userSchema } from '@meterline/contract/users';
import type { Db } from '../../db/client';
import { sendList } from '../../lib/list';
import { authErrors, readErrors, writeErrors } from '../../lib/route-schemas';
import { loggableError } from '../../lib/loggable-error';
import {
  actorOf,
  auditContextOf,
  requestLanguage,
  requireAnyPermission,
  requirePermission,
  requireSelfOr,
  tenantActorOf,
} from '../../plugins/request-context';
import { publicRouteOf, routeOf } from '../../scope/endpoint-routes';
import { readAvatarForm } from './avatar-form';
import type { UserService } from './users.service';
import { USER_CSV_COLUMNS } from './user-csv';

const ROLE_LABELS: Record<TenantRole, string> = { admin: 'Admin', accountant: 'Accountant', support: 'Support', collector: 'Collector' };

export async function userRoutes(app: FastifyInstance, options: { users: UserService; db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { users } = options;
  const tags = ['users'];
  const signedIn = { onRequest: app.authenticate };

  routes.route({
    ...(await routeOf(routes, userEndpoints.list, { ...authErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const actor = tenantActorOf(request);
      return sendList(request, reply, options.db, request.query, users.listSource({ tenantId: actor.tenantId }, request.query), {
        filename: 'users',
        columns: USER_CSV_COLUMNS,
      });
    },
  });

  routes.route({
    ...(await routeOf(routes, userEndpoints.create, writeErrors)),
    handler: async (request, reply) => {
      const actor = tenantActorOf(request);
      const user = await users.create(actor, { tenantId: actor.tenantId }, request.body, auditContextOf(request));
      return reply.code(201).send(user);
    },
  });

  routes.get(
    '/me/',
    { ...signedIn, schema: { tags, summary: 'The signed-in user with the tenant summary', response: { 200: meSchema, ...authErrors } } },
    async (request) => users.me(actorOf(request), request.signedInRows),
  );

  routes.get(
    '/roles/',
    {
      onRequest: [app.authenticate, requireAnyPermission(['create', 'user'], ['create', 'tenant_users'])],
      schema: { tags, summary: 'Roles the caller may assign', response: { 200: z.array(roleOptionSchema), ...authErrors } },
    },
    async (request) => assignableRoles(actorOf(request).role).map((value) => ({ value, label: ROLE_LABELS[value] })),
  );

  routes.route({
    ...(await routeOf(routes, userEndpoints.setPassword, { 400: validationErrorSchema, ...authErrors })),
    handler: async (request, reply) => {
      await users.setPassword(actorOf(request), request.body.current_password, request.body.new_password, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });

  routes.route({
    ...(await publicRouteOf(routes, userEndpoints.requestPasswordReset, { 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const { sending } = await users.requestPasswordReset(request.body.email, request.ip, requestLanguage(request));
      // Answered before sending: a known and an unknown address look alike, also when mail is down.
      sending.catch((error: unknown) => request.log.error({ err: loggableError(error) }, 'password reset e-mail could not be sent'));
      return reply.code(204).send(null);
    },
  });

  routes.route({
    ...(await publicRouteOf(routes, userEndpoints.confirmPasswordReset, { 400: validationErrorSchema })),
    handler: async (request, reply) => {
      await users.confirmPasswordReset(request.body.uid, request.body.token, request.body.new_password);
      return reply.code(204).send(null);
    },
  });

  routes.route({
    ...(await routeOf(routes, userEndpoints.startOtp, authErrors)),
    handler: async (request) => users.startOtp(actorOf(request), auditContextOf(request)),
  });

  routes.route({
    ...(await routeOf(routes, userEndpoints.confirmOtp, { 400: validationErrorSchema, ...authErrors })),
    handler: async (request, reply) => {
      await users.confirmOtp(actorOf(request), request.body.code, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });

  routes.route({
    ...(await routeOf(routes, userEndpoints.disableOtp, { 400: validationErrorSchema, ...authErrors })),
    handler: async (request, reply) => {
      await users.disableOtp(actorOf(request), request.body.code, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });

  // Own picture (docs/security.md, "Uploaded pictures"): multipart with one `avatar` file, checked by content like the logo.
  routes.post(
    '/me/avatar/',
    {
      onRequest: [app.authenticate, requirePermission('update', 'profile')],
      schema: {
        tags,
        summary: 'Upload own picture: multipart/form-data with an `avatar` file (PNG, JPEG or WebP, 2 MB at most)',
        response: { 200: userSchema, 400: validationErrorSchema, ...authErrors },
      },
    },
    async (request) => users.uploadAvatar(actorOf(request), await readAvatarForm(request), auditContextOf(request)),
  );

  routes.route({
    ...(await routeOf(routes, userEndpoints.deleteAvatar, authErrors)),
    handler: async (request, reply) => {
      await users.deleteAvatar(actorOf(request), auditContextOf(request));
      return reply.code(204).send(null);
    },
  });

  routes.route({
    ...(await routeOf(routes, userEndpoints.get, readErrors, { check: requireSelfOr(null, ['list', 'user']) })),
    handler: async (request) => {
      const actor = actorOf(request);
      if (request.params.id === actor.userId) return users.getSelf(actor);
      return users.get({ tenantId: tenantActorOf(request).tenantId }, request.params.id);
    },
  });

  const ownProfile = requireSelfOr(
    [
      ['update', 'user'],
      ['update', 'profile'],
    ],
    ['update', 'user'],
  );
  routes.route({
    ...(await routeOf(routes, userEndpoints.update, writeErrors, { check: ownProfile })),
    handler: async (request) => {
      const actor = actorOf(request);
      const isSelf = request.params.id === actor.userId;
      if (isSelf && !can(actor.role, 'update', 'user')) return users.updateProfile(actor, request.body, auditContextOf(request));
      const tenantActor = tenantActorOf(request);
      return users.update(actor, { tenantId: tenantActor.tenantId }, request.params.id, request.body, auditContextOf(request));
    },
  });

  routes.route({
    ...(await routeOf(routes, userEndpoints.deactivate, writeErrors)),
    handler: async (request, reply) => {
      const actor = tenantActorOf(request);
      await users.deactivate(actor, { tenantId: actor.tenantId }, request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });

  routes.route({
    ...(await routeOf(routes, userEndpoints.resetPassword, readErrors)),
    handler: async (request) => {
      const actor = tenantActorOf(request);
      return users.resetPasswordFor({ tenantId: actor.tenantId }, request.params.id, auditContextOf(request));
    },
  });
}
