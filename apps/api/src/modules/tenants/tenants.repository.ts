import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Tenant } from '@meterline/contract/tenants';
import type { Executor } from '../../db/client';
import { tenants } from '../../db/schema/index';

export type TenantRow = typeof tenants.$inferSelect;

/** Users of the tenant, whatever their state: the count the tenant list shows. */
// Written with qualified names: drizzle renders bare column names inside a raw subquery.
export const usersCountColumn = sql<number>`(select count(*)::int from "users" where "users"."tenant_id" = "tenants"."id")`;

/** The API shape of a tenant. */
export function toTenant(row: TenantRow, usersCount: number): Tenant {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    email: row.email,
    phone: row.phone,
    address: row.address,
    db_alias: row.dbAlias,
    is_blocked: row.isBlocked,
    created_at: row.createdAt.toISOString(),
    users_count: Number(usersCount),
  };
}

export async function findTenant(db: Executor, tenantId: number): Promise<Tenant | null> {
  const [row] = await db.select({ tenant: tenants, usersCount: usersCountColumn }).from(tenants).where(eq(tenants.id, tenantId));
  return row ? toTenant(row.tenant, row.usersCount) : null;
}

export async function findTenantRow(db: Executor, tenantId: number): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  return row ?? null;
}

/** Locks the tenant row for the rest of the transaction (updates read the "before" under the lock). */
export async function lockTenantRow(tx: Executor, tenantId: number): Promise<TenantRow | null> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return row ?? null;
}

export async function isSlugTaken(db: Executor, slug: string, exceptTenantId?: number): Promise<boolean> {
  const conditions: SQL[] = [sql`lower(${tenants.slug}) = lower(${slug})`];
  if (exceptTenantId) conditions.push(ne(tenants.id, exceptTenantId));
  const [row] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}
