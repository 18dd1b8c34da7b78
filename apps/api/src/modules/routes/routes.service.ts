import type { z } from 'zod';
import { ERROR_CODES } from '@meterline/contract/errors';
import { normalizeRole } from '@meterline/contract/roles';
import type {
  createRouteAssignmentInputSchema,
  createVisitInputSchema,
  ListRouteAssignmentsQuery,
  ListRoutesQuery,
  RouteAssignment,
  RouteBuilding,
  RouteQuery,
  RouteStop,
  RouteVisit,
} from '@meterline/contract/routes';
import type { RoundFieldData } from '@meterline/contract/round-field-data';
import { first } from '@meterline/contract/invariant';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, constraintName, fieldError, forbidden, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { assertAddressFilters, assertCustomer, assertStation, findUserNames } from '../../scope/references';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import { customerLinkOf, findCustomersWhere } from '../customers/index';
import type { PublicLinkSigner } from '../../lib/public-link';
import { findOpenInvoicesWhere } from '../invoices/index';
import { findCountersWhere } from '../subscriptions/index';
import { findTenantUser } from '../users/index';
import {
  deleteAssignmentRow,
  findAssignment,
  findAssignmentRowForUpdate,
  findRouteBuilding,
  findRoundBuildings,
  insertAssignment,
  insertVisit,
  isOnRound,
  listAssignmentsSource,
  listRouteStopsSource,
  onRoundWithBuilding,
  type AssignmentListRow,
  type RoundDay,
} from './routes.repository';

type CreateVisitData = z.output<typeof createVisitInputSchema>;
type CreateAssignmentData = z.output<typeof createRouteAssignmentInputSchema>;

const isCollector = (context: ServiceContext) => normalizeRole(context.actor.role) === 'collector';

type RouteDeps = { clock: Clock; defaultDb: Db; publicLinks: PublicLinkSigner };

/** A tenant user with the collector role (400 on the field otherwise). */
async function assertCollector(deps: RouteDeps, tenantId: number, userId: number, field = 'collector') {
  const user = await findTenantUser(deps.defaultDb, { tenantId }, userId);
  if (!user) throw fieldError(field, ERROR_CODES.doesNotExist, { id: userId });
  if (normalizeRole(user.role) !== 'collector') throw fieldError(field, ERROR_CODES.notACollector);
}

/** Whose round: a collector's own (asking for another's is a 403); others name the collector. */
async function roundDay(deps: RouteDeps, context: ServiceContext, query: RouteQuery): Promise<RoundDay> {
  let collectorId: number;
  if (isCollector(context)) {
    if (query.collector !== undefined && query.collector !== context.actor.userId) throw forbidden();
    collectorId = context.actor.userId;
  } else {
    if (query.collector === undefined) throw fieldError('collector', ERROR_CODES.collectorRequired);
    await assertCollector(deps, context.scope.tenantId, query.collector);
    collectorId = query.collector;
  }
  return {
    collectorId,
    date: query.date ?? todayIn(context.terms.timezone, deps.clock.now()),
    timezone: context.terms.timezone,
    isMetered: context.service.isMetered,
    decimals: context.terms.decimals,
  };
}

/**
 * The round's whole day for the phone (docs/offline.md): its buildings with their customers, the
 * customers' records, their open invoices and their meters, in a fixed number of statements.
 */
async function roundFieldData(deps: RouteDeps, context: ServiceContext, query: RouteQuery): Promise<RoundFieldData> {
  const { db, scope, terms } = context;
  const day = await roundDay(deps, context, query);
  const onRound = onRoundWithBuilding(scope, day.collectorId);
  const today = todayIn(terms.timezone, deps.clock.now());
  const buildings = (await findRoundBuildings(db, scope, day)).map((row) => ({ ...row, date: day.date, collector: day.collectorId }));
  // Each customer as the customer's own call answers it, its bill link included.
  const customers = await findCustomersWhere(db, scope, onRound, terms, customerLinkOf(deps.publicLinks));
  const openInvoices = await findOpenInvoicesWhere(db, scope, onRound, terms, today, deps.publicLinks.urlFor);
  const counters = day.isMetered
    ? await findCountersWhere(db, scope, onRound, (ids) => findUserNames(deps.defaultDb, scope.tenantId, ids))
    : [];
  return { date: day.date, collector: day.collectorId, buildings, customers, open_invoices: openInvoices, counters };
}

/**
 * Route sheets: the round of a day for a collector (a collector sees their own only), the visits
 * recorded at the doors, and which regions or stations each collector walks.
 */
