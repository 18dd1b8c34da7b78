import { crudEndpoints } from './crud';

/** `/api/services/{serviceId}/customers/`: list, create, one, update, delete. */
export const customerEndpoints = crudEndpoints({
  plural: 'customers',
  subject: 'customer',
  label: 'Customer',
  deleteSummary: 'Delete a customer (409 protected once invoices, payments or readings refer to it)',
  schemas: async () => {
    const schemas = await import('../customers');
    return {
      entity: schemas.customerSchema,
      paginated: schemas.paginatedCustomersSchema,
      query: schemas.listCustomersQuerySchema,
      create: schemas.createCustomerInputSchema,
      update: schemas.updateCustomerInputSchema,
    };
  },
});
