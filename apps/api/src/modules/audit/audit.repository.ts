import { auditLog } from '../../db/schema/index';
import type { Executor } from '../../db/client';

/** Who did it and from where: taken from the request by the authenticate plugin. */
export interface AuditContext {
  actorId: number | null;
  actorRole: string | null;
  tenantId: number | null;
  ip: string | null;
  requestId: string | null;
}

const SECRET_FIELDS = new Set([
  'password',
  'passwordHash',
  'password_hash',
  'new_password',
  'current_password',
  'otp',
  'otpSecret',
  'otp_secret',
  'otpPendingSecret',
  'otp_pending_secret',
  'token',
  'refresh',
  'access',
  'np',
  'code',
  'data',
]);

/** Removes passwords, codes and tokens; turns bigint and dates into JSON-safe text. */
export function redactForAudit(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.map(redactForAudit);
  if (typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (!SECRET_FIELDS.has(key)) result[key] = redactForAudit(item);
    }
    return result;
  }
  return value;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  /** The tenant the changed row belongs to, when it is not the actor's (superadmin writes). */
  tenantId?: number | null;
}

/** One audit row, written with the executor of the change: same transaction, same database. */
export async function recordAudit(executor: Executor, context: AuditContext, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    tenantId: entry.tenantId !== undefined ? entry.tenantId : context.tenantId,
    actorId: context.actorId,
    actorRole: context.actorRole,
    ip: context.ip,
    requestId: context.requestId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: redactForAudit(entry.before ?? null),
    after: redactForAudit(entry.after ?? null),
  });
}

export const systemAuditContext: AuditContext = { actorId: null, actorRole: 'system', tenantId: null, ip: null, requestId: null };
