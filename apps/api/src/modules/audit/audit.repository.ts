import { and, eq, gte, inArray, lt, notInArray, type SQL } from 'drizzle-orm';
import {
  AUDIT_ENTITIES,
  auditListSpec,
  type AuditChange,
  type AuditEntity,
  type AuditEntry as ApiAuditEntry,
  type ListAuditQuery,
} from '@meterline/contract/audit';
import { auditLog, users } from '../../db/schema/index';
import type { Db, Executor } from '../../db/client';
import { orderByFor, type ListSource } from '../../lib/list';
import type { AuditContext } from '../../plugins/request-context';

/** Who did it and from where: taken from the request by the authenticate plugin. */

/** Secrets never written to the audit log (a customer's or station's `code` is not one: it is shown). */
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

/** Audit rows of a bulk write, in batches: the same rows `recordAudit` writes one at a time. */
export async function recordAudits(executor: Executor, context: AuditContext, entries: AuditEntry[]): Promise<void> {
  const rows = entries.map((entry) => ({
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
  }));
  for (let index = 0; index < rows.length; index += 1000) await executor.insert(auditLog).values(rows.slice(index, index + 1000));
}

/** Stored entity names as the API says them (the stored ones already are, but for the readings). */
const READING_ACTIONS = ['update_counter', 'reset_counter', 'void_reading'];

export function apiEntityOf(entity: string, action: string): AuditEntity {
  if (entity === 'subscription' && READING_ACTIONS.includes(action)) return 'reading';
  return (AUDIT_ENTITIES as readonly string[]).includes(entity) ? (entity as AuditEntity) : 'settings';
}

/** Columns every write touches: not a change anyone made. */
const BOOKKEEPING_FIELDS = new Set(['updatedAt', 'updated_at', 'tenantId', 'tenant_id', 'tokenVersion']);

/** Only what changed: a created row lists every field (before null), a removed one too (after null). */
export function changedFields(before: unknown, after: unknown): AuditChange[] {
  const asObject = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const old = asObject(before);
  const now = asObject(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((field) => !BOOKKEEPING_FIELDS.has(field));
  return fields
    .filter((field) => JSON.stringify(old[field] ?? null) !== JSON.stringify(now[field] ?? null))
    .map((field) => ({ field, before: old[field] ?? null, after: now[field] ?? null }));
}

export interface AuditScope {
  /** null: the platform's rows (superadmin), read from `default`. */
  tenantId: number | null;
  /** Stored entities this caller may read. */
  entities: readonly string[];
}

type AuditRow = typeof auditLog.$inferSelect;

/** The audit rows of one scope, filtered, for `sendList`; names of the actors come from `names`. */
export function listAuditSource(
  db: Db,
  scope: AuditScope,
  query: ListAuditQuery,
  names: (ids: number[]) => Promise<Map<number, string>>,
): ListSource<ApiAuditEntry> {
  const conditions: (SQL | undefined)[] = [
    scope.tenantId === null ? undefined : eq(auditLog.tenantId, scope.tenantId),
    inArray(auditLog.entity, [...scope.entities]),
  ];
  if (query.entity === 'reading') {
    conditions.push(eq(auditLog.entity, 'subscription'), inArray(auditLog.action, READING_ACTIONS));
  } else if (query.entity) {
    conditions.push(eq(auditLog.entity, query.entity));
    if (query.entity === 'subscription') conditions.push(notInArray(auditLog.action, READING_ACTIONS));
  }
  if (query.entity_id) conditions.push(eq(auditLog.entityId, query.entity_id));
  if (query.actor) conditions.push(eq(auditLog.actorId, query.actor));
  // Days are UTC days: the log is the platform's, not one tenant's calendar.
  if (query.date_from) conditions.push(gte(auditLog.at, new Date(`${query.date_from}T00:00:00Z`)));
  if (query.date_to) conditions.push(lt(auditLog.at, new Date(Date.parse(`${query.date_to}T00:00:00Z`) + 86_400_000)));
  const where = and(...conditions);
  const ordering = orderByFor(query.ordering, { at: auditLog.at, id: auditLog.id }, auditListSpec.defaultOrdering, auditLog.id);
  return {
    countQuery: () => db.select({ id: auditLog.id }).from(auditLog).where(where).$dynamic(),
    fetchPage: async (limit, offset) => {
      const rows: AuditRow[] = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(...ordering)
        .limit(limit)
        .offset(offset);
      const actorNames = await names(rows.map((row) => row.actorId).filter((id): id is number => id !== null));
      return rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        actor: row.actorId === null ? null : { id: row.actorId, name: actorNames.get(row.actorId) ?? '' },
        actor_role: row.actorRole,
        action: row.action,
        entity: apiEntityOf(row.entity, row.action),
        entity_id: row.entityId,
        changes: changedFields(row.before, row.after),
      }));
    },
  };
}

/** Names of platform staff (the superadmin's history): first and last name, else the username. */
export async function findPlatformUserNames(defaultDb: Executor, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length ? await defaultDb.select().from(users).where(inArray(users.id, ids)) : [];
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim() || row.username]));
}
