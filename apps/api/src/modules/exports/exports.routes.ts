import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rulesOf } from '@meterline/contract/endpoint';
import { ERROR_CODES, errorSchema } from '@meterline/contract/errors';
import { exportEndpoints } from '@meterline/contract/endpoints/exports';
import type { ExportInput, ExportJobResult } from '@meterline/contract/jobs';
import { can } from '@meterline/contract/permissions';
import { conflict, fieldError, forbidden, HttpError, notFound, validationErrorFrom } from '../../lib/http-errors';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import type { AnyCsvList, CsvLists } from '../../scope/csv-lists';
import { routeOf } from '../../scope/endpoint-routes';
import type { ServiceContext } from '../../scope/service-scope';
import { toJob, type JobService } from '../jobs/index';
import type { ExportFiles } from './export-files';

/** Whether the caller holds the list's own permission (`list customer`): asked at the start and again at the download. */
function mayList(context: ServiceContext, list: AnyCsvList): boolean {
  return rulesOf(list.permission).every(([action, subject]) => can(context.actor.role, action, subject));
}

/** The list's query as its route would parse it, or a 400 on `query.<field>`; an unknown ordering too. */
async function checkedQuery(context: ServiceContext, list: AnyCsvList, query: Record<string, string>): Promise<void> {
  const parsed = list.query.safeParse(query);
  if (!parsed.success) {
    throw validationErrorFrom(
      parsed.error.issues.map((issue) => ({ ...issue, path: ['query', ...issue.path] })),
      { query },
    );
  }
  try {
    // Builds the list's query (its ordering is checked there) and reads its first row: the job's first batch cannot be refused.
    await (await list.source(context, parsed.data)).fetchPage(1, 0);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400 && error.options.issues) {
      throw new HttpError(400, error.code, {
        ...error.options,
        issues: error.options.issues.map((issue) => ({ ...issue, field: `query.${issue.field}` })),
      });
    }
    throw error;
  }
}

/**
 * `/api/services/{serviceId}/exports/` (docs/billing.md, "Exports"): a list's CSV made by a job, then
 * downloaded. Each export is its starter's alone: another user's, like another tenant's, is a 404.
 * The route asks `select service` (working in a service); starting and downloading ask the list's own permission.
 */
export async function exportRoutes(app: FastifyInstance, options: { jobs: JobService; lists: CsvLists; files: ExportFiles }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { jobs, lists, files } = options;

  /** The caller's own export of this service (404 otherwise) and its list. */
  async function ownExport(context: ServiceContext, id: number) {
    const row = await jobs.ownJob(context.actor, id, 'export');
    const job = toJob(row);
    if (row.serviceId !== context.scope.serviceId) throw notFound();
    const input = (row.params as { input?: ExportInput }).input;
    const list = input ? lists.get(input.list) : undefined;
    if (!list) throw notFound();
    return { job, list };
  }

  routes.route({
    ...(await routeOf(routes, exportEndpoints.start, { ...writeErrors, 403: errorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      const body = request.body as ExportInput;
      const list = lists.get(body.list);
      if (!list) throw fieldError('list', ERROR_CODES.invalidChoice);
      if (!mayList(context, list)) throw forbidden();
      await checkedQuery(context, list, body.query);
      // Files past their retention go when a new export starts (the files' own times: the machine's clock).
      await files.removeExpired(new Date());
      const input: ExportInput = { list: list.name, query: body.query };
      const job = await jobs.enqueue('export', {
        serviceId: context.scope.serviceId,
        input,
        startedBy: { actor: context.actor, audit: auditContextOf(request) },
      });
      return reply.code(202).send({ job });
    },
  });

  routes.route({
    ...(await routeOf(routes, exportEndpoints.get, readErrors)),
    handler: async (request) => (await ownExport(request.scope, request.params.id)).job,
  });

  routes.route({
    ...(await routeOf(routes, exportEndpoints.cancel, { ...readErrors, 409: errorSchema })),
    handler: async (request) => {
      await ownExport(request.scope, request.params.id);
      return jobs.cancelOwn(request.scope.actor, request.params.id, 'export');
    },
  });

  routes.route({
    ...(await routeOf(routes, exportEndpoints.download, { ...readErrors, 409: errorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      const { job, list } = await ownExport(context, request.params.id);
      if (!mayList(context, list)) throw forbidden();
      if (job.state !== 'done') throw conflict(ERROR_CODES.jobNotDone);
      const opened = await fs.promises.open(files.fileOf(context.scope.tenantId, job.id)).catch(() => null);
      if (!opened) throw notFound();
      const { filename } = job.result as ExportJobResult;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(opened.createReadStream());
    },
  });
}
