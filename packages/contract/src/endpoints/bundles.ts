import { crudEndpoints } from './crud';

/** `/api/services/{serviceId}/bundles/`: list, create, one, update, delete. */
export const bundleEndpoints = crudEndpoints({
  plural: 'bundles',
  subject: 'bundle',
  label: 'Bundle',
  deleteSummary: 'Delete a bundle (409 protected while a subscription uses it)',
  schemas: async () => {
    const schemas = await import('../bundles');
    return {
      entity: schemas.bundleSchema,
      paginated: schemas.paginatedBundlesSchema,
      query: schemas.listBundlesQuerySchema,
      create: schemas.createBundleInputSchema,
      update: schemas.updateBundleInputSchema,
    };
  },
});
