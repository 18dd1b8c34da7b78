import { endpoint } from '../endpoint';

const tags = ['statistics'];
const schemas = () => import('../statistics');

/**
 * `/api/statistics/stats1/` … `stats4/`: the dashboard's figures (`view dashboard`;
 * ?service=&date_from=&date_to=), docs/money-and-numbering.md. Outside a service's scope.
 */
export const statisticsEndpoints = {
  kpiSummary: endpoint({
    method: 'GET',
    path: 'statistics/stats1/',
    permission: ['view', 'dashboard'],
    summary: 'KPI cards',
    tags,
    schemas: async () => {
      const { kpiSummarySchema, statisticsQuerySchema } = await schemas();
      return { query: statisticsQuerySchema, response: kpiSummarySchema };
    },
  }),
  monthlyTotals: endpoint({
    method: 'GET',
    path: 'statistics/stats2/',
    permission: ['view', 'dashboard'],
    summary: 'Invoiced vs collected per month, 12 months',
    tags,
    schemas: async () => {
      const { monthlyTotalsSchema, statisticsQuerySchema } = await schemas();
      return { query: statisticsQuerySchema, response: monthlyTotalsSchema };
    },
  }),
  invoicesByStatus: endpoint({
    method: 'GET',
    path: 'statistics/stats3/',
    permission: ['view', 'dashboard'],
    summary: 'Invoices by status (overdue apart)',
    tags,
    schemas: async () => {
      const { invoicesByStatusSchema, statisticsQuerySchema } = await schemas();
      return { query: statisticsQuerySchema, response: invoicesByStatusSchema };
    },
  }),
  collectionsByStaff: endpoint({
    method: 'GET',
    path: 'statistics/stats4/',
    permission: ['view', 'dashboard'],
    summary: 'Collections per receiving staff member',
    tags,
    schemas: async () => {
      const { collectionsByStaffSchema, statisticsQuerySchema } = await schemas();
      return { query: statisticsQuerySchema, response: collectionsByStaffSchema };
    },
  }),
};
