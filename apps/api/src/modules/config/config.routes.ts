import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateConfigInputSchema } from '@meterline/contract/config';
import { configEndpoints } from '@meterline/contract/endpoints/config';
import { badRequest, type FieldIssue, validationErrorFrom } from '../../lib/http-errors';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, tenantActorOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
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

/** `/api/config/`: the tenant's settings (`configEndpoints` in the contract; the update also takes a multipart form). */
export async function configRoutes(app: FastifyInstance, options: { config: ConfigService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = options;
  routes.route({
    ...(await routeOf(routes, configEndpoints.get, readErrors)),
    handler: async (request) => config.get(tenantActorOf(request)),
  });

  routes.route({
    ...(await routeOf(routes, configEndpoints.update, writeErrors)),
    handler: async (request) => {
      const actor = tenantActorOf(request);
      const { input, logo } = request.isMultipart() ? await parseConfigForm(request) : { input: request.body ?? {}, logo: null };
      return config.update(actor, request.params.id, input, logo, auditContextOf(request));
    },
  });

  routes.route({
    ...(await routeOf(routes, configEndpoints.deleteLogo, readErrors)),
    handler: async (request, reply) => {
      await config.deleteLogo(tenantActorOf(request), auditContextOf(request));
      return reply.code(204).send(null);
    },
  });
}
