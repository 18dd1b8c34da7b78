import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@meterline/contract/common';
import { configSchema, updateConfigInputSchema } from '@meterline/contract/config';
import type { Action, Subject } from '@meterline/contract/permissions';
import { badRequest, type FieldIssue, validationErrorFrom } from '../../lib/http-errors';
import { noContent, readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, requirePermission, tenantActorOf } from '../../plugins/request-context';
import { readConfigForm } from './config-form';
import type { ConfigService, LogoFile } from './config.service';

/** A multipart form validated with the same schema as JSON, logo and field messages in one 400. */
async function parseConfigForm(request: FastifyRequest) {
  const form = await readConfigForm(request);
  const parsed = updateConfigInputSchema.safeParse(form.fields);
  const issues: FieldIssue[] = parsed.success ? [] : (validationErrorFrom(parsed.error.issues, form.fields).options.issues ?? []);
  issues.push(...form.logoErrors.map((code) => ({ field: 'logo', code })));
  if (!parsed.success || issues.length) throw badRequest(issues);
  return { input: parsed.data, logo: form.logo satisfies LogoFile | null };
}

export async function configRoutes(app: FastifyInstance, options: { config: ConfigService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = options;
  const tags = ['config'];
  const allowed = (action: Action, subject: Subject) => ({ onRequest: [app.authenticate, requirePermission(action, subject)] });

  routes.get(
    '/',
    {
      ...allowed('list', 'settings'),
      schema: { tags, summary: "The caller's tenant's settings", response: { 200: configSchema, ...readErrors } },
    },
    async (request) => config.get(tenantActorOf(request)),
  );

  routes.put(
    '/:id/',
    {
      ...allowed('update', 'settings'),
      schema: {
        tags,
        summary: 'Partial update: JSON, or multipart/form-data with a `logo` file (PNG, JPEG or WebP, 1 MB at most)',
        params: idParamsSchema,
        // Nullish: a multipart body is read in the handler (request.body is then null).
        body: updateConfigInputSchema.nullish(),
        response: { 200: configSchema, ...writeErrors },
      },
    },
    async (request) => {
      const actor = tenantActorOf(request);
      const { input, logo } = request.isMultipart() ? await parseConfigForm(request) : { input: request.body ?? {}, logo: null };
      return config.update(actor, request.params.id, input, logo, auditContextOf(request));
    },
  );

  routes.delete(
    '/logo/',
    { ...allowed('update', 'settings'), schema: { tags, summary: 'Remove the logo', response: { 204: noContent, ...readErrors } } },
    async (request, reply) => {
      await config.deleteLogo(tenantActorOf(request), auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
}
