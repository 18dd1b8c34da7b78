import { eq } from 'drizzle-orm';
import type { Role } from '@meterline/contract/roles';
import { first } from '@meterline/contract/invariant';
import type { Db } from '../src/db/client';
import { regions, services, streets, buildings, tenants, users } from '../src/db/schema/index';
import { createPasswordHasher } from '../src/lib/password';
import { provisionTenantData } from '../src/modules/tenants/tenant-provisioning';
import { signIn, type Client, type TestContext } from './harness';

export const TEST_PASSWORD = 'test-pass-123';

export interface TenantFixture {
  id: number;
  electricityId: number;
  waterId: number;
  regionId: number;
  streetId: number;
  buildingId: number;
  users: Record<Exclude<Role, 'superadmin'>, number>;
}

export interface Fixture {
  superadminId: number;
  tenantA: TenantFixture;
  tenantB: TenantFixture;
  /** Signs in a fixture user: `superadmin`, `a.admin`, `b.collector`, ... */
  as(username: string): Promise<Client>;
}

const hasher = createPasswordHasher({ memoryCost: 8, timeCost: 1 });
let passwordHash: Promise<string> | null = null;

async function createTenantFixture(db: Db, prefix: string, hash: string, dbAlias = 'default', tenantDb: Db = db): Promise<TenantFixture> {
  const tenant = first(
    await db
      .insert(tenants)
      .values({ name: `Tenant ${prefix.toUpperCase()}`, slug: `tenant-${prefix}`, dbAlias })
      .returning(),
    'a row inserted into tenants',
  );
  await provisionTenantData(tenantDb, tenant.id, { companyName: `Company ${prefix.toUpperCase()}` });
  const tenantServices = await tenantDb.select().from(services).where(eq(services.tenantId, tenant.id));
  const region = first(
    await tenantDb
      .insert(regions)
      .values({ tenantId: tenant.id, name: `Region ${prefix}` })
      .returning(),
    'a row inserted into regions',
  );
  const street = first(
    await tenantDb
      .insert(streets)
      .values({ tenantId: tenant.id, regionId: region.id, name: `Street ${prefix}` })
      .returning(),
    'a row inserted into streets',
  );
  const building = first(
    await tenantDb
      .insert(buildings)
      .values({ tenantId: tenant.id, streetId: street.id, name: `Building ${prefix}` })
      .returning(),
    'a row inserted into buildings',
  );
  const ids = {} as TenantFixture['users'];
  for (const role of ['admin', 'accountant', 'support', 'collector'] as const) {
    const user = first(
      await db
        .insert(users)
        .values({
          tenantId: tenant.id,
          username: `${prefix}.${role}`,
          email: `${prefix}.${role}@example.com`,
          passwordHash: hash,
          role,
          firstName: role,
          lastName: prefix.toUpperCase(),
        })
        .returning(),
      'a row inserted into users',
    );
    ids[role] = user.id;
  }
  return {
    id: tenant.id,
    electricityId: tenantServices.find((service) => service.name === 'Electricity')!.id,
    waterId: tenantServices.find((service) => service.name === 'Water')!.id,
    regionId: region.id,
    streetId: street.id,
    buildingId: building.id,
    users: ids,
  };
}

/** Two tenants (A and B), each with one user per role, plus the superadmin. */
export async function createFixture(context: TestContext, options: { tenantBAlias?: string } = {}): Promise<Fixture> {
  passwordHash ??= hasher.hash(TEST_PASSWORD);
  const hash = await passwordHash;
  const db = context.db;
  const superadmin = first(
    await db
      .insert(users)
      .values({ username: 'superadmin', passwordHash: hash, role: 'superadmin', isSuperuser: true, firstName: 'Super', lastName: 'Admin' })
      .returning(),
    'a row inserted into users',
  );
  const tenantA = await createTenantFixture(db, 'a', hash);
  const alias = options.tenantBAlias ?? 'default';
  const tenantB = await createTenantFixture(db, 'b', hash, alias, context.databases.get(alias));
  return {
    superadminId: superadmin.id,
    tenantA,
    tenantB,
    as: (username) => signIn(context.app, username, TEST_PASSWORD),
  };
}
