import { randomUUID } from 'node:crypto';
import { countIn } from '@meterline/contract/display-format';
import { ERROR_CODES } from '@meterline/contract/errors';
import {
  CHANNEL_PROVIDERS,
  NOTIFICATION_CHANNELS,
  TEMPLATE_KINDS,
  type ChannelSettings,
  type CustomerLanguage,
  type NotificationChannel as ChannelName,
  type NotificationMessage,
  type Template,
  type TemplateKind,
  type UpdateChannelSettingsInput,
  type UpdateTemplateInput,
} from '@meterline/contract/notifications';
import type { Db, Executor } from '../../db/client';
import { dateText, documentLocale } from '../../lib/document-format';
import { badRequest, fieldError, notFound, type FieldIssue } from '../../lib/http-errors';
import type { AuditContext } from '../../plugins/request-context';
import { recordAudit } from '../audit/index';
import { findSettings } from '../config/index';
import { findInvoiceRates } from '../invoices/index';
import type { ServiceContext, TenantTerms } from '../../scope/service-scope';
import { newCallbackToken } from './callback-token';
import {
  findChannelRows,
  findRecipients,
  findScopedCustomer,
  listCustomerMessages,
  queueMessages,
  saveChannelRow,
  saveTemplateRow,
  type ChannelRow,
  type MessageRow,
  type Recipient,
} from './notifications.repository';
import { channelConfigOf, sendOne, sendQueued, type SenderDeps } from './sender';
import { TEST_MESSAGE_TEXT, unknownPlaceholder } from './templates';
import { compose, isValidRecipient, languageOf, money, renderKind, secondMoney, templates, usableChannel } from './compose';

export interface NotificationDeps extends SenderDeps {
  publicUrl: string;
  /**
   * The address where a household sees its bill (`{link}`): the customer's public bill page
   * (`/b/{token}`, `publicBillUrlFor` of the public-bills module), the one place messages' links are made.
   */
  billLink: (tenantId: number, recipient: Recipient) => string;
}

/** A tenant's database and id: what every call of this module works in. */
export interface TenantDb {
  db: Db;
  tenantId: number;
}

type UpdateChannelData = Omit<UpdateChannelSettingsInput, 'endpoint_url'> & { endpoint_url: string };

export function toMessage(row: MessageRow): NotificationMessage {
  return {
    id: row.id,
    customer: row.customerId,
    channel: row.channel as ChannelName,
    kind: row.kind as NotificationMessage['kind'],
    to: row.toAddress,
    language: row.language === 'ar' ? 'ar' : 'en',
    text: row.text,
    // `sending` is an attempt in progress: to the reader the message still waits.
    status: row.status === 'sending' ? 'queued' : (row.status as NotificationMessage['status']),
    provider_message_id: row.providerMessageId,
    error: row.error,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    invoice: row.invoiceId,
  };
}

/** A channel's settings as answered: never its credentials (docs/notifications.md). */
function toChannelSettings(publicUrl: string, channel: ChannelName, row: ChannelRow | undefined): ChannelSettings {
  const provider = CHANNEL_PROVIDERS[channel][0] ?? 'smtp';
  return {
    channel,
    enabled: row?.enabled ?? false,
    test_mode: row?.testMode ?? true,
    provider: (row?.provider as ChannelSettings['provider'] | undefined) ?? provider,
    sender: row?.sender ?? '',
    endpoint_url: row?.endpointUrl ?? '',
    has_credentials: Boolean(row?.credentials),
    callback_url: row ? `${publicUrl.replace(/\/+$/, '')}/api/notifications/callbacks/${row.callbackToken}/` : '',
    updated_at: row?.updatedAt?.toISOString() ?? null,
  };
}

