import { endpoint } from '../endpoint';

const tags = ['services'];
const schemas = () => import('../services');
const noContent = async () => (await import('../common')).noContentSchema;

/**
 * `/api/services/` (docs/tenants-and-settings.md): the selector's plain array (`select service`) and
 * the Services screen (admins write, accountants read). Outside a service's scope: `routeOf` gives
 * each route `app.authenticate` and its rule's hook. A change is partial under both methods: PATCH
 * (the Services screen and the settings' limits call it) and PUT (as the settings screen once did;
 * its audit row says `settings`).
 */
export const serviceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'services/',
    permission: ['select', 'service'],
    summary: "The caller's tenant's active services in their order; ?include_inactive=true (list service) adds the disabled ones",
    tags,
    schemas: async () => {
      const { listServicesQuerySchema, serviceSchema } = await schemas();
      return { query: listServicesQuerySchema, response: serviceSchema.array() };
    },
  }),
  create: endpoint({
    method: 'POST',
    path: 'services/',
    permission: ['create', 'service'],
    status: [201],
    summary: 'A new service, placed last',
    tags,
    schemas: async () => {
      const { createServiceInputSchema, serviceSchema } = await schemas();
      return { body: createServiceInputSchema, response: serviceSchema };
    },
  }),
  reorder: endpoint({
    method: 'POST',
    path: 'services/reorder/',
    permission: ['update', 'service'],
    summary: 'The new order: every service of the tenant (disabled ones too) once each; answers them all in that order',
    tags,
    schemas: async () => {
      const { reorderServicesInputSchema, serviceSchema } = await schemas();
      return { body: reorderServicesInputSchema, response: serviceSchema.array() };
    },
  }),
  get: endpoint({
    method: 'GET',
    path: 'services/:id/',
    permission: ['list', 'service'],
    summary: 'One service, active or disabled',
    tags,
    schemas: async () => ({ response: (await schemas()).serviceSchema }),
  }),
  /** PUT: the same partial change as `update`, audited as the settings screen's. */
  updateSettings: endpoint({
    method: 'PUT',
    path: 'services/:id/',
    permission: ['update', 'service'],
    summary: "A service's settings, partial (the settings screen's daily consumption limit; the Services screen's fields too)",
    tags,
    schemas: async () => {
      const { serviceSchema, updateServiceInputSchema } = await schemas();
      return { body: updateServiceInputSchema, response: serviceSchema };
    },
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'services/:id/',
    permission: ['update', 'service'],
    summary: 'Rename, set the unit and metered, disable or enable a service (partial)',
    tags,
    schemas: async () => {
      const { serviceSchema, updateServiceInputSchema } = await schemas();
      return { body: updateServiceInputSchema, response: serviceSchema };
    },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: 'services/:id/',
    permission: ['delete', 'service'],
    status: [204],
    summary:
      'Delete a service that holds nothing (409 protected once it has customers, bundles, stations, tariffs or money: disable it instead)',
    tags,
    schemas: async () => ({ response: await noContent() }),
  }),
};
