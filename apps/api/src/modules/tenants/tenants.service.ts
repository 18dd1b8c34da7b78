import type { ListQuery } from '@meterline/contract/pagination';
import type { Tenant, UpdateTenantInput } from '@meterline/contract/tenants';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { DatabaseRegistry, Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { constraintName, databaseErrorCode, fieldError, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { provisionTenantData } from './tenant-provisioning';
import {
  endSessionsOfTenantUsers,
  findTenant,
  insertTenant,
  isSlugTaken,
  listTenantsSource,
  lockTenantRow,
  toTenant,
  updateTenantRow,
  type TenantRow,
} from './tenants.repository';

type CreateTenantData = {
  name: string;
  slug: string;
  email: string;
  phone: string;
  address: string;
  db_alias: string;
  currency?: string;
};

/** The tenant's own fields for the audit log (users_count is derived, not part of the change). */
function auditSnapshot(row: TenantRow) {
  const { users_count: _usersCount, ...fields } = toTenant(row, 0);
  return fields;
}

/** Tenants (the superadmin's "Clients"): platform rows in `default`, business data on their alias. */
export function createTenantService(deps: { databases: DatabaseRegistry; clock: Clock }) {
  const { databases, clock } = deps;
  const db: Db = databases.default;

  function assertConfiguredAlias(alias: string) {
    if (!databases.has(alias)) {
      throw fieldError('db_alias', ERROR_CODES.unknownDbAlias, { alias, aliases: databases.aliases.join(', ') });
    }
  }

  /** A concurrent create or rename with the same slug loses on the unique index: still a 400 on `slug`. */
  function rethrowSlugConflict(error: unknown): never {
    if (databaseErrorCode(error) === '23505' && (constraintName(error) ?? '').includes('slug'))
      throw fieldError('slug', ERROR_CODES.slugTaken);
    throw error;
  }

  async function setBlocked(tenantId: number, isBlocked: boolean, context: AuditContext): Promise<Tenant> {
    await db.transaction(async (tx) => {
      const row = await lockTenantRow(tx, tenantId);
      if (!row) throw notFound();
      // Blocking a blocked tenant changes nothing, so it records nothing.
      if (row.isBlocked === isBlocked) return;
      const updated = await updateTenantRow(tx, tenantId, { isBlocked, updatedAt: clock.now() });
      // Blocking ends every token of the client's users for good: unblocking does not revive them.
      if (isBlocked) await endSessionsOfTenantUsers(tx, tenantId);
      await recordAudit(tx, context, {
        action: isBlocked ? 'block' : 'unblock',
        entity: 'tenant',
        entityId: tenantId,
        before: { is_blocked: row.isBlocked },
        after: { is_blocked: updated.isBlocked },
        tenantId,
      });
    });
    return get(tenantId);
  }

  async function get(tenantId: number): Promise<Tenant> {
    const tenant = await findTenant(db, tenantId);
    if (!tenant) throw notFound();
    return tenant;
  }

  return {
    get,

    /** 404 unless the tenant exists: the tenant-user routes check their path with it. */
    async requireExists(tenantId: number): Promise<void> {
      await get(tenantId);
    },

    aliases: (): string[] => databases.aliases,

    listSource(query: ListQuery & { is_blocked?: boolean; db_alias?: string }): ListSource<Tenant> {
      return listTenantsSource(db, query);
    },

    /**
     * The tenant row in `default`, and its settings and services on its alias. With another alias the
     * alias transaction commits inside the default one: a failed provisioning rolls the tenant back.
     */
    async create(input: CreateTenantData, context: AuditContext): Promise<Tenant> {
      assertConfiguredAlias(input.db_alias);
      if (await isSlugTaken(db, input.slug)) throw fieldError('slug', ERROR_CODES.slugTaken);
      const currency = input.currency ?? 'USD';
      return db
        .transaction(async (tx) => {
          const row = await insertTenant(tx, {
            name: input.name,
            slug: input.slug,
            email: input.email,
            phone: input.phone,
            address: input.address,
            dbAlias: input.db_alias,
            createdAt: clock.now(),
            updatedAt: clock.now(),
          });
          const tenant = toTenant(row, 0);
          await recordAudit(tx, context, {
            action: 'create',
            entity: 'tenant',
            entityId: row.id,
            after: { ...auditSnapshot(row), currency },
            tenantId: row.id,
          });
          const provisioning = { currency, companyName: input.name };
          if (input.db_alias === 'default') await provisionTenantData(tx, row.id, provisioning);
          else await databases.get(input.db_alias).transaction((aliasTx) => provisionTenantData(aliasTx, row.id, provisioning));
          return tenant;
        })
        .catch(rethrowSlugConflict);
    },

    async update(tenantId: number, input: UpdateTenantInput, context: AuditContext): Promise<Tenant> {
      if (input.slug !== undefined && (await isSlugTaken(db, input.slug, tenantId))) throw fieldError('slug', ERROR_CODES.slugTaken);
      await db
        .transaction(async (tx) => {
          const row = await lockTenantRow(tx, tenantId);
          if (!row) throw notFound();
          // Its data lives on that database: moving it is an operation, not a field edit.
          if (input.db_alias !== undefined && input.db_alias !== row.dbAlias) {
            throw fieldError('db_alias', ERROR_CODES.dbAliasFixed);
          }
          const updated = await updateTenantRow(tx, tenantId, {
            name: input.name,
            slug: input.slug,
            email: input.email,
            phone: input.phone,
            address: input.address,
            updatedAt: clock.now(),
          });
          await recordAudit(tx, context, {
            action: 'update',
            entity: 'tenant',
            entityId: tenantId,
            before: auditSnapshot(row),
            after: auditSnapshot(updated),
            tenantId,
          });
        })
        .catch(rethrowSlugConflict);
      return get(tenantId);
    },

    block: (tenantId: number, context: AuditContext) => setBlocked(tenantId, true, context),
    unblock: (tenantId: number, context: AuditContext) => setBlocked(tenantId, false, context),
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