/** The channels' settings and the test message (admins, docs/notifications.md). */
function createChannelCalls(deps: NotificationDeps) {
  return {
    async channels(tenant: TenantDb): Promise<ChannelSettings[]> {
      const rows = await findChannelRows(tenant.db, tenant.tenantId);
      return NOTIFICATION_CHANNELS.map((channel) =>
        toChannelSettings(
          deps.publicUrl,
          channel,
          rows.find((row) => row.channel === channel),
        ),
      );
    },

    /**
     * Saves a channel: `credentials` undefined keeps them, '' clears them. Enabled outside test mode needs
     * credentials (WhatsApp, SMS) and an endpoint (WhatsApp, SMS): 400 on the field otherwise.
     */
    async updateChannel(tenant: TenantDb, channel: ChannelName, input: UpdateChannelData, audit: AuditContext): Promise<ChannelSettings> {
      if (!CHANNEL_PROVIDERS[channel].includes(input.provider)) throw fieldError('provider', ERROR_CODES.channelProviderMismatch);
      const current = (await findChannelRows(tenant.db, tenant.tenantId)).find((row) => row.channel === channel);
      const willHaveCredentials = input.credentials === undefined ? Boolean(current?.credentials) : input.credentials !== '';
      const issues: FieldIssue[] = [];
      if (input.enabled && !input.test_mode && input.provider !== 'smtp') {
        if (!willHaveCredentials) issues.push({ field: 'credentials', code: ERROR_CODES.channelCredentialsRequired });
        if (!input.endpoint_url) issues.push({ field: 'endpoint_url', code: ERROR_CODES.channelEndpointRequired });
      }
      if (issues.length) throw badRequest(issues);
      const sealer = await deps.sealer();
      const credentials = input.credentials === undefined ? undefined : input.credentials === '' ? null : sealer.seal(input.credentials);
      const now = deps.clock.now();
      const values = {
        enabled: input.enabled,
        testMode: input.test_mode,
        provider: input.provider,
        sender: input.sender,
        endpointUrl: input.endpoint_url,
        updatedAt: now,
        ...(credentials === undefined ? {} : { credentials }),
      };
      const row = await tenant.db.transaction(async (tx) => {
        const saved = await saveChannelRow(
          tx,
          { tenantId: tenant.tenantId, channel, callbackToken: newCallbackToken(tenant.tenantId), ...values },
          values,
        );
        // The audit names what changed, never the credentials themselves.
        await recordAudit(tx, audit, {
          action: current ? 'update' : 'create',
          entity: 'notification_channel',
          entityId: saved.id,
          after: {
            channel,
            enabled: input.enabled,
            test_mode: input.test_mode,
            provider: input.provider,
            sender: input.sender,
            endpoint_url: input.endpoint_url,
            credentials: credentials === undefined ? 'kept' : credentials === null ? 'cleared' : 'replaced',
          },
        });
        return saved;
      });
      return toChannelSettings(deps.publicUrl, channel, row);
    },

    /** One test message now through the channel (test mode: the outbox): the message as it ended. */
    async sendTest(tenant: TenantDb, channel: ChannelName, to: string, language: CustomerLanguage): Promise<NotificationMessage> {
      const target = to.trim();
      if (!isValidRecipient(channel, target)) throw fieldError('to', ERROR_CODES.invalidRecipient);
      const row = (await findChannelRows(tenant.db, tenant.tenantId)).find((each) => each.channel === channel);
      const config = row ? await channelConfigOf(deps, row) : null;
      if (!config || (!config.testMode && config.provider !== 'smtp' && (!config.credentials || !config.endpointUrl)))
        throw fieldError('to', ERROR_CODES.channelCredentialsRequired);
      const [id] = await queueMessages(tenant.db, [
        {
          tenantId: tenant.tenantId,
          customerId: null,
          channel,
          kind: 'test',
          eventKey: `test:${randomUUID()}`,
          toAddress: target,
          language,
          text: TEST_MESSAGE_TEXT[language],
        },
      ]);
      if (id === undefined) throw new Error('the test message was not queued');
      const sent = await sendOne(deps, tenant.db, tenant.tenantId, id, config);
      if (!sent) throw notFound();
      return toMessage(sent);
    },
  };
}

/** What an overdue message (a reminder, a disconnection notice) says of the customer's debt. */
type OverdueFact = Recipient & { amount: bigint; oldestDueOn: string; daysOverdue: number };

/** The placeholders' values of an overdue message in the customer's language. */
function overdueValues(
  deps: NotificationDeps,
  terms: TenantTerms,
  tenantId: number,
  fact: OverdueFact,
  language: CustomerLanguage,
  operator: string,
) {
  const where = documentLocale(language);
  return {
    amount: money(terms, fact.amount, language),
    amount_second: '',
    due_date: dateText(fact.oldestDueOn, where),
    days: countIn(fact.daysOverdue, where),
    company: operator,
    link: deps.billLink(tenantId, fact),
    operator,
  };
}

