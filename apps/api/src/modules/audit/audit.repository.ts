import { and, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_ENTITIES,
  auditListSpec,
  type AuditChange,
  type AuditEntity,
  type AuditEntry as ApiAuditEntry,
  type ListAuditQuery,
} from '@meterline/contract/audit';
import { auditFieldKind, isAuditReferenceKind, type AuditReferenceKind } from '@meterline/contract/audit-fields';
import { auditLog, buildings, bundles, meterReadings, regions, stations, streets, users } from '../../db/schema/index';
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

/** Columns every write touches: not a change anyone made. */
const BOOKKEEPING_FIELDS = new Set(['updatedAt', 'updated_at', 'tenantId', 'tenant_id', 'tokenVersion']);

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The rule of every audited change (docs/security.md, "The audit log"): a row with a before and an
 * after (an update, a cancellation, a reading) has in its before every field its after names, null
 * only when that field had no value. An after field the before lacks would show as "set" with its
 * old value lost (the bundle change did): that is a bug of the caller, refused here so that its
 * tests fail.
 */
export function assertBeforeNamesEveryField(entry: AuditEntry): void {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  if (!before || !after) return;
  const missing = Object.keys(after).filter((field) => !Object.hasOwn(before, field) && !BOOKKEEPING_FIELDS.has(field));
  if (missing.length > 0) {
    throw new Error(`Invariant broken: the audit row ${entry.entity} ${entry.action} has no before for ${missing.join(', ')}`);
  }
}

function auditRow(context: AuditContext, entry: AuditEntry): typeof auditLog.$inferInsert {
  assertBeforeNamesEveryField(entry);
  return {
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
  };
}

/**
 * The row `recordAudit` writes (the same check and redaction), by its columns' names, for a write whose
 * one database call inserts it in its transaction: a mark-paid's `meterline_record_payment` (migration
 * 0029), an account payment's `meterline_record_account_payment` (0031).
 */
export function auditColumnsOf(context: AuditContext, entry: AuditEntry): Record<string, unknown> {
  const row = auditRow(context, entry);
  return {
    tenant_id: row.tenantId ?? null,
    actor_id: row.actorId ?? null,
    actor_role: row.actorRole ?? null,
    ip: row.ip ?? null,
    request_id: row.requestId ?? null,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId ?? null,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** One audit row, written with the executor of the change: same transaction, same database. */
export async function recordAudit(executor: Executor, context: AuditContext, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values(auditRow(context, entry));
}

/** Audit rows of a bulk write, in batches: the same rows `recordAudit` writes one at a time. */
export async function recordAudits(executor: Executor, context: AuditContext, entries: AuditEntry[]): Promise<void> {
  const rows = entries.map((entry) => auditRow(context, entry));
  for (let index = 0; index < rows.length; index += 1000) await executor.insert(auditLog).values(rows.slice(index, index + 1000));
}

/**
 * Readings' rows: `update_counter` (a reading, also the one taken at a bundle change), `reset_counter`
 * (a meter's new baseline) and `void_reading`, each stored with entity `reading` and the reading's id.
 * Rows written before that were stored on the subscription (its id), naming the reading in
 * `after.reading_ids` (the last one: a reset's baseline) or `after.reading` (a void), with request
 * flags beside the values: the API answers them in today's shape.
 */
const READING_ACTIONS = ['update_counter', 'reset_counter', 'void_reading'];
const isLegacyReading = (entity: string, action: string) => entity === 'subscription' && READING_ACTIONS.includes(action);
/** Old reading rows' keys as today's rows name them; null: a request flag or an id, not a value anyone changed. */
const LEGACY_READING_FIELDS: Record<string, string | null> = {
  taken_at: 'takenAt',
  final_counter: 'finalCounter',
  reading_ids: null,
  reading: null,
  confirm_unusual: null,
  at_bundle_change: null,
};
/** The reading an old row is about, in SQL and in JavaScript (the same rule). */
const legacyReadingId = sql<string | null>`coalesce(${auditLog.after} -> 'reading_ids' ->> -1, ${auditLog.after} ->> 'reading')`;

function legacyReadingIdOf(after: unknown): string | null {
  const values = asRecord(after);
  const ids = values?.reading_ids;
  const id = Array.isArray(ids) && ids.length > 0 ? ids.at(-1) : values?.reading;
  return id === undefined || id === null ? null : String(id);
}

function legacyReadingValues(value: unknown): unknown {
  const values = asRecord(value);
  if (!values) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(values)) {
    const name = Object.hasOwn(LEGACY_READING_FIELDS, key) ? LEGACY_READING_FIELDS[key] : key;
    if (name) result[name] = item;
  }
  return result;
}

export function apiEntityOf(entity: string, action: string): AuditEntity {
  if (isLegacyReading(entity, action)) return 'reading';
  return (AUDIT_ENTITIES as readonly string[]).includes(entity) ? (entity as AuditEntity) : 'settings';
}

/** Only what changed: a created row lists every field (before null), a removed one too (after null). */
export function changedFields(before: unknown, after: unknown): AuditChange[] {
  const old = asRecord(before) ?? {};
  const now = asRecord(after) ?? {};
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((field) => !BOOKKEEPING_FIELDS.has(field));
  return fields
    .filter((field) => JSON.stringify(old[field] ?? null) !== JSON.stringify(now[field] ?? null))
    .map((field) => ({ field, before: old[field] ?? null, after: now[field] ?? null }));
}

type AuditRow = typeof auditLog.$inferSelect;

/** A stored row as the API answers it: its entity, the record's id and the changed fields (old reading rows in today's shape). */
export function presentAuditRow(row: Pick<AuditRow, 'entity' | 'action' | 'entityId' | 'before' | 'after'>) {
  if (isLegacyReading(row.entity, row.action)) {
    return {
      entity: 'reading' as const,
      entity_id: legacyReadingIdOf(row.after) ?? row.entityId,
      changes: changedFields(legacyReadingValues(row.before), legacyReadingValues(row.after)),
    };
  }
  return { entity: apiEntityOf(row.entity, row.action), entity_id: row.entityId, changes: changedFields(row.before, row.after) };
}

const REFERENCE_TABLES = { bundle: bundles, station: stations, region: regions, street: streets, building: buildings } satisfies Record<
  AuditReferenceKind,
  unknown
>;

/**
 * Names the ids of reference fields (`before_name`/`after_name`): a bundle as "10 A", a station, an
 * address, as the screens do. One query per kind for the page; a record since deleted is null.
 */
async function nameReferences(db: Db, tenantId: number, entries: ApiAuditEntry[]): Promise<void> {
  const wanted = new Map<AuditReferenceKind, Set<number>>();
  const referenceOf = (entry: ApiAuditEntry, change: AuditChange) => {
    const kind = auditFieldKind(entry.entity, change.field);
    return isAuditReferenceKind(kind) ? kind : null;
  };
  for (const entry of entries) {
    for (const change of entry.changes) {
      const kind = referenceOf(entry, change);
      if (!kind) continue;
      const ids = wanted.get(kind) ?? new Set<number>();
      for (const value of [change.before, change.after]) if (Number.isSafeInteger(value)) ids.add(value as number);
      wanted.set(kind, ids);
    }
  }
  const names = new Map<string, string>();
  for (const [kind, ids] of wanted) {
    const table = REFERENCE_TABLES[kind];
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), inArray(table.id, [...ids])));
    for (const row of rows) names.set(`${kind}:${row.id}`, row.name);
  }
  const nameOf = (kind: AuditReferenceKind, value: unknown) => (value === null ? null : (names.get(`${kind}:${String(value)}`) ?? null));
  for (const entry of entries) {
    entry.changes = entry.changes.map((change) => {
      const kind = referenceOf(entry, change);
      return kind ? { ...change, before_name: nameOf(kind, change.before), after_name: nameOf(kind, change.after) } : change;
    });
  }
}

