import { crudEndpoints } from './crud';

/** `/api/services/{serviceId}/tariffs/`: list, create, one, update, delete. */
export const tariffEndpoints = crudEndpoints({
  plural: 'tariffs',
  subject: 'tariff',
  label: 'Tariff',
  deleteSummary: 'Delete a tariff (409 tariff_in_use once an invoice was priced with it)',
  schemas: async () => {
    const schemas = await import('../tariffs');
    return {
      entity: schemas.tariffSchema,
      paginated: schemas.paginatedTariffsSchema,
      query: schemas.listTariffsQuerySchema,
      create: schemas.createTariffInputSchema,
      update: schemas.updateTariffInputSchema,
    };
  },
});
