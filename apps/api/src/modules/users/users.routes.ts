import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  newPasswordSchema,
  otpCodeInputSchema,
  otpSetupSchema,
  resetPasswordConfirmInputSchema,
  resetPasswordInputSchema,
  setPasswordInputSchema,
} from '@meterline/contract/auth';
import { idParamsSchema } from '@meterline/contract/common';
import { validationErrorSchema } from '@meterline/contract/errors';
import { assignableRoles, can } from '@meterline/contract/permissions';
import type { TenantRole } from '@meterline/contract/roles';
import {
  createUserInputSchema,
  listUsersQuerySchema,
  meSchema,
  paginatedUsersSchema,
  roleOptionSchema,
  updateUserInputSchema,
  userSchema,
} from '@meterline/contract/users';
import type { Db } from '../../db/client';
import { sendList } from '../../lib/list';
import { authErrors, noContent, readErrors, writeErrors } from '../../lib/route-schemas';
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
import { readAvatarForm } from './avatar-form';
import type { UserService } from './users.service';
import { USER_CSV_COLUMNS } from './user-csv';

const ROLE_LABELS: Record<TenantRole, string> = { admin: 'Admin', accountant: 'Accountant', support: 'Support', collector: 'Collector' };

export async function userRoutes(app: FastifyInstance, options: { users: UserService; db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { users } = options;
  const tags = ['users'];
  const signedIn = { onRequest: app.authenticate };

  routes.get(
    '/',
    {
      onRequest: [app.authenticate, requirePermission('list', 'user')],
      schema: {
        tags,
        summary: "The caller's tenant's users",
        querystring: listUsersQuerySchema,
        response: { 200: paginatedUsersSchema, ...authErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = tenantActorOf(request);
      return sendList(request, reply, options.db, request.query, users.listSource({ tenantId: actor.tenantId }, request.query), {
        filename: 'users',
        columns: USER_CSV_COLUMNS,
      });
    },
  );

  routes.post(
    '/',
    {
      onRequest: [app.authenticate, requirePermission('create', 'user')],
      schema: { tags, summary: 'Create a staff member', body: createUserInputSchema, response: { 201: userSchema, ...writeErrors } },
    },
    async (request, reply) => {
      const actor = tenantActorOf(request);
      const user = await users.create(actor, { tenantId: actor.tenantId }, request.body, auditContextOf(request));
      return reply.code(201).send(user);
    },
  );

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

  routes.post(
    '/set_password/',
    {
      onRequest: [app.authenticate, requirePermission('update', 'profile')],
      schema: {
        tags,
        summary: 'Change own password',
        body: setPasswordInputSchema,
        response: { 204: noContent, 400: validationErrorSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      await users.setPassword(actorOf(request), request.body.current_password, request.body.new_password, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/reset_password/',
    {
      schema: {
        tags,
        summary: 'Email a reset link (always 204)',
        body: resetPasswordInputSchema,
        response: { 204: noContent, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { sending } = await users.requestPasswordReset(request.body.email, request.ip, requestLanguage(request));
      // Answered before sending: a known and an unknown address look alike, also when mail is down.
      sending.catch((error: unknown) => request.log.error({ err: loggableError(error) }, 'password reset e-mail could not be sent'));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/reset_password_confirm/',
    {
      schema: {
        tags,
        summary: 'Set a new password from an emailed link',
        body: resetPasswordConfirmInputSchema,
        response: { 204: noContent, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      await users.confirmPasswordReset(request.body.uid, request.body.token, request.body.new_password);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/me/otp/',
    {
      onRequest: [app.authenticate, requirePermission('update', 'profile')],
      schema: { tags, summary: 'Start one-time codes: a new secret and its otpauth URI', response: { 200: otpSetupSchema, ...authErrors } },
    },
    async (request) => users.startOtp(actorOf(request), auditContextOf(request)),
  );

  routes.post(
    '/me/otp/confirm/',
    {
      onRequest: [app.authenticate, requirePermission('update', 'profile')],
      schema: {
        tags,
        summary: 'Turn one-time codes on with a first code',
        body: otpCodeInputSchema,
        response: { 204: noContent, 400: validationErrorSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      await users.confirmOtp(actorOf(request), request.body.code, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  routes.delete(
    '/me/otp/',
    {
      onRequest: [app.authenticate, requirePermission('update', 'profile')],
      schema: {
        tags,
        summary: 'Turn one-time codes off with a current code',
        body: otpCodeInputSchema,
        response: { 204: noContent, 400: validationErrorSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      await users.disableOtp(actorOf(request), request.body.code, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

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

  routes.delete(
    '/me/avatar/',
    {
      onRequest: [app.authenticate, requirePermission('update', 'profile')],
      schema: { tags, summary: 'Remove own picture', response: { 204: noContent, ...authErrors } },
    },
    async (request, reply) => {
      await users.deleteAvatar(actorOf(request), auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/:id/',
    {
      onRequest: [app.authenticate, requireSelfOr(null, ['list', 'user'])],
      schema: {
        tags,
        summary: 'One user (own id: any signed-in user)',
        params: idParamsSchema,
        response: { 200: userSchema, ...readErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (request.params.id === actor.userId) return users.getSelf(actor);
      return users.get({ tenantId: tenantActorOf(request).tenantId }, request.params.id);
    },
  );

  routes.put(
    '/:id/',
    {
      onRequest: [
        app.authenticate,
        requireSelfOr(
          [
            ['update', 'user'],
            ['update', 'profile'],
          ],
          ['update', 'user'],
        ),
      ],
      schema: {
        tags,
        summary: 'Partial update (own profile fields: update profile)',
        params: idParamsSchema,
        body: updateUserInputSchema,
        response: { 200: userSchema, ...writeErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const isSelf = request.params.id === actor.userId;
      if (isSelf && !can(actor.role, 'update', 'user')) return users.updateProfile(actor, request.body, auditContextOf(request));
      const tenantActor = tenantActorOf(request);
      return users.update(actor, { tenantId: tenantActor.tenantId }, request.params.id, request.body, auditContextOf(request));
    },
  );

  routes.delete(
    '/:id/',
    {
      onRequest: [app.authenticate, requirePermission('delete', 'user')],
      schema: { tags, summary: 'Deactivate a staff member', params: idParamsSchema, response: { 204: noContent, ...writeErrors } },
    },
    async (request, reply) => {
      const actor = tenantActorOf(request);
      await users.deactivate(actor, { tenantId: actor.tenantId }, request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/:id/reset_password/',
    {
      onRequest: [app.authenticate, requirePermission('update', 'user')],
      schema: {
        tags,
        summary: 'A new password for a staff member, shown once',
        params: idParamsSchema,
        response: { 200: newPasswordSchema, ...readErrors },
      },
    },
    async (request) => {
      const actor = tenantActorOf(request);
      return users.resetPasswordFor({ tenantId: actor.tenantId }, request.params.id, auditContextOf(request));
    },
  );
}
