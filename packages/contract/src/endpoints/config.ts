import { endpoint } from '../endpoint';

const tags = ['config'];
const schemas = () => import('../config');
const noContent = async () => (await import('../common')).noContentSchema;

/**
 * `/api/config/`: the caller's tenant's settings (outside a service: `routeOf` gives each route
 * `app.authenticate` and its rule's hook). The update also takes a multipart form with a `logo` file:
 * the route reads it in its handler (its body is then null, hence `nullish`), and the web sends that
 * form by hand (`features/settings/api/update-config.ts`), where an endpoint's body is its schema's JSON.
 */
export const configEndpoints = {
  get: endpoint({
    method: 'GET',
    path: 'config/',
    permission: ['list', 'settings'],
    summary: "The caller's tenant's settings",
    tags,
    schemas: async () => ({ response: (await schemas()).configSchema }),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'config/:id/',
    permission: ['update', 'settings'],
    summary: 'Partial update: JSON, or multipart/form-data with a `logo` file (PNG, JPEG or WebP, 1 MB at most)',
    tags,
    schemas: async () => {
      const { configSchema, updateConfigInputSchema } = await schemas();
      // Nullish: a multipart body is read in the handler (request.body is then null).
      return { body: updateConfigInputSchema.nullish(), response: configSchema };
    },
  }),
  deleteLogo: endpoint({
    method: 'DELETE',
    path: 'config/logo/',
    permission: ['update', 'settings'],
    status: [204],
    summary: 'Remove the logo',
    tags,
    schemas: async () => ({ response: await noContent() }),
  }),
};
