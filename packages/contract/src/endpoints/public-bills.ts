import { endpoint } from '../endpoint';

const tags = ['public-bills'];
const schemas = () => import('../public-bills');

/**
 * "Check my bill": the public page's data, open to anyone holding the link (no rule of the table: the
 * signed token is the permission, docs/security.md "The public bill link"), and the office's new link.
 */
export const publicBillEndpoints = {
  get: endpoint({
    method: 'GET',
    path: 'public/bills/:token/',
    permission: [],
    summary: "A customer's bill by its public link, without signing in (404 for any token that is not a current link)",
    tags,
    schemas: async () => ({ response: (await schemas()).publicBillSchema }),
  }),
  renew: endpoint({
    method: 'POST',
    path: 'services/:serviceId/customers/:id/public-link/',
    permission: ['update', 'customer'],
    summary: 'Make a new public bill link for the customer (the old one answers 404 from then on)',
    tags,
    schemas: async () => ({ response: (await schemas()).publicLinkSchema }),
  }),
};
