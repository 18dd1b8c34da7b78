import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

const keyWhere = (scope: { tenantId: number }, key: string) =>
  and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, key));

/** Takes the key for a new request: false when a row for it exists already (answered or in flight). */
export async function claimIdempotencyKey(
  db: Executor,
  scope: { tenantId: number },
  values: { key: string; userId: number; route: string; requestHash: string; createdAt: Date },
): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ tenantId: scope.tenantId, ...values })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** The claim's statement, run by the write itself (`IdempotencyTicket.claim`). */
export type ClaimStatement = SQL;

/**
 * The same claim as one SQL statement, for a write that runs it first in its own transaction (a
 * mark-paid's read, as a CTE): it answers the key's row when it took the key, nothing when a row
 * for it exists (or waits for the transaction that is inserting one).
 */
export function claimIdempotencyKeySql(
  scope: { tenantId: number },
  values: { key: string; userId: number; route: string; requestHash: string; createdAt: Date },
): ClaimStatement {
  return sql`insert into ${idempotencyKeys} (tenant_id, key, user_id, route, request_hash, created_at)
    values (${scope.tenantId}, ${values.key}, ${values.userId}, ${values.route}, ${values.requestHash}, ${values.createdAt.toISOString()}::timestamptz)
    on conflict do nothing returning key`;
}

export async function findIdempotencyKey(db: Executor, scope: { tenantId: number }, key: string): Promise<IdempotencyKeyRow | null> {
  const [row] = await db.select().from(idempotencyKeys).where(keyWhere(scope, key));
  return row ?? null;
}

/**
 * Takes over a key whose request died in flight: only while it is still unanswered and still the
 * row that was read (its `createdAt`), so two takers cannot both win.
 */
export async function takeOverIdempotencyKey(
  db: Executor,
  scope: { tenantId: number },
  key: string,
  seenCreatedAt: Date,
  now: Date,
): Promise<boolean> {
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(and(keyWhere(scope, key), sql`${idempotencyKeys.statusCode} is null`, eq(idempotencyKeys.createdAt, seenCreatedAt)))
    .returning({ key: idempotencyKeys.key });
  return takenOver.length > 0;
}

/** Stores the answer on the key (in the write's own transaction when it gives one). */
export async function completeIdempotencyKey(
  executor: Executor,
  scope: { tenantId: number },
  key: string,
  statusCode: number,
  body: unknown,
): Promise<void> {
  await executor.update(idempotencyKeys).set({ statusCode, response: body }).where(keyWhere(scope, key));
}

/** Frees an unanswered key, so the client may retry with it. */
export async function releaseIdempotencyKey(db: Executor, scope: { tenantId: number }, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(keyWhere(scope, key), sql`${idempotencyKeys.statusCode} is null`));
}