export function createRouteService(deps: RouteDeps) {
  async function toAssignments(context: ServiceContext, rows: AssignmentListRow[]): Promise<RouteAssignment[]> {
    const names = await findUserNames(
      deps.defaultDb,
      context.scope.tenantId,
      rows.map((row) => row.assignment.collectorId),
    );
    return rows.map(({ assignment, regionName, stationName }) => ({
      id: assignment.id,
      service: assignment.serviceId,
      collector: assignment.collectorId,
      collector_name: names.get(assignment.collectorId) ?? '',
      region: assignment.regionId,
      region_name: regionName,
      station: assignment.stationId,
      station_name: stationName,
      created_at: assignment.createdAt.toISOString(),
    }));
  }

  return {
    fieldData: (context: ServiceContext, query: RouteQuery) => roundFieldData(deps, context, query),

    async listSource(context: ServiceContext, query: ListRoutesQuery): Promise<ListSource<RouteStop>> {
      return listRouteStopsSource(context.db, context.scope, await roundDay(deps, context, query), query);
    },

    async getBuilding(context: ServiceContext, buildingId: number, query: RouteQuery): Promise<RouteBuilding> {
      const day = await roundDay(deps, context, query);
      const building = await findRouteBuilding(context.db, context.scope, day, buildingId);
      if (!building) throw notFound();
      return { ...building, date: day.date, collector: day.collectorId };
    },

    async recordVisit(context: ServiceContext, input: CreateVisitData, audit: AuditContext): Promise<RouteVisit> {
      const { db, scope, actor } = context;
      await assertCustomer(db, scope, input.customer);
      // A collector records visits on their own round; the office on any customer of the service.
      if (isCollector(context) && !(await isOnRound(db, scope, actor.userId, input.customer))) {
        throw fieldError('customer', ERROR_CODES.notOnRound);
      }
      const now = deps.clock.now();
      const row = await db.transaction(async (tx) => {
        const visit = await insertVisit(tx, {
          tenantId: scope.tenantId,
          serviceId: scope.serviceId,
          customerId: input.customer,
          outcome: input.outcome,
          note: input.note,
          visitedOn: todayIn(context.terms.timezone, now),
          visitedAt: now,
          visitedBy: actor.userId,
        });
        await recordAudit(tx, audit, { action: 'create', entity: 'route_visit', entityId: visit.id, after: visit });
        return visit;
      });
      const names = await findUserNames(deps.defaultDb, scope.tenantId, [actor.userId]);
      return {
        id: row.id,
        customer: row.customerId,
        outcome: row.outcome as RouteVisit['outcome'],
        note: row.note,
        visited_on: row.visitedOn,
        visited_at: row.visitedAt.toISOString(),
        visited_by: row.visitedBy,
        visited_by_name: row.visitedBy === null ? null : (names.get(row.visitedBy) ?? null),
      };
    },

    async listAssignmentsSource(context: ServiceContext, query: ListRouteAssignmentsQuery): Promise<ListSource<RouteAssignment>> {
      return listAssignmentsSource(context.db, context.scope, query, (rows) => toAssignments(context, rows));
    },

    async getAssignment(context: ServiceContext, id: number): Promise<RouteAssignment> {
      const row = await findAssignment(context.db, context.scope, id);
      if (!row) throw notFound();
      return first(await toAssignments(context, [row]), 'the assignment of the row found');
    },

    async createAssignment(context: ServiceContext, input: CreateAssignmentData, audit: AuditContext): Promise<RouteAssignment> {
      const { db, scope, actor } = context;
      const region = input.region ?? null;
      const station = input.station ?? null;
      if ((region === null) === (station === null)) throw fieldError(region === null ? 'region' : 'station', ERROR_CODES.regionOrStation);
      await assertCollector(deps, scope.tenantId, input.collector);
      if (region !== null) await assertAddressFilters(db, scope.tenantId, { region });
      if (station !== null) await assertStation(db, scope, station);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const row = await insertAssignment(tx, {
            tenantId: scope.tenantId,
            serviceId: scope.serviceId,
            collectorId: input.collector,
            regionId: region,
            stationId: station,
            createdAt: deps.clock.now(),
            createdBy: actor.userId,
          });
          await recordAudit(tx, audit, { action: 'create', entity: 'route_assignment', entityId: row.id, after: row });
          return row.id;
        });
      } catch (error) {
        const constraint = constraintName(error);
        if (constraint === 'route_assignments_region_key' || constraint === 'route_assignments_station_key')
          throw conflict(ERROR_CODES.routeAlreadyAssigned);
        throw error;
      }
      return this.getAssignment(context, id);
    },

    async removeAssignment(context: ServiceContext, id: number, audit: AuditContext): Promise<void> {
      const { db, scope } = context;
      await db.transaction(async (tx) => {
        const current = await findAssignmentRowForUpdate(tx, scope, id);
        if (!current) throw notFound();
        await deleteAssignmentRow(tx, scope, id);
        await recordAudit(tx, audit, { action: 'delete', entity: 'route_assignment', entityId: id, before: current });
      });
    },
  };
}

export type RouteService = ReturnType<typeof createRouteService>;
