import { endpoint } from '../endpoint';

/** `/api/audit/`: who changed what (a tenant's history, or the platform's for the superadmin). */
export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'audit/',
    permission: ['list', 'audit'],
    summary: 'The history of changes (paginated; ?format=csv)',
    tags: ['audit'],
    schemas: async () => {
      const { listAuditQuerySchema, paginatedAuditSchema } = await import('../audit');
      return { query: listAuditQuerySchema, response: paginatedAuditSchema };
    },
  }),
};
