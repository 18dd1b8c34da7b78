import { endpoint } from '../endpoint';
import { roleJobKindPermissions } from '../job-states';

const tags = ['jobs'];
const schemas = () => import('../jobs');

/**
 * Any one of these rules is enough (the rules that start each kind seen by role: whoever may start a
 * kind sees its jobs): the routes check them with `requireAnyPermission` as `routeOf`'s `check`,
 * which names the same rules (docs/api.md, "Endpoints").
 */
const anyJobKind = roleJobKindPermissions();

/**
 * `/api/jobs/` (docs/billing.md, "Jobs"): the tenant's background jobs of the kinds the caller may
 * start. Outside a service's scope. The done statements' document (`jobs/{id}/file/`, a PDF or a
 * printable page) is a route of its own.
 */
export const jobEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'jobs/',
    permission: anyJobKind,
    summary: "The tenant's jobs of the kinds the caller may start, newest first (paginated)",
    tags,
    schemas: async () => {
      const { listJobsQuerySchema, paginatedJobsSchema } = await schemas();
      return { query: listJobsQuerySchema, response: paginatedJobsSchema };
    },
  }),
  get: endpoint({
    method: 'GET',
    path: 'jobs/:id/',
    permission: anyJobKind,
    summary: 'One job: its state, progress ({done, total}) and, once done, its result',
    tags,
    schemas: async () => ({ response: (await schemas()).jobSchema }),
  }),
  cancel: endpoint({
    method: 'POST',
    path: 'jobs/:id/cancel/',
    permission: anyJobKind,
    summary: 'Cancel a queued or running job: it stops at its next batch (what it did stays done)',
    tags,
    schemas: async () => ({ response: (await schemas()).jobSchema }),
  }),
};
