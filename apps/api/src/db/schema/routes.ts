import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers, stations } from './billing';
import { regions, services } from './tenant-data';

/** Route sheets (docs/collectors.md): a region or a station of a service assigned to a collector. */
export const routeAssignments = pgTable(
  'route_assignments',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    /** A user of the default database (role collector). */
    collectorId: integer('collector_id').notNull(),
    regionId: integer('region_id').references(() => regions.id),
    stationId: integer('station_id').references(() => stations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (table) => [
    index('route_assignments_tenant_service_collector_idx').on(table.tenantId, table.serviceId, table.collectorId),
    uniqueIndex('route_assignments_region_key')
      .on(table.tenantId, table.serviceId, table.collectorId, table.regionId)
      .where(sql`${table.regionId} is not null`),
    uniqueIndex('route_assignments_station_key')
      .on(table.tenantId, table.serviceId, table.collectorId, table.stationId)
      .where(sql`${table.stationId} is not null`),
    check('route_assignments_one_target', sql`(${table.regionId} is null) <> (${table.stationId} is null)`),
  ],
);

/** Append-only: what happened at a customer's door on a round (absent, refused, ...). */
export const routeVisits = pgTable(
  'route_visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    outcome: text('outcome').notNull(),
    note: text('note').notNull().default(''),
    /** The tenant's calendar day of the visit. */
    visitedOn: date('visited_on', { mode: 'string' }).notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
    visitedBy: integer('visited_by'),
  },
  (table) => [index('route_visits_tenant_customer_day_idx').on(table.tenantId, table.customerId, table.visitedOn, table.id)],
);
