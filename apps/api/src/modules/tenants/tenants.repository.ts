import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { first } from '@meterline/contract/invariant';
import type { ListQuery } from '@meterline/contract/pagination';
import { tenantListSpec, type Tenant } from '@meterline/contract/tenants';
import type { Executor } from '../../db/client';
import { tenants, users } from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';

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

const sortFields = {
  id: tenants.id,
  name: tenants.name,
  slug: tenants.slug,
  email: tenants.email,
  db_alias: tenants.dbAlias,
  is_blocked: tenants.isBlocked,
  created_at: tenants.createdAt,
  users_count: usersCountColumn,
} satisfies Record<(typeof tenantListSpec.ordering)[number], unknown>;

/** The tenants (the superadmin's "Clients"), searched, filtered and ordered as the list asks. */
export function listTenantsSource(db: Executor, query: ListQuery & { is_blocked?: boolean; db_alias?: string }): ListSource<Tenant> {
  const conditions: (SQL | undefined)[] = [
    searchCondition(query.search, [tenants.name, tenants.slug, tenants.email]),
    query.is_blocked !== undefined ? eq(tenants.isBlocked, query.is_blocked) : undefined,
    query.db_alias ? eq(tenants.dbAlias, query.db_alias) : undefined,
  ];
  const where = and(...conditions);
  const orderBy = orderByFor(query.ordering, sortFields, tenantListSpec.defaultOrdering, tenants.id);
  return {
    countQuery: () => db.select({ id: tenants.id }).from(tenants).where(where).$dynamic(),
    fetchPage: async (limit, offset) =>
      (
        await db
          .select({ tenant: tenants, usersCount: usersCountColumn })
          .from(tenants)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map((row) => toTenant(row.tenant, row.usersCount)),
  };
}

export async function insertTenant(tx: Executor, values: typeof tenants.$inferInsert): Promise<TenantRow> {
  return first(await tx.insert(tenants).values(values).returning(), 'a row inserted into tenants');
}

export async function updateTenantRow(
  tx: Executor,
  tenantId: number,
  values: Partial<Omit<typeof tenants.$inferInsert, 'id'>>,
): Promise<TenantRow> {
  return first(await tx.update(tenants).set(values).where(eq(tenants.id, tenantId)).returning(), 'the updated tenants row');
}

/** Bumps the token version of every user of the tenant: blocking ends their sessions for good. */
export async function endSessionsOfTenantUsers(tx: Executor, tenantId: number): Promise<void> {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.tenantId, tenantId));
}
