import { endpoint } from '../endpoint';

const tags = ['addresses'];
const schemas = () => import('../addresses');
const noContent = async () => (await import('../common')).noContentSchema;
const settings = ['update', 'settings'] as const;

/**
 * `/api/regions/`, `…/{regionId}/streets/`, `…/streets/{streetId}/buildings/`: the tenant's addresses,
 * written with `update settings` (outside a service: `routeOf` gives each route `app.authenticate` and
 * the rule's hook). Still by hand: the three lists, read by any tenant user (no rule of the table,
 * like `auth/users/me/`), so neither the routes nor the web's `shared/api/get-regions.ts`,
 * `get-streets.ts`, `get-buildings.ts` are endpoints.
 */
export const addressEndpoints = {
  createRegion: endpoint({
    method: 'POST',
    path: 'regions/',
    permission: settings,
    status: [201],
    summary: 'Create a region',
    tags,
    schemas: async () => {
      const { createAddressInputSchema, regionSchema } = await schemas();
      return { body: createAddressInputSchema, response: regionSchema };
    },
  }),
  renameRegion: endpoint({
    method: 'PUT',
    path: 'regions/:id/',
    permission: settings,
    summary: 'Rename a region',
    tags,
    schemas: async () => {
      const { updateAddressInputSchema, regionSchema } = await schemas();
      return { body: updateAddressInputSchema, response: regionSchema };
    },
  }),
  deleteRegion: endpoint({
    method: 'DELETE',
    path: 'regions/:id/',
    permission: settings,
    status: [204],
    summary: 'Delete an unused region (409 protected otherwise)',
    tags,
    schemas: async () => ({ response: await noContent() }),
  }),
  createStreet: endpoint({
    method: 'POST',
    path: 'regions/:regionId/streets/',
    permission: settings,
    status: [201],
    summary: 'Create a street',
    tags,
    schemas: async () => {
      const { createAddressInputSchema, streetSchema } = await schemas();
      return { body: createAddressInputSchema, response: streetSchema };
    },
  }),
  renameStreet: endpoint({
    method: 'PUT',
    path: 'regions/:regionId/streets/:id/',
    permission: settings,
    summary: 'Rename a street',
    tags,
    schemas: async () => {
      const { updateAddressInputSchema, streetSchema } = await schemas();
      return { body: updateAddressInputSchema, response: streetSchema };
    },
  }),
  deleteStreet: endpoint({
    method: 'DELETE',
    path: 'regions/:regionId/streets/:id/',
    permission: settings,
    status: [204],
    summary: 'Delete an unused street (409 protected otherwise)',
    tags,
    schemas: async () => ({ response: await noContent() }),
  }),
  createBuilding: endpoint({
    method: 'POST',
    path: 'regions/:regionId/streets/:streetId/buildings/',
    permission: settings,
    status: [201],
    summary: 'Create a building',
    tags,
    schemas: async () => {
      const { createAddressInputSchema, buildingSchema } = await schemas();
      return { body: createAddressInputSchema, response: buildingSchema };
    },
  }),
  renameBuilding: endpoint({
    method: 'PUT',
    path: 'regions/:regionId/streets/:streetId/buildings/:id/',
    permission: settings,
    summary: 'Rename a building',
    tags,
    schemas: async () => {
      const { updateAddressInputSchema, buildingSchema } = await schemas();
      return { body: updateAddressInputSchema, response: buildingSchema };
    },
  }),
  deleteBuilding: endpoint({
    method: 'DELETE',
    path: 'regions/:regionId/streets/:streetId/buildings/:id/',
    permission: settings,
    status: [204],
    summary: 'Delete an unused building (409 protected otherwise)',
    tags,
    schemas: async () => ({ response: await noContent() }),
  }),
};
