import { and, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListTariffsQuery, Tariff } from '@meterline/contract/tariffs';
import { tariffListSpec } from '@meterline/contract/tariffs';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { bundles, tariffs } from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import type { ServiceScope } from '../../scope/service-scope';

export type TariffRow = typeof tariffs.$inferSelect;

const scoped = (scope: ServiceScope) => and(eq(tariffs.tenantId, scope.tenantId), eq(tariffs.serviceId, scope.serviceId));

/** A live invoice (not cancelled) has a line priced with the tariff. */
// Written with explicit aliases: Drizzle leaves columns unqualified when a query reads one table.
const inUse = sql<boolean>`exists (
  select 1 from invoice_line_pricing p
  join invoice_lines l on l.id = p.invoice_line_id and l.tenant_id = p.tenant_id
  join invoices i on i.id = l.invoice_id and i.tenant_id = l.tenant_id
  where p.tenant_id = "tariffs"."tenant_id" and p.tariff_id = "tariffs"."id" and i.status <> 'cancelled'
)`;

/** '2026-10-01' -> '2026-10' */
const monthText = (value: string) => value.slice(0, 7);
/** '2026-10' -> '2026-10-01' */
export const monthDate = (month: string) => `${month}-01`;

export function toTariff(row: TariffRow, isInUse: boolean): Tariff {
  return {
    id: row.id,
    service: row.serviceId,
    name: row.name,
    effective_from: monthText(row.effectiveFrom),
    effective_to: row.effectiveTo === null ? null : monthText(row.effectiveTo),
    unit_price: row.unitPrice,
    tiers: row.tiers ?? null,
    uplift_percent: row.upliftPercent,
    bundles: row.bundleIds,
    is_in_use: Boolean(isInUse),
    created_at: row.createdAt.toISOString(),
  };
}

const orderingFields = {
  id: tariffs.id,
  name: tariffs.name,
  effective_from: tariffs.effectiveFrom,
  effective_to: tariffs.effectiveTo,
  created_at: tariffs.createdAt,
} satisfies Record<(typeof tariffListSpec.ordering)[number], unknown>;

/** Tariffs in force in a month: started at or before it, not ended before it. */
export function inForceDuring(month: string): SQL | undefined {
  const first = monthDate(month);
  return and(lte(tariffs.effectiveFrom, first), or(isNull(tariffs.effectiveTo), gte(tariffs.effectiveTo, first)));
}

/** Tariffs for every bundle, or naming this one. */
function appliesToBundle(bundleId: number): SQL {
  return sql`("tariffs"."bundle_ids" = '[]'::jsonb or "tariffs"."bundle_ids" @> ${JSON.stringify([bundleId])}::jsonb)`;
}

export function listTariffsSource(executor: Executor, scope: ServiceScope, query: ListTariffsQuery): ListSource<Tariff> {
  const where = and(
    scoped(scope),
    searchCondition(query.search, [tariffs.name]),
    query.month === undefined ? undefined : inForceDuring(query.month),
    query.bundle === undefined ? undefined : appliesToBundle(query.bundle),
  );
  const orderBy = orderByFor(query.ordering, orderingFields, tariffListSpec.defaultOrdering, tariffs.id);
  return {
    countQuery: () => executor.select({ id: tariffs.id }).from(tariffs).where(where).$dynamic(),
    fetchPage: async (limit, offset) =>
      (
        await executor
          .select({ tariff: tariffs, inUse })
          .from(tariffs)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map((row) => toTariff(row.tariff, row.inUse)),
  };
}

export async function findTariff(executor: Executor, scope: ServiceScope, tariffId: number): Promise<Tariff | null> {
  const [row] = await executor
    .select({ tariff: tariffs, inUse })
    .from(tariffs)
    .where(and(scoped(scope), eq(tariffs.id, tariffId)));
  return row ? toTariff(row.tariff, row.inUse) : null;
}

/** The row, locked for a change, with whether a live invoice used it. */
export async function findTariffRowForUpdate(
  executor: Executor,
  scope: ServiceScope,
  tariffId: number,
): Promise<{ row: TariffRow; isInUse: boolean } | null> {
  const [found] = await executor
    .select({ row: tariffs, inUse })
    .from(tariffs)
    .where(and(scoped(scope), eq(tariffs.id, tariffId)))
    .for('update');
  return found ? { row: found.row, isInUse: Boolean(found.inUse) } : null;
}

/** Every tariff of the service, for pricing. */
export async function findServiceTariffs(executor: Executor, scope: ServiceScope): Promise<TariffRow[]> {
  return executor.select().from(tariffs).where(scoped(scope));
}

/** The ids among these that are bundles of the service. */
export async function findServiceBundleIds(executor: Executor, scope: ServiceScope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({ id: bundles.id })
    .from(bundles)
    .where(and(eq(bundles.tenantId, scope.tenantId), eq(bundles.serviceId, scope.serviceId), sql`${bundles.id} in ${ids}`));
  return rows.map((row) => row.id);
}

export async function insertTariff(executor: Executor, values: typeof tariffs.$inferInsert): Promise<TariffRow> {
  return first(await executor.insert(tariffs).values(values).returning(), 'a row inserted into tariffs');
}

export async function updateTariffRow(
  executor: Executor,
  scope: ServiceScope,
  tariffId: number,
  values: Partial<typeof tariffs.$inferInsert>,
): Promise<TariffRow> {
  return first(
    await executor
      .update(tariffs)
      .set(values)
      .where(and(scoped(scope), eq(tariffs.id, tariffId)))
      .returning(),
    'the updated tariffs row',
  );
}

export async function deleteTariffRow(executor: Executor, scope: ServiceScope, tariffId: number): Promise<void> {
  await executor.delete(tariffs).where(and(scoped(scope), eq(tariffs.id, tariffId)));
}
