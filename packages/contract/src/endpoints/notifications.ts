import { endpoint } from '../endpoint';

const tags = ['notifications'];
const schemas = () => import('../notifications');

/** Reaching the household (docs/notifications.md): channels, templates, a customer's messages, sending bills. */
export const notificationEndpoints = {
  channels: endpoint({
    method: 'GET',
    path: 'notifications/channels/',
    permission: ['update', 'settings'],
    summary: 'The three channels (email, whatsapp, sms) and their settings; credentials never answered',
    tags,
    schemas: async () => ({ response: (await schemas()).channelSettingsListSchema }),
  }),
  updateChannel: endpoint({
    method: 'PUT',
    path: 'notifications/channels/:channel/',
    permission: ['update', 'settings'],
    summary: "Save a channel's settings (credentials omitted: kept; '': cleared)",
    tags,
    schemas: async () => {
      const { updateChannelSettingsInputSchema, channelSettingsSchema } = await schemas();
      return { body: updateChannelSettingsInputSchema, response: channelSettingsSchema };
    },
  }),
  testChannel: endpoint({
    method: 'POST',
    path: 'notifications/channels/:channel/test/',
    permission: ['update', 'settings'],
    status: [201],
    summary: 'Send one test message now through the channel (test mode: to the outbox folder)',
    tags,
    schemas: async () => {
      const { sendTestMessageInputSchema, testMessageSentSchema } = await schemas();
      return { body: sendTestMessageInputSchema, response: testMessageSentSchema };
    },
  }),
  templates: endpoint({
    method: 'GET',
    path: 'notifications/templates/',
    permission: ['update', 'settings'],
    summary: "The message templates in both languages ('' text: the built-in default)",
    tags,
    schemas: async () => ({ response: (await schemas()).templateListSchema }),
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: 'notifications/templates/:kind/',
    permission: ['update', 'settings'],
    summary: 'Save a template (an unknown placeholder is a 400)',
    tags,
    schemas: async () => {
      const { updateTemplateInputSchema, templateSchema } = await schemas();
      return { body: updateTemplateInputSchema, response: templateSchema };
    },
  }),
  customerMessages: endpoint({
    method: 'GET',
    path: 'services/:serviceId/customers/:id/messages/',
    permission: ['list', 'customer'],
    summary: "A customer's messages, newest first (paginated)",
    tags,
    schemas: async () => {
      const { listMessagesQuerySchema, paginatedMessagesSchema } = await schemas();
      return { query: listMessagesQuerySchema, response: paginatedMessagesSchema };
    },
  }),
  sendBills: endpoint({
    method: 'POST',
    path: 'services/:serviceId/invoices/send/',
    // Who runs billing runs (`manage invoice`, which holds `create invoice`) and writes to customers (`create reminder`):
    // not the support desk nor collectors.
    permission: [
      ['manage', 'invoice'],
      ['create', 'reminder'],
    ],
    status: [202],
    summary: 'Send invoices to their customers (a send_bills job; an invoice already sent is skipped)',
    tags,
    schemas: async () => {
      const { sendBillsInputSchema } = await schemas();
      const { jobStartedSchema } = await import('../jobs');
      return { body: sendBillsInputSchema, response: jobStartedSchema };
    },
  }),
};
