import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CustomerLanguage, NotificationChannel as ChannelName, NotificationProvider } from '@meterline/contract/notifications';
import type { Mailer } from '../../lib/mailer';

/** One message as a channel sends it. */
export interface OutgoingMessage {
  id: number;
  tenantId: number;
  channel: ChannelName;
  to: string;
  language: CustomerLanguage;
  text: string;
  /** The e-mail's subject line. */
  subject: string;
  /** WhatsApp: the approved template's name ('' sends `text`) and its body parameters. */
  templateName: string;
  templateParams: string[];
}

/** The one interface every way out implements (docs/notifications.md, "Sending"). */
export interface NotificationChannel {
  send(message: OutgoingMessage): Promise<{ providerMessageId: string }>;
}

/** A refusal or a fault of the provider: `retryable` for 5xx, time-outs and network faults; a 4xx is final. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** What the adapters are built from: the channel's settings with its credentials opened. */
export interface ChannelConfig {
  channel: ChannelName;
  provider: NotificationProvider;
  testMode: boolean;
  sender: string;
  endpointUrl: string;
  /** The first line is the bearer token (a second line, if any, is the callbacks' signing secret). */
  credentials: string;
}

export interface AdapterDeps {
  mailer: Mailer;
  outboxDir: string;
  /** How long one call to a provider may take before it counts as a time-out (retried). */
  timeoutMs: number;
}

/** The bearer token of a channel's credentials: their first line. */
export function bearerTokenOf(credentials: string): string {
  return (credentials.split(/\r?\n/)[0] ?? '').trim();
}

/** Test mode: each message a text file in the outbox folder (like today's reminders); nothing leaves the server. */
function outboxChannel(deps: AdapterDeps, config: ChannelConfig): NotificationChannel {
  return {
    async send(message) {
      await fs.mkdir(deps.outboxDir, { recursive: true });
      const id = `outbox-${randomUUID()}`;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${id.slice(7, 15)}-${config.channel}-${message.to.replace(/[^\w.@+-]/g, '_').slice(0, 60)}.txt`;
      const body = `Channel: ${config.channel} (test mode)\nTo: ${message.to}\nLanguage: ${message.language}\nTenant: ${message.tenantId}\nMessage: ${message.id}\n\n${message.text}\n`;
      await fs.writeFile(path.join(deps.outboxDir, name), body, { encoding: 'utf8', flag: 'wx' });
      return { providerMessageId: id };
    },
  };
}

/** E-mail through the server's mailer (SMTP_URL, else its own outbox files). */
function smtpChannel(deps: AdapterDeps): NotificationChannel {
  return {
    async send(message) {
      try {
        await deps.mailer.send({ to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        throw new ProviderError(`SMTP: ${error instanceof Error ? error.message : String(error)}`, true);
      }
      return { providerMessageId: `smtp-${randomUUID()}` };
    },
  };
}

/** A POST of JSON with the bearer token; the answer's JSON, or a ProviderError (never naming the token). */
async function postJson(deps: AdapterDeps, url: string, token: string, body: unknown): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new ProviderError(name === 'TimeoutError' ? 'The provider did not answer in time.' : 'The provider could not be reached.', true);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok)
    throw new ProviderError(`HTTP ${response.status}: ${text.slice(0, 500)}`, response.status >= 500 || response.status === 429);
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const idText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** WhatsApp Cloud API: `POST {endpoint_url}/messages`, a template message (or a text one without a template). */
function whatsappChannel(deps: AdapterDeps, config: ChannelConfig): NotificationChannel {
  return {
    async send(message) {
      const to = message.to.replace(/[^\d]/g, '');
      const body = message.templateName
        ? {
            messaging_product: 'whatsapp',
            to,
            type: 'template',
            template: {
              name: message.templateName,
              language: { code: message.language },
              components: [{ type: 'body', parameters: message.templateParams.map((text) => ({ type: 'text', text })) }],
            },
          }
        : { messaging_product: 'whatsapp', to, type: 'text', text: { body: message.text } };
      const answer = await postJson(deps, `${config.endpointUrl.replace(/\/+$/, '')}/messages`, bearerTokenOf(config.credentials), body);
      const messages = Array.isArray(answer.messages) ? (answer.messages as Record<string, unknown>[]) : [];
      const id = idText(messages[0]?.id);
      if (!id) throw new ProviderError('The provider answered without a message id.', false);
      return { providerMessageId: id };
    },
  };
}

/** An HTTP SMS gateway: `POST {endpoint_url}` JSON `{to, from, text}`; the id from the answer's `id` or `message_id`. */
function httpSmsChannel(deps: AdapterDeps, config: ChannelConfig): NotificationChannel {
  return {
    async send(message) {
      const answer = await postJson(deps, config.endpointUrl, bearerTokenOf(config.credentials), {
        to: message.to,
        from: config.sender,
        text: message.text,
      });
      const id = idText(answer.id) ?? idText(answer.message_id);
      if (!id) throw new ProviderError('The provider answered without a message id.', false);
      return { providerMessageId: id };
    },
  };
}

/** The channel's way out: the outbox in test mode, else its provider's adapter. */
export function channelFor(deps: AdapterDeps, config: ChannelConfig): NotificationChannel {
  if (config.testMode) return outboxChannel(deps, config);
  switch (config.provider) {
    case 'smtp':
      return smtpChannel(deps);
    case 'whatsapp_cloud':
      return whatsappChannel(deps, config);
    case 'http_sms':
      return httpSmsChannel(deps, config);
  }
}
