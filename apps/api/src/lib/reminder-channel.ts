import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** One reminder to one customer, in its final wording. */
export interface ReminderMessage {
  tenantId: number;
  customerId: number;
  /** The customer's phone number. */
  to: string;
  language: string;
  text: string;
}

/**
 * How reminders leave the app. The built-in channel writes them to the outbox folder; an SMS or
 * WhatsApp provider is another implementation of this interface given to `buildApp`
 * (`reminderChannel`). `send` throws when the message could not be handed over.
 */
export interface ReminderChannel {
  /** Recorded with each reminder (`outbox`, `sms:<provider>`, ...). */
  readonly name: string;
  send(message: ReminderMessage): Promise<void>;
}

/** Each message as a text file in the outbox folder (DATA_DIR/outbox unless OUTBOX_DIR), like the password e-mails. */
export function createOutboxReminderChannel(options: { outboxDir: string }): ReminderChannel {
  return {
    name: 'outbox',
    async send(message) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      // A random part keeps messages written in the same millisecond apart; `wx` never overwrites.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}-reminder-${message.to.replace(/[^\w+-]/g, '_').slice(0, 40)}.txt`;
      const body = `Channel: outbox\nTo: ${message.to}\nLanguage: ${message.language}\nTenant: ${message.tenantId}\nCustomer: ${message.customerId}\n\n${message.text}\n`;
      await fs.writeFile(path.join(options.outboxDir, name), body, { encoding: 'utf8', flag: 'wx' });
    },
  };
}
