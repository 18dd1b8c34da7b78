import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message is written as a file to the outbox folder. */
export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      // A random part keeps messages written in the same millisecond apart; `wx` never overwrites.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}-${message.to.replace(/[^\w.@-]/g, '_').slice(0, 100)}.eml`;
      const body = `From: ${options.from}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
      await fs.writeFile(path.join(options.outboxDir, name), body, { encoding: 'utf8', flag: 'wx' });
    },
  };
}
