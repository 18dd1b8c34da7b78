import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Bundle, ListBundlesQuery } from '@meterline/contract/bundles';
import { bundleListSpec } from '@meterline/contract/bundles';
import { formatMoneyAmount } from '@meterline/contract/money';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { bundles, subscriptions } from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import type { ServiceScope } from '../../scope/service-scope';

export type BundleRow = typeof bundles.$inferSelect;

/**
 * Open subscriptions on the bundle. Written with explicit aliases: in a single-table select
 * Drizzle renders columns unqualified, so `bundle_id = id` compared the subscription with itself.
 */
const subscriptionsCount = sql<number>`(select count(*)::int from subscriptions s where s.tenant_id = "bundles"."tenant_id" and s.bundle_id = "bundles"."id" and s.ended_on is null)`;

export function toBundle(row: BundleRow, count: number, decimals: number): Bundle {
  return {
    id: row.id,
    service: row.serviceId,
    name: row.name,
    description: row.description,
    amperage: row.amperage,
    price: formatMoneyAmount(row.price, decimals),
    unit_price: row.unitPrice,
    is_active: row.isActive,
    subscriptions_count: Number(count),
    created_at: row.createdAt.toISOString(),
  };
}

const scoped = (scope: ServiceScope) => and(eq(bundles.tenantId, scope.tenantId), eq(bundles.serviceId, scope.serviceId));

const orderingFields = {
  id: bundles.id,
  name: bundles.name,
  amperage: bundles.amperage,
  price: bundles.price,
  unit_price: bundles.unitPrice,
  is_active: bundles.isActive,
  created_at: bundles.createdAt,
} satisfies Record<(typeof bundleListSpec.ordering)[number], unknown>;

export function listBundlesSource(executor: Executor, scope: ServiceScope, query: ListBundlesQuery, decimals: number): ListSource<Bundle> {
  const conditions: (SQL | undefined)[] = [
    scoped(scope),
    searchCondition(query.search, [bundles.name, bundles.description]),
    query.is_active === undefined ? undefined : eq(bundles.isActive, query.is_active),
  ];
  const where = and(...conditions);
  const orderBy = orderByFor(query.ordering, orderingFields, bundleListSpec.defaultOrdering, bundles.id);
  return {
    countQuery: () => executor.select({ id: bundles.id }).from(bundles).where(where).$dynamic(),
    fetchPage: async (limit, offset) =>
      (
        await executor
          .select({ bundle: bundles, count: subscriptionsCount })
          .from(bundles)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map((row) => toBundle(row.bundle, row.count, decimals)),
  };
}

export async function findBundle(executor: Executor, scope: ServiceScope, bundleId: number, decimals: number): Promise<Bundle | null> {
  const [row] = await executor
    .select({ bundle: bundles, count: subscriptionsCount })
    .from(bundles)
    .where(and(scoped(scope), eq(bundles.id, bundleId)));
  return row ? toBundle(row.bundle, row.count, decimals) : null;
}

export async function findBundleRow(
  executor: Executor,
  scope: ServiceScope,
  bundleId: number,
  options: { lock?: boolean } = {},
): Promise<BundleRow | null> {
  const query = executor
    .select()
    .from(bundles)
    .where(and(scoped(scope), eq(bundles.id, bundleId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Every bundle of the service (the billing run's plan reads them once). */
export async function findServiceBundleRows(executor: Executor, scope: ServiceScope): Promise<BundleRow[]> {
  return executor.select().from(bundles).where(scoped(scope));
}

export async function insertBundle(executor: Executor, values: typeof bundles.$inferInsert): Promise<BundleRow> {
  return first(await executor.insert(bundles).values(values).returning(), 'a row inserted into bundles');
}

export async function updateBundleRow(
  executor: Executor,
  scope: ServiceScope,
  bundleId: number,
  values: Partial<typeof bundles.$inferInsert>,
): Promise<BundleRow> {
  // An update without any field (`PUT {}`) changes nothing.
  if (Object.values(values).every((value) => value === undefined)) return (await findBundleRow(executor, scope, bundleId)) as BundleRow;
  return first(
    await executor
      .update(bundles)
      .set(values)
      .where(and(scoped(scope), eq(bundles.id, bundleId)))
      .returning(),
    'the updated bundles row',
  );
}

/** Any subscription, open or closed, keeps its bundle: a used bundle cannot be deleted (409 protected). */
export async function isBundleReferenced(executor: Executor, scope: ServiceScope, bundleId: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, scope.tenantId), eq(subscriptions.bundleId, bundleId)))
    .limit(1);
  return Boolean(row);
}

export async function deleteBundleRow(executor: Executor, scope: ServiceScope, bundleId: number): Promise<void> {
  await executor.delete(bundles).where(and(scoped(scope), eq(bundles.id, bundleId)));
}
