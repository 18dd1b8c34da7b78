import { and, count, eq, ne, sql } from 'drizzle-orm';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import {
  auditLog,
  buildings,
  bundles,
  customers,
  invoices,
  notificationChannels,
  notificationMessages,
  regions,
  services,
  stations,
  streets,
  users,
} from '../../db/schema/index';
import { selectRows } from '../../scope/codes';

const exists = (table: { tenantId: unknown }, tenantId: number, extra = sql`true`) =>
  sql`exists (select 1 from ${table} where ${(table as typeof customers).tenantId} = ${tenantId} and ${extra})`;

/**
 * What the tenant already has, in one query on its database (every part filtered by its tenant);
 * its company name and logo come from the settings repository.
 */
export async function findSetupFacts(executor: Executor, tenantId: number) {
  const row = first(
    await selectRows<Record<string, boolean | null>>(
      executor,
      sql`select
          exists (select 1 from ${auditLog} where ${auditLog.tenantId} = ${tenantId} and ${auditLog.entity} = 'settings') as settings_saved,
          ${exists(invoices, tenantId)} as has_invoices,
          ${exists(services, tenantId)} as has_services,
          ${exists(bundles, tenantId)} as has_bundles,
          ${exists(stations, tenantId)} as has_stations,
          ${exists(regions, tenantId)} as has_regions,
          ${exists(streets, tenantId)} as has_streets,
          ${exists(buildings, tenantId)} as has_buildings,
          ${exists(customers, tenantId)} as has_customers,
          ${exists(notificationChannels, tenantId, sql`${notificationChannels.enabled}`)} as has_channel,
          ${exists(notificationMessages, tenantId, sql`${notificationMessages.kind} = 'test' and ${notificationMessages.status} in ('sent', 'delivered')`)} as has_test_message`,
    ),
    'the row of the setup facts',
  );
  return {
    settingsSaved: Boolean(row.settings_saved),
    hasInvoices: Boolean(row.has_invoices),
    hasServices: Boolean(row.has_services),
    hasBundles: Boolean(row.has_bundles),
    hasStations: Boolean(row.has_stations),
    hasRegions: Boolean(row.has_regions),
    hasStreets: Boolean(row.has_streets),
    hasBuildings: Boolean(row.has_buildings),
    hasCustomers: Boolean(row.has_customers),
    hasChannel: Boolean(row.has_channel),
    hasTestMessage: Boolean(row.has_test_message),
  };
}

/** Active staff of the tenant besides the one asking (users live in `default`). */
export async function countOtherStaff(defaultDb: Executor, tenantId: number, userId: number): Promise<number> {
  const [row] = await defaultDb
    .select({ count: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isActive, true), ne(users.id, userId)));
  return Number(row?.count ?? 0);
}
