import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@meterline/contract/pagination';
import { tenantListSpec, type Tenant, type UpdateTenantInput } from '@meterline/contract/tenants';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { DatabaseRegistry, Db } from '../../db/client';
import { tenants, users } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { constraintName, databaseErrorCode, fieldError, notFound } from '../../lib/http-errors';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import { recordAudit, type AuditContext } from '../audit/audit.repository';
import { provisionTenantData } from './tenant-provisioning';
import { findTenant, isSlugTaken, lockTenantRow, toTenant, usersCountColumn, type TenantRow } from './tenants.repository';
import { first } from '@meterline/contract/invariant';

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

  function assertConfiguredAlias(alias: string) {
    if (!databases.has(alias)) {
      throw fieldError('db_alias', ERROR_CODES.unknownDbAlias, { alias, aliases: databases.aliases.join(', ') });
    }
  }

  /** A concurrent create or rename with the same slug loses on the unique index: still a 400 on `slug`. */
  function rethrowSlugConflict(error: unknown): never {
    if (databaseErrorCode(error) === '23505' && (constraintName(error) ?? '').includes('slug')) throw fieldError('slug', ERROR_CODES.slugTaken);
    throw error;
  }

  async function setBlocked(tenantId: number, isBlocked: boolean, context: AuditContext): Promise<Tenant> {
    await db.transaction(async (tx) => {
      const row = await lockTenantRow(tx, tenantId);
      if (!row) throw notFound();
      // Blocking a blocked tenant changes nothing, so it records nothing.
      if (row.isBlocked === isBlocked) return;
      const updated = first(await tx.update(tenants).set({ isBlocked, updatedAt: clock.now() }).where(eq(tenants.id, tenantId)).returning(), 'the updated tenants row');
      // Blocking ends every token of the client's users for good: unblocking does not revive them.
      if (isBlocked) await tx.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.tenantId, tenantId));
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
          const row = first(await tx
            .insert(tenants)
            .values({
              name: input.name,
              slug: input.slug,
              email: input.email,
              phone: input.phone,
              address: input.address,
              dbAlias: input.db_alias,
              createdAt: clock.now(),
              updatedAt: clock.now(),
            })
            .returning(), 'a row inserted into tenants');
          const tenant = toTenant(row, 0);
          await recordAudit(tx, context, { action: 'create', entity: 'tenant', entityId: row.id, after: { ...auditSnapshot(row), currency }, tenantId: row.id });
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
          const updated = first(await tx
            .update(tenants)
            .set({ name: input.name, slug: input.slug, email: input.email, phone: input.phone, address: input.address, updatedAt: clock.now() })
            .where(eq(tenants.id, tenantId))
            .returning(), 'the updated tenants row');
          await recordAudit(tx, context, { action: 'update', entity: 'tenant', entityId: tenantId, before: auditSnapshot(row), after: auditSnapshot(updated), tenantId });
        })
        .catch(rethrowSlugConflict);
      return get(tenantId);
    },

    block: (tenantId: number, context: AuditContext) => setBlocked(tenantId, true, context),
    unblock: (tenantId: number, context: AuditContext) => setBlocked(tenantId, false, context),
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
