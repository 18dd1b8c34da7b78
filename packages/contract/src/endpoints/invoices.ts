import { endpoint } from '../endpoint';

const tags = ['invoices'];
const schemas = () => import('../invoices');
const accountSchemas = () => import('../account');

/**
 * `/api/services/{serviceId}/invoices/`: list, create, one, cancel, and an invoice's credit notes.
 * The billing run (`generate/`: a 200 report with `?dry_run=true`, else a 202 job) and the printed
 * invoices (`print/`, `{id}/pdf/`: PDF or HTML) stay routes of their own (`invoices.routes.ts`).
 */
export const invoiceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'services/:serviceId/invoices/',
    permission: ['list', 'invoice'],
    summary: 'Invoices of the service (?status=overdue too; paginated; ?format=csv)',
    tags,
    schemas: async () => {
      const { listInvoicesQuerySchema, paginatedInvoicesSchema } = await schemas();
      return { query: listInvoicesQuerySchema, response: paginatedInvoicesSchema };
    },
  }),
  create: endpoint({
    method: 'POST',
    path: 'services/:serviceId/invoices/',
    permission: ['create', 'invoice'],
    status: [201],
    summary:
      'Create an invoice from a meter {subscription, period_start, period_end} or with lines {customer, period_start, period_end, lines, notes}',
    tags,
    schemas: async () => {
      const { createInvoiceInputSchema, invoiceDetailSchema } = await schemas();
      return { body: createInvoiceInputSchema, response: invoiceDetailSchema };
    },
  }),
  one: endpoint({
    method: 'GET',
    path: 'services/:serviceId/invoices/:id/',
    permission: ['view', 'invoice'],
    summary: 'One invoice with its lines, readings and payments',
    tags,
    schemas: async () => ({ response: (await schemas()).invoiceDetailSchema }),
  }),
  cancel: endpoint({
    method: 'POST',
    path: 'services/:serviceId/invoices/:id/cancel/',
    permission: ['cancel', 'invoice'],
    summary: 'Cancel an invoice while nothing is paid (the number is kept, the period freed)',
    tags,
    schemas: async () => {
      const { cancelInvoiceInputSchema, invoiceDetailSchema } = await schemas();
      return { body: cancelInvoiceInputSchema, response: invoiceDetailSchema };
    },
  }),
  creditNotes: endpoint({
    method: 'GET',
    path: 'services/:serviceId/invoices/:id/credit-notes/',
    permission: ['list', 'invoice'],
    summary: 'The credit notes of an invoice',
    tags,
    schemas: async () => ({ response: (await accountSchemas()).creditNoteListSchema }),
  }),
  createCreditNote: endpoint({
    method: 'POST',
    path: 'services/:serviceId/invoices/:id/credit-notes/',
    permission: ['create', 'credit_note'],
    status: [201],
    summary: "Credit an invoice (lines or an amount, and a reason): lowers its balance, or becomes the customer's credit when it was paid",
    tags,
    schemas: async () => {
      const { createCreditNoteInputSchema, creditNoteSchema } = await accountSchemas();
      return { body: createCreditNoteInputSchema, response: creditNoteSchema };
    },
  }),
  creditNote: endpoint({
    method: 'GET',
    path: 'services/:serviceId/credit-notes/:id/',
    permission: ['list', 'invoice'],
    summary: 'One credit note',
    tags,
    schemas: async () => ({ response: (await accountSchemas()).creditNoteSchema }),
  }),
};
