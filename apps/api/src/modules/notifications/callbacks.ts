import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DatabaseRegistry, Db } from '../../db/client';
import { forbidden, notFound, unauthorized } from '../../lib/http-errors';
import { tenantOfCallbackToken } from './callback-token';
import { applyDeliveryReport, findChannelByToken, findTenantAlias } from './notifications.repository';
import type { Sealer } from './sealed-text';

/** The key a channel's callbacks are signed with: the second line of its credentials, else their first (docs/notifications.md). */
export function callbackKeyOf(credentials: string): string {
  const [token = '', secret = ''] = credentials.split(/\r?\n/).map((line) => line.trim());
  return secret || token;
}

/** `sha256=<hex>` of the raw body under the key (WhatsApp Cloud's `X-Hub-Signature-256`; the SMS gateway's the same). */
export function signatureOf(key: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;
}

function isSignedBy(key: string, body: Buffer, header: string | undefined): boolean {
  if (!key || !header) return false;
  const expected = Buffer.from(signatureOf(key, body));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Report {
  providerMessageId: string;
  delivered: boolean;
  error: string | null;
}

const asRecords = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];

function reportOf(id: unknown, status: unknown, error: unknown): Report | null {
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  const state = String(status).toLowerCase();
  if (state === 'delivered' || state === 'read') return { providerMessageId: String(id), delivered: true, error: null };
  if (state === 'failed' || state === 'undelivered')
    return { providerMessageId: String(id), delivered: false, error: typeof error === 'string' && error ? error.slice(0, 500) : null };
  return null;
}

/**
 * The delivery reports of a callback body: WhatsApp Cloud's `entry[].changes[].value.statuses[]`
 * (`id`, `status`, `errors[0].title`), or an SMS gateway's `{id | message_id, status, error}`.
 */
export function reportsOf(body: unknown): Report[] {
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  const statuses = asRecords(record.entry)
    .flatMap((entry) => asRecords(entry.changes))
    .flatMap((change) => asRecords((change.value as Record<string, unknown> | undefined)?.statuses));
  const whatsapp = statuses.map((status) => reportOf(status.id, status.status, asRecords(status.errors)[0]?.title));
  const sms = reportOf(record.id ?? record.message_id, record.status, record.error);
  return [...whatsapp, sms].filter((report): report is Report => report !== null);
}

/**
 * WhatsApp Cloud's verification of the callback address (docs/notifications.md, "Delivery callbacks"):
 * `hub.mode=subscribe` with `hub.verify_token` equal to the address's own token answers the challenge;
 * an unknown token is a 404 (like the POST), a wrong mode or verify token a 403.
 */
export async function verifyCallback(
  deps: { defaultDb: Db; databases: DatabaseRegistry },
  token: string,
  query: { mode?: string; verifyToken?: string; challenge?: string },
): Promise<string> {
  const tenantId = tenantOfCallbackToken(token);
  const alias = tenantId === null ? null : await findTenantAlias(deps.defaultDb, tenantId);
  if (tenantId === null || alias === null) throw notFound();
  const channel = await findChannelByToken(deps.databases.get(alias), tenantId, token);
  if (!channel) throw notFound();
  const given = Buffer.from(query.verifyToken ?? '');
  const expected = Buffer.from(channel.callbackToken);
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  if (query.mode !== 'subscribe' || !matches) throw forbidden();
  return query.challenge ?? '';
}

/**
 * A provider's delivery callback: the token names the tenant and the channel, the signature is checked
 * over the raw body (401 and nothing changed without a valid one), then each report moves that tenant's
 * message of that channel by its provider id. Answers how many messages moved.
 */
export async function receiveCallback(
  deps: { defaultDb: Db; databases: DatabaseRegistry; sealer: () => Promise<Sealer>; now: () => Date },
  token: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ updated: number }> {
  const tenantId = tenantOfCallbackToken(token);
  const alias = tenantId === null ? null : await findTenantAlias(deps.defaultDb, tenantId);
  if (tenantId === null || alias === null) throw notFound();
  const db = deps.databases.get(alias);
  const channel = await findChannelByToken(db, tenantId, token);
  if (!channel) throw notFound();
  const key = channel.credentials ? callbackKeyOf((await deps.sealer()).open(channel.credentials)) : '';
  if (!isSignedBy(key, rawBody, signature)) throw unauthorized();
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    body = null;
  }
  let updated = 0;
  for (const report of reportsOf(body)) updated += await applyDeliveryReport(db, tenantId, channel.channel, { ...report, at: deps.now() });
  return { updated };
}
