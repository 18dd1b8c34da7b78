import { ERROR_CODES } from '@meterline/contract/errors';
import type { Building, Region, Street } from '@meterline/contract/addresses';
import type { DatabaseRegistry, Db } from '../../db/client';
import { databaseErrorCode, fieldError, notFound, protectedConflict } from '../../lib/http-errors';
import type { TenantActor } from '../../plugins/request-context';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import * as repository from './addresses.repository';

const NAME_TAKEN = {
  region: ERROR_CODES.regionNameTaken,
  street: ERROR_CODES.streetNameTaken,
  building: ERROR_CODES.buildingNameTaken,
} as const;

/**
 * The unique index settles a race that the name check missed (still a 400 on `name`), and a
 * foreign key one that the "in use" check missed (still a 409 protected).
 */
function rethrowAsClientError(entity: keyof typeof NAME_TAKEN) {
  return (error: unknown): never => {
    const code = databaseErrorCode(error);
    if (code === '23505') throw fieldError('name', NAME_TAKEN[entity]);
    if (code === '23503') throw protectedConflict();
    throw error;
  };
}

/** Regions, their streets and the streets' buildings, on the tenant's database. */
export function createAddressService(deps: { databases: DatabaseRegistry }) {
  const dbFor = (actor: TenantActor): Db => deps.databases.get(actor.dbAlias);
  const scopeOf = (actor: TenantActor) => ({ tenantId: actor.tenantId });

  async function requireRegion(db: Db, actor: TenantActor, regionId: number): Promise<Region> {
    const region = await repository.findRegion(db, scopeOf(actor), regionId);
    if (!region) throw notFound();
    return region;
  }

  /** The street of the path: of this tenant and of the path's region, else 404. */
  async function requireStreet(db: Db, actor: TenantActor, regionId: number, streetId: number): Promise<Street> {
    await requireRegion(db, actor, regionId);
    const street = await repository.findStreet(db, { ...scopeOf(actor), regionId }, streetId);
    if (!street) throw notFound();
    return street;
  }

  async function requireBuilding(db: Db, actor: TenantActor, regionId: number, streetId: number, buildingId: number): Promise<Building> {
    await requireStreet(db, actor, regionId, streetId);
    const building = await repository.findBuilding(db, { ...scopeOf(actor), streetId }, buildingId);
    if (!building) throw notFound();
    return building;
  }

  return {
    async listRegions(actor: TenantActor): Promise<Region[]> {
      return repository.listRegions(dbFor(actor), scopeOf(actor));
    },

    async createRegion(actor: TenantActor, name: string, context: AuditContext): Promise<Region> {
      const db = dbFor(actor);
      const scope = scopeOf(actor);
      if (await repository.isRegionNameTaken(db, scope, name)) throw fieldError('name', NAME_TAKEN.region);
      return db
        .transaction(async (tx) => {
          const region = await repository.insertRegion(tx, scope, name);
          await recordAudit(tx, context, { action: 'create', entity: 'region', entityId: region.id, after: region });
          return region;
        })
        .catch(rethrowAsClientError('region'));
    },

    async updateRegion(actor: TenantActor, regionId: number, name: string | undefined, context: AuditContext): Promise<Region> {
      const db = dbFor(actor);
      const scope = scopeOf(actor);
      const before = await requireRegion(db, actor, regionId);
      if (name !== undefined && (await repository.isRegionNameTaken(db, scope, name, regionId)))
        throw fieldError('name', NAME_TAKEN.region);
      return db
        .transaction(async (tx) => {
          const after = await repository.updateRegion(tx, scope, regionId, name ?? before.name);
          await recordAudit(tx, context, { action: 'update', entity: 'region', entityId: regionId, before, after });
          return after;
        })
        .catch(rethrowAsClientError('region'));
    },

    async deleteRegion(actor: TenantActor, regionId: number, context: AuditContext): Promise<void> {
      const db = dbFor(actor);
      const scope = scopeOf(actor);
      const before = await requireRegion(db, actor, regionId);
      if (await repository.isRegionUsed(db, scope, regionId)) throw protectedConflict();
      await db
        .transaction(async (tx) => {
          await repository.deleteRegion(tx, scope, regionId);
          await recordAudit(tx, context, { action: 'delete', entity: 'region', entityId: regionId, before });
        })
        .catch(rethrowAsClientError('region'));
    },

    async listStreets(actor: TenantActor, regionId: number): Promise<Street[]> {
      const db = dbFor(actor);
      await requireRegion(db, actor, regionId);
      return repository.listStreets(db, { ...scopeOf(actor), regionId });
    },

    async createStreet(actor: TenantActor, regionId: number, name: string, context: AuditContext): Promise<Street> {
      const db = dbFor(actor);
      const scope = { ...scopeOf(actor), regionId };
      await requireRegion(db, actor, regionId);
      if (await repository.isStreetNameTaken(db, scope, name)) throw fieldError('name', NAME_TAKEN.street);
      return db
        .transaction(async (tx) => {
          const street = await repository.insertStreet(tx, scope, name);
          await recordAudit(tx, context, { action: 'create', entity: 'street', entityId: street.id, after: street });
          return street;
        })
        .catch(rethrowAsClientError('street'));
    },

    async updateStreet(
      actor: TenantActor,
      regionId: number,
      streetId: number,
      name: string | undefined,
      context: AuditContext,
    ): Promise<Street> {
      const db = dbFor(actor);
      const scope = { ...scopeOf(actor), regionId };
      const before = await requireStreet(db, actor, regionId, streetId);
      if (name !== undefined && (await repository.isStreetNameTaken(db, scope, name, streetId)))
        throw fieldError('name', NAME_TAKEN.street);
      return db
        .transaction(async (tx) => {
          const after = await repository.updateStreet(tx, scope, streetId, name ?? before.name);
          await recordAudit(tx, context, { action: 'update', entity: 'street', entityId: streetId, before, after });
          return after;
        })
        .catch(rethrowAsClientError('street'));
    },

    async deleteStreet(actor: TenantActor, regionId: number, streetId: number, context: AuditContext): Promise<void> {
      const db = dbFor(actor);
      const scope = { ...scopeOf(actor), regionId };
      const before = await requireStreet(db, actor, regionId, streetId);
      if (await repository.isStreetUsed(db, scope, streetId)) throw protectedConflict();
      await db
        .transaction(async (tx) => {
          await repository.deleteStreet(tx, scope, streetId);
          await recordAudit(tx, context, { action: 'delete', entity: 'street', entityId: streetId, before });
        })
        .catch(rethrowAsClientError('street'));
    },

    async listBuildings(actor: TenantActor, regionId: number, streetId: number): Promise<Building[]> {
      const db = dbFor(actor);
      await requireStreet(db, actor, regionId, streetId);
      return repository.listBuildings(db, { ...scopeOf(actor), streetId });
    },

    async createBuilding(actor: TenantActor, regionId: number, streetId: number, name: string, context: AuditContext): Promise<Building> {
      const db = dbFor(actor);
      const scope = { ...scopeOf(actor), streetId };
      await requireStreet(db, actor, regionId, streetId);
      if (await repository.isBuildingNameTaken(db, scope, name)) throw fieldError('name', NAME_TAKEN.building);
      return db
        .transaction(async (tx) => {
          const building = await repository.insertBuilding(tx, scope, name);
          await recordAudit(tx, context, { action: 'create', entity: 'building', entityId: building.id, after: building });
          return building;
        })
        .catch(rethrowAsClientError('building'));
    },

    async updateBuilding(
      actor: TenantActor,
      regionId: number,
      streetId: number,
      buildingId: number,
      name: string | undefined,
      context: AuditContext,
    ): Promise<Building> {
      const db = dbFor(actor);
      const scope = { ...scopeOf(actor), streetId };
      const before = await requireBuilding(db, actor, regionId, streetId, buildingId);
      if (name !== undefined && (await repository.isBuildingNameTaken(db, scope, name, buildingId)))
        throw fieldError('name', NAME_TAKEN.building);
      return db
        .transaction(async (tx) => {
          const after = await repository.updateBuilding(tx, scope, buildingId, name ?? before.name);
          await recordAudit(tx, context, { action: 'update', entity: 'building', entityId: buildingId, before, after });
          return after;
        })
        .catch(rethrowAsClientError('building'));
    },

    async deleteBuilding(actor: TenantActor, regionId: number, streetId: number, buildingId: number, context: AuditContext): Promise<void> {
      const db = dbFor(actor);
      const scope = { ...scopeOf(actor), streetId };
      const before = await requireBuilding(db, actor, regionId, streetId, buildingId);
      if (await repository.isBuildingUsed(db, scope, buildingId)) throw protectedConflict();
      await db
        .transaction(async (tx) => {
          await repository.deleteBuilding(tx, scope, buildingId);
          await recordAudit(tx, context, { action: 'delete', entity: 'building', entityId: buildingId, before });
        })
        .catch(rethrowAsClientError('building'));
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