export interface AuditScope {
  /** null: the platform's rows (superadmin), read from `default`. */
  tenantId: number | null;
  /** Stored entities this caller may read. */
  entities: readonly string[];
}

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
  const readings = or(eq(auditLog.entity, 'reading'), and(eq(auditLog.entity, 'subscription'), inArray(auditLog.action, READING_ACTIONS)));
  if (query.entity === 'reading') {
    conditions.push(readings);
    if (query.entity_id) {
      const id = query.entity_id;
      conditions.push(
        or(
          and(eq(auditLog.entity, 'reading'), eq(auditLog.entityId, id)),
          and(eq(auditLog.entity, 'subscription'), sql`${legacyReadingId} = ${id}`),
        ),
      );
    }
  } else if (query.entity) {
    conditions.push(eq(auditLog.entity, query.entity));
    if (query.entity === 'subscription') conditions.push(notInArray(auditLog.action, READING_ACTIONS));
    if (query.entity_id) conditions.push(eq(auditLog.entityId, query.entity_id));
  } else if (query.entity_id) {
    conditions.push(eq(auditLog.entityId, query.entity_id));
  }
  if (query.subscription !== undefined) {
    // A meter's readings: today's rows by their readings' ids, old ones by the subscription they were stored on.
    const ofMeter = db
      .select({ id: sql<string>`${meterReadings.id}::text` })
      .from(meterReadings)
      .where(and(eq(meterReadings.tenantId, scope.tenantId ?? -1), eq(meterReadings.subscriptionId, query.subscription)));
    conditions.push(
      or(
        and(eq(auditLog.entity, 'reading'), inArray(auditLog.entityId, ofMeter)),
        and(
          eq(auditLog.entity, 'subscription'),
          inArray(auditLog.action, READING_ACTIONS),
          eq(auditLog.entityId, String(query.subscription)),
        ),
      ),
    );
  }
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
      const entries = rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        actor: row.actorId === null ? null : { id: row.actorId, name: actorNames.get(row.actorId) ?? '' },
        actor_role: row.actorRole,
        action: row.action,
        ...presentAuditRow(row),
      }));
      if (scope.tenantId !== null) await nameReferences(db, scope.tenantId, entries);
      return entries;
    },
  };
}

/** Names of platform staff (the superadmin's history): first and last name, else the username. */
export async function findPlatformUserNames(defaultDb: Executor, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length ? await defaultDb.select().from(users).where(inArray(users.id, ids)) : [];
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim() || row.username]));
}
