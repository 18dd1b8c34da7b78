import { endpoint } from '../endpoint';

const tags = ['exports'];
const schemas = () => import('../jobs');

/**
 * `/api/services/{serviceId}/exports/` (docs/billing.md, "Exports"): a list's CSV made by a job, then
 * downloaded; each export is its starter's alone. The route asks `select service` (working in a
 * service); starting and downloading also ask the list's own permission (`list customer`, ...).
 */
export const exportEndpoints = {
  start: endpoint({
    method: 'POST',
    path: 'services/:serviceId/exports/',
    permission: ['select', 'service'],
    status: [202],
    summary: "Start a list's CSV export as a job: {list, query} (the list's filters and ordering, as strings); 202 {job}",
    tags,
    schemas: async () => {
      const { exportInputSchema, jobStartedSchema } = await schemas();
      return { body: exportInputSchema, response: jobStartedSchema };
    },
  }),
  get: endpoint({
    method: 'GET',
    path: 'services/:serviceId/exports/:id/',
    permission: ['select', 'service'],
    summary: 'One of my exports: its state, progress and, once done, {rows, filename}',
    tags,
    schemas: async () => ({ response: (await schemas()).jobSchema }),
  }),
  cancel: endpoint({
    method: 'POST',
    path: 'services/:serviceId/exports/:id/cancel/',
    permission: ['select', 'service'],
    summary: 'Cancel one of my exports (409 job_not_active once finished)',
    tags,
    schemas: async () => ({ response: (await schemas()).jobSchema }),
  }),
  download: endpoint({
    method: 'GET',
    path: 'services/:serviceId/exports/:id/download/',
    permission: ['select', 'service'],
    summary: "The CSV of one of my done exports (UTF-8 with a BOM), while I still hold the list's permission (409 job_not_done before)",
    tags,
    schemas: async () => ({ response: (await schemas()).exportFileSchema }),
  }),
};