/**
 * Disconnection notices (docs/notifications.md, "Disconnection notices"): one `disconnection` message per
 * customer and overdue episode (`disconnection:<customer>:<oldest due date>`), on its first usable channel,
 * in its language with the tenant's template. Answers how many were queued.
 */
async function queueDisconnections(deps: NotificationDeps, context: ServiceContext, facts: OverdueFact[]): Promise<number> {
  const { db, scope, terms } = context;
  const channels = await findChannelRows(db, scope.tenantId);
  const list = await templates(db, scope.tenantId);
  const operator = (await findSettings(db, scope))?.companyName ?? '';
  const rows = facts.flatMap((fact) => {
    const channel = usableChannel(channels, fact);
    if (!channel) return [];
    const language = languageOf(fact, terms);
    const values = overdueValues(deps, terms, scope.tenantId, fact, language, operator);
    const eventKey = `disconnection:${fact.customerId}:${fact.oldestDueOn}`;
    return [compose(list, 'disconnection', channel, fact, values, scope.tenantId, { eventKey, invoiceId: null, language })];
  });
  return (await queueMessages(db, rows)).length;
}

/** A reminder as written: on the tenant's `channel` (queued), or, with none usable, for the reminder channel. */
export interface ReminderText {
  channel: ChannelName | null;
  /** The address written to: the channel's, else the customer's phone. */
  to: string;
  language: CustomerLanguage;
  text: string;
}

/**
 * Writes reminders to overdue customers (docs/accounts.md, "Reminders"): the tenant's channels, templates
 * and name are read once for the call; each reminder is then written in its own transaction (`tx`). On the
 * customer's first usable channel it is queued as a `reminder` message (event `reminder:<customer>:<time>`,
 * sent after the commit); without one it is only written, for the reminder channel.
 */
async function reminderWriter(deps: NotificationDeps, executor: Executor, context: Pick<ServiceContext, 'scope' | 'terms'>) {
  const { scope, terms } = context;
  const channels = await findChannelRows(executor, scope.tenantId);
  const list = await templates(executor, scope.tenantId);
  const operator = (await findSettings(executor, scope))?.companyName ?? '';
  return async (tx: Executor, fact: OverdueFact, at: Date): Promise<ReminderText> => {
    const language = languageOf(fact, terms);
    const values = overdueValues(deps, terms, scope.tenantId, fact, language, operator);
    const channel = usableChannel(channels, fact);
    if (!channel)
      return { channel: null, to: fact.phone.trim(), language, text: renderKind(list, 'reminder', language, fact, values).rendered.text };
    const eventKey = `reminder:${fact.customerId}:${at.toISOString()}`;
    const message = compose(list, 'reminder', channel, fact, values, scope.tenantId, { eventKey, invoiceId: null, language });
    await queueMessages(tx, [message]);
    return { channel, to: message.toAddress, language, text: message.text };
  };
}

export type ReminderWriter = Awaited<ReturnType<typeof reminderWriter>>;

