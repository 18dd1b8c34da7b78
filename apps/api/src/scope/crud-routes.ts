import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { validationErrorSchema } from '@meterline/contract/errors';
import type { ListQuery } from '@meterline/contract/pagination';
import type { Subject } from '@meterline/contract/permissions';
import { sendList, type CsvColumn, type ListSource } from '../lib/list';
import { noContent, readErrors, writeErrors } from '../lib/route-schemas';
import type { AuditContext } from '../plugins/request-context';
import { auditContextOf } from '../plugins/request-context';
import { serviceItemParamsSchema, serviceParamsSchema, type ServiceContext } from './service-scope';

/** What an entity of a service offers to its five routes. */
export interface ServiceCrud<T, Q, C, U> {
  listSource(context: ServiceContext, query: Q): Promise<ListSource<T, unknown>>;
  get(context: ServiceContext, id: number): Promise<T>;
  create(context: ServiceContext, input: C, audit: AuditContext): Promise<T>;
  update(context: ServiceContext, id: number, input: U, audit: AuditContext): Promise<T>;
  remove(context: ServiceContext, id: number, audit: AuditContext): Promise<void>;
}

/**
 * The five DRF routes of an entity under `/api/services/{serviceId}/<plural>/`, each with its
 * permission (list for reads, create/update/delete for writes) and its declared answers.
 */
export function registerServiceCrudRoutes<
  TEntity extends z.ZodType,
  TQuery extends z.ZodType<ListQuery>,
  TCreate extends z.ZodType,
  TUpdate extends z.ZodType,
>(
  app: FastifyInstance,
  options: {
    subject: Subject;
    label: string;
    plural: string;
    schemas: { entity: TEntity; paginated: z.ZodType; query: TQuery; create: TCreate; update: TUpdate };
    service: ServiceCrud<z.output<TEntity>, z.output<TQuery>, z.output<TCreate>, z.output<TUpdate>>;
    csvColumns: CsvColumn<z.output<TEntity>>[];
    deleteSummary: string;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { subject, service, label, plural } = options;
  // The routes see plain zod types: the service's signature keeps the entity types checked.
  const schemas = options.schemas as { entity: z.ZodType; paginated: z.ZodType; query: z.ZodType; create: z.ZodType; update: z.ZodType };
  const tags = [plural];

  routes.get(
    '/',
    {
      config: { permission: ['list', subject] },
      schema: {
        tags,
        summary: `${label}s of the service (paginated; ?format=csv)`,
        params: serviceParamsSchema,
        querystring: schemas.query,
        response: { 200: schemas.paginated, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      const query = request.query as z.output<TQuery>;
      return sendList(request, reply, context.db, query, await service.listSource(context, query), {
        filename: plural,
        columns: options.csvColumns,
      });
    },
  );

  routes.post(
    '/',
    {
      config: { permission: ['create', subject] },
      schema: {
        tags,
        summary: `Create a ${label.toLowerCase()}`,
        params: serviceParamsSchema,
        body: schemas.create,
        response: { 201: schemas.entity, ...writeErrors },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      return reply.code(201).send(await service.create(context, request.body as z.output<TCreate>, auditContextOf(request)));
    },
  );

  routes.get(
    '/:id/',
    {
      config: { permission: ['list', subject] },
      schema: {
        tags,
        summary: `One ${label.toLowerCase()}`,
        params: serviceItemParamsSchema,
        response: { 200: schemas.entity, ...readErrors },
      },
    },
    async (request) => {
      const context = request.scope;
      return service.get(context, request.params.id);
    },
  );

  routes.put(
    '/:id/',
    {
      config: { permission: ['update', subject] },
      schema: {
        tags,
        summary: `Partial update of a ${label.toLowerCase()}`,
        params: serviceItemParamsSchema,
        body: schemas.update,
        response: { 200: schemas.entity, ...writeErrors },
      },
    },
    async (request) => {
      const context = request.scope;
      return service.update(context, request.params.id, request.body as z.output<TUpdate>, auditContextOf(request));
    },
  );

  routes.delete(
    '/:id/',
    {
      config: { permission: ['delete', subject] },
      schema: { tags, summary: options.deleteSummary, params: serviceItemParamsSchema, response: { 204: noContent, ...writeErrors } },
    },
    async (request, reply) => {
      const context = request.scope;
      await service.remove(context, request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
}
