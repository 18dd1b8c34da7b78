import type { z } from 'zod';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { createServiceInputSchema, Service, updateServiceInputSchema } from '@meterline/contract/services';
import type { DatabaseRegistry } from '../../db/client';
import { databaseErrorCode, fieldError, notFound, protectedConflict } from '../../lib/http-errors';
import type { AuditContext, TenantActor } from '../../plugins/request-context';
import { recordAudit } from '../audit/index';
import {
  deleteServiceRow,
  findService,
  insertServiceRow,
  isServiceInUse,
  isServiceNameTaken,
  listServices,
  lockService,
  lockTenantServices,
  setServicePositions,
  updateServiceRow,
  type ServiceValues,
} from './services.repository';

type CreateServiceData = z.output<typeof createServiceInputSchema>;
type UpdateServiceData = z.output<typeof updateServiceInputSchema>;

function valuesOf(input: UpdateServiceData): ServiceValues {
  return {
    name: input.name,
    nameAr: input.name_ar,
    unit: input.unit,
    isMetered: input.is_metered,
    isActive: input.is_active,
    maxConsumptionPerDay: input.max_consumption_per_day,
  };
}

/**
 * The tenant's services (docs/tenants-and-settings.md): admins add, rename, disable and reorder them. Every
 * change is audited; another tenant's service is a 404 like a missing one.
 */
export function createServicesService(databases: DatabaseRegistry) {
  const dbOf = (actor: TenantActor) => databases.get(actor.dbAlias);
  const scopeOf = (actor: TenantActor) => ({ tenantId: actor.tenantId });

  return {
    list(actor: TenantActor, options: { includeInactive?: boolean }): Promise<Service[]> {
      return listServices(dbOf(actor), scopeOf(actor), options);
    },

    async get(actor: TenantActor, serviceId: number): Promise<Service> {
      const service = await findService(dbOf(actor), scopeOf(actor), serviceId);
      if (!service) throw notFound();
      return service;
    },

    async create(actor: TenantActor, input: CreateServiceData, audit: AuditContext): Promise<Service> {
      const scope = scopeOf(actor);
      return dbOf(actor).transaction(async (tx) => {
        // Locks the tenant's services: two admins adding at once get distinct positions and names.
        await lockTenantServices(tx, scope);
        if (await isServiceNameTaken(tx, scope, input.name)) throw fieldError('name', ERROR_CODES.serviceNameTaken);
        const created = await insertServiceRow(tx, scope, { ...valuesOf(input), name: input.name });
        await recordAudit(tx, audit, { action: 'create_service', entity: 'service', entityId: created.id, after: created });
        return created;
      });
    },

    /**
     * A partial change. PUT (the settings screen's daily limit) keeps writing its audit row as a
     * setting, as before; PATCH (the Services screen) writes it as the service's.
     */
    async update(
      actor: TenantActor,
      serviceId: number,
      input: UpdateServiceData,
      audit: AuditContext,
      auditEntity: 'service' | 'settings' = 'service',
    ): Promise<Service> {
      const scope = scopeOf(actor);
      return dbOf(actor).transaction(async (tx) => {
        const before = await lockService(tx, scope, serviceId);
        if (!before) throw notFound();
        if (input.name !== undefined && (await isServiceNameTaken(tx, scope, input.name, serviceId)))
          throw fieldError('name', ERROR_CODES.serviceNameTaken);
        const after = await updateServiceRow(tx, scope, serviceId, valuesOf(input));
        const action =
          input.is_active === undefined || input.is_active === before.is_active
            ? 'update_service'
            : input.is_active
              ? 'enable_service'
              : 'disable_service';
        await recordAudit(tx, audit, { action, entity: auditEntity, entityId: serviceId, before, after });
        return after;
      });
    },

    /** `ids`: every service of the tenant, active or not, once each; they take positions 1, 2, 3... */
    async reorder(actor: TenantActor, ids: number[], audit: AuditContext): Promise<Service[]> {
      const scope = scopeOf(actor);
      return dbOf(actor).transaction(async (tx) => {
        const current = await lockTenantServices(tx, scope);
        const known = new Set(current.map((service) => service.id));
        const given = new Set(ids);
        if (given.size !== ids.length || given.size !== known.size || ids.some((id) => !known.has(id)))
          throw fieldError('ids', ERROR_CODES.serviceOrderMismatch);
        const before = [...current].sort((a, b) => a.position - b.position || a.id - b.id).map((service) => service.id);
        await setServicePositions(tx, scope, ids);
        await recordAudit(tx, audit, {
          action: 'reorder_services',
          entity: 'service',
          entityId: null,
          before: { ids: before },
          after: { ids },
        });
        return listServices(tx, scope, { includeInactive: true });
      });
    },

    /** Only a service that holds nothing goes; one with data is disabled instead (409 protected). */
    async remove(actor: TenantActor, serviceId: number, audit: AuditContext): Promise<void> {
      const scope = scopeOf(actor);
      try {
        await dbOf(actor).transaction(async (tx) => {
          const before = await lockService(tx, scope, serviceId);
          if (!before) throw notFound();
          if (await isServiceInUse(tx, scope, serviceId)) throw protectedConflict();
          await recordAudit(tx, audit, { action: 'delete_service', entity: 'service', entityId: serviceId, before });
          await deleteServiceRow(tx, scope, serviceId);
        });
      } catch (error) {
        // Anything else pointing at it (a route sheet, a reminder): in use as well.
        if (databaseErrorCode(error) === '23503') throw protectedConflict();
        throw error;
      }
    },
  };
}