export function createNotificationService(deps: NotificationDeps) {
  return {
    ...createChannelCalls(deps),

    templates: (tenant: TenantDb) => templates(tenant.db, tenant.tenantId),

    /** Saves a kind's texts; a `{word}` the kind does not know is a 400 `unknown_placeholder` on its field. */
    async updateTemplate(tenant: TenantDb, kind: TemplateKind, input: UpdateTemplateInput, audit: AuditContext): Promise<Template> {
      const issues: FieldIssue[] = [];
      for (const field of ['text_en', 'text_ar'] as const) {
        const unknown = unknownPlaceholder(kind, input[field]);
        if (unknown) issues.push({ field, code: ERROR_CODES.unknownPlaceholder, params: { placeholder: `{${unknown}}` } });
      }
      if (issues.length) throw badRequest(issues);
      await tenant.db.transaction(async (tx) => {
        await saveTemplateRow(tx, {
          tenantId: tenant.tenantId,
          kind,
          textEn: input.text_en,
          textAr: input.text_ar,
          whatsappTemplate: input.whatsapp_template,
          updatedAt: deps.clock.now(),
        });
        await recordAudit(tx, audit, {
          action: 'update',
          entity: 'notification_template',
          entityId: TEMPLATE_KINDS.indexOf(kind) + 1,
          after: { kind, ...input },
        });
      });
      const list = await templates(tenant.db, tenant.tenantId);
      const saved = list.find((each) => each.kind === kind);
      if (!saved) throw notFound();
      return saved;
    },

    /** A customer's messages, newest first (404 for another service's or tenant's customer). */
    async customerMessages(context: ServiceContext, customerId: number, page: { limit: number; offset: number }) {
      if (!(await findScopedCustomer(context.db, context.scope, customerId))) throw notFound();
      const { count, rows } = await listCustomerMessages(context.db, context.scope.tenantId, customerId, page.limit, page.offset);
      return { count, results: rows.map(toMessage) };
    },

    /** Bill messages of invoices (one per invoice, its customer's first usable channel): how many queued and skipped. */
    async queueBills(
      context: ServiceContext,
      facts: Array<Recipient & { invoiceId: number; total: bigint; dueOn: string }>,
    ): Promise<{ queued: number; skipped: number }> {
      const { db, scope, terms } = context;
      const channels = await findChannelRows(db, scope.tenantId);
      const list = await templates(db, scope.tenantId);
      const operator = (await findSettings(db, scope))?.companyName ?? '';
      const rates = await findInvoiceRates(
        db,
        scope.tenantId,
        facts.map((fact) => fact.invoiceId),
      );
      const rows = facts.flatMap((fact) => {
        const channel = usableChannel(channels, fact);
        if (!channel) return [];
        const language = languageOf(fact, terms);
        const values = {
          amount: money(terms, fact.total, language),
          amount_second: secondMoney(terms, fact.total, rates.get(fact.invoiceId), language),
          due_date: dateText(fact.dueOn, documentLocale(language)),
          link: deps.billLink(scope.tenantId, fact),
          operator,
        };
        return [
          compose(list, 'bill_issued', channel, fact, values, scope.tenantId, {
            eventKey: `bill_issued:${fact.invoiceId}`,
            invoiceId: fact.invoiceId,
            language,
          }),
        ];
      });
      const queued = (await queueMessages(db, rows)).length;
      return { queued, skipped: facts.length - queued };
    },

    queueDisconnections: (context: ServiceContext, facts: OverdueFact[]) => queueDisconnections(deps, context, facts),

    reminderWriter: (executor: Executor, context: Pick<ServiceContext, 'scope' | 'terms'>) => reminderWriter(deps, executor, context),

    /** The service's customers among `ids` as messages address them, in id order (`lock`: under a row lock, in a transaction). */
    recipients: (executor: Executor, scope: ServiceContext['scope'], ids: number[], options?: { lock?: boolean }) =>
      findRecipients(executor, scope, ids, options),

    /** A receipt message for a payment, when a channel can carry it: one insert; the sending is `sendQueued`'s. */
    async queueReceipt(
      tenant: TenantDb & { terms: TenantTerms },
      fact: Recipient & { paymentId: number; invoiceId: number | null; amount: bigint; receipt: number | null },
    ): Promise<boolean> {
      const channels = await findChannelRows(tenant.db, tenant.tenantId);
      const channel = usableChannel(channels, fact);
      if (!channel) return false;
      const language = languageOf(fact, tenant.terms);
      const list = await templates(tenant.db, tenant.tenantId);
      const operator = (await findSettings(tenant.db, tenant))?.companyName ?? '';
      const values = {
        amount: money(tenant.terms, fact.amount, language),
        amount_second: '',
        receipt_number: fact.receipt === null ? '' : String(fact.receipt),
        link: deps.billLink(tenant.tenantId, fact),
        operator,
      };
      const row = compose(list, 'receipt', channel, fact, values, tenant.tenantId, {
        eventKey: `receipt:${fact.paymentId}`,
        invoiceId: fact.invoiceId,
        language,
      });
      return (await queueMessages(tenant.db, [row])).length > 0;
    },

    /** Sends the tenant's queued messages (the jobs' and the receipts' sending). */
    sendQueued: (tenant: TenantDb, onEach?: () => Promise<void>) => sendQueued(deps, tenant.db, tenant.tenantId, onEach),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
