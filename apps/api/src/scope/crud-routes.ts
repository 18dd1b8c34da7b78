import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint } from '@meterline/contract/endpoint';
import type { CrudSchemas, crudEndpoints } from '@meterline/contract/endpoints/crud';
import { validationErrorSchema } from '@meterline/contract/errors';
import type { ExportListName } from '@meterline/contract/export-lists';
import type { ListQuery } from '@meterline/contract/pagination';
import { sendList, type CsvColumn, type ListSource } from '../lib/list';
import { readErrors, writeErrors } from '../lib/route-schemas';
import type { AuditContext } from '../plugins/request-context';
import { auditContextOf } from '../plugins/request-context';
import { routeOf } from './endpoint-routes';
import type { CsvLists } from './csv-lists';
import type { serviceItemParamsSchema, ServiceContext } from './service-scope';

/** What an entity of a service offers to its five routes. */
export interface ServiceCrud<T, Q, C, U> {
  listSource(context: ServiceContext, query: Q): Promise<ListSource<T, unknown>>;
  get(context: ServiceContext, id: number): Promise<T>;
  create(context: ServiceContext, input: C, audit: AuditContext): Promise<T>;
  update(context: ServiceContext, id: number, input: U, audit: AuditContext): Promise<T>;
  remove(context: ServiceContext, id: number, audit: AuditContext): Promise<void>;
}

type CrudEndpoints = ReturnType<typeof crudEndpoints>;
/** The record's id of a call on one record (`/:id/`). */
const idOf = (request: { params: unknown }) => (request.params as z.output<typeof serviceItemParamsSchema>).id;

/**
 * The five routes of an entity from its endpoints in the contract (`crudEndpoints`, list, create,
 * one, update, delete under `/api/services/{serviceId}/<plural>/`) with their declared answers.
 */
export async function registerServiceCrudRoutes<Schemas extends CrudSchemas & { query: z.ZodType<ListQuery> }>(
  app: FastifyInstance,
  options: {
    endpoints: { [Call in Exclude<keyof CrudEndpoints, 'schemas'>]: Endpoint } & { schemas: () => Promise<Schemas> };
    service: ServiceCrud<z.output<Schemas['entity']>, z.output<Schemas['query']>, z.output<Schemas['create']>, z.output<Schemas['update']>>;
    csvColumns: CsvColumn<z.output<Schemas['entity']>>[];
    /** The list is registered under this name for its export job (docs/billing.md, "Exports"). */
    csvList: { name: ExportListName; lists: CsvLists };
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { endpoints, service } = options;
  const plural = endpoints.list.tags[0] ?? 'list';

  const list = options.csvList.lists.add({
    name: options.csvList.name,
    permission: endpoints.list.permission,
    query: (await endpoints.schemas()).query as z.ZodType<z.output<Schemas['query']>>,
    source: (context, query) => service.listSource(context, query),
    csv: { filename: plural, columns: options.csvColumns },
  });
  routes.route({
    ...(await routeOf(routes, endpoints.list, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      const query = request.query as z.output<Schemas['query']>;
      return sendList(request, reply, context.db, query, await list.source(context, query), list.csv);
    },
  });

  routes.route({
    ...(await routeOf(routes, endpoints.create, writeErrors)),
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(request.scope, request.body as z.output<Schemas['create']>, auditContextOf(request))),
  });

  routes.route({
    ...(await routeOf(routes, endpoints.get, readErrors)),
    handler: async (request) => service.get(request.scope, idOf(request)),
  });

  routes.route({
    ...(await routeOf(routes, endpoints.update, writeErrors)),
    handler: async (request) =>
      service.update(request.scope, idOf(request), request.body as z.output<Schemas['update']>, auditContextOf(request)),
  });

  routes.route({
    ...(await routeOf(routes, endpoints.remove, writeErrors)),
    handler: async (request, reply) => {
      await service.remove(request.scope, idOf(request), auditContextOf(request));
      return reply.code(204).send(null);
    },
  });
}
