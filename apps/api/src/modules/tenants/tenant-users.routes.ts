import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newPasswordSchema } from '@meterline/contract/auth';
import { idParamsSchema } from '@meterline/contract/common';
import { validationErrorSchema } from '@meterline/contract/errors';
import type { Action, Subject } from '@meterline/contract/permissions';
import { tenantUserParamsSchema } from '@meterline/contract/tenants';
import {
  createUserInputSchema,
  listUsersQuerySchema,
  paginatedUsersSchema,
  updateUserInputSchema,
  userSchema,
} from '@meterline/contract/users';
import type { Db } from '../../db/client';
import { sendList } from '../../lib/list';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { actorOf, auditContextOf, requirePermission } from '../../plugins/request-context';
import { USER_CSV_COLUMNS, type UserService } from '../users/index';
import type { TenantService } from './tenants.service';

/** A client's users, for the superadmin: the user service with the path's tenant as the scope. */
export async function tenantUserRoutes(app: FastifyInstance, options: { tenants: TenantService; users: UserService; db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { tenants, users } = options;
  const tags = ['tenant users'];
  const allowed = (action: Action, subject: Subject) => ({ onRequest: [app.authenticate, requirePermission(action, subject)] });

  routes.get(
    '/:id/users/',
    {
      ...allowed('view', 'tenant_users'),
      schema: {
        tags,
        summary: "A client's users (paginated, ?format=csv)",
        params: idParamsSchema,
        querystring: listUsersQuerySchema,
        response: { 200: paginatedUsersSchema, 400: validationErrorSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      await tenants.requireExists(request.params.id);
      return sendList(request, reply, options.db, request.query, users.listSource({ tenantId: request.params.id }, request.query), {
        filename: 'client-users',
        columns: USER_CSV_COLUMNS,
      });
    },
  );

  routes.post(
    '/:id/users/',
    {
      ...allowed('create', 'tenant_users'),
      schema: {
        tags,
        summary: "Create a client's user",
        params: idParamsSchema,
        body: createUserInputSchema,
        response: { 201: userSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      await tenants.requireExists(request.params.id);
      const user = await users.create(actorOf(request), { tenantId: request.params.id }, request.body, auditContextOf(request));
      return reply.code(201).send(user);
    },
  );

  routes.get(
    '/:id/users/:userId/',
    {
      ...allowed('view', 'tenant_users'),
      schema: { tags, summary: "One of a client's users", params: tenantUserParamsSchema, response: { 200: userSchema, ...readErrors } },
    },
    async (request) => users.get({ tenantId: request.params.id }, request.params.userId),
  );

  routes.put(
    '/:id/users/:userId/',
    {
      ...allowed('update', 'tenant_users'),
      schema: {
        tags,
        summary: "Partial update of a client's user",
        params: tenantUserParamsSchema,
        body: updateUserInputSchema,
        response: { 200: userSchema, ...writeErrors },
      },
    },
    async (request) =>
      users.update(actorOf(request), { tenantId: request.params.id }, request.params.userId, request.body, auditContextOf(request)),
  );

  // A GET as the spec's client calls it; it changes the password, so: bearer token only, no-store, audited.
  routes.get(
    '/:id/users/:userId/reset-password/',
    {
      ...allowed('update', 'tenant_users'),
      schema: {
        tags,
        summary: 'A new password for a client user, shown once',
        params: tenantUserParamsSchema,
        response: { 200: newPasswordSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      const answer = await users.resetPasswordFor({ tenantId: request.params.id }, request.params.userId, auditContextOf(request));
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
