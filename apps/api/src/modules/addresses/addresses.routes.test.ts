import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nth } from '@meterline/contract/invariant';
import { auditLog, customers, regions, stations } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';

let context: TestContext;
let fixture: Fixture;
let admin: Client;

beforeAll(async () => {
  context = await createTestContext({ env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000' } });
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
});
afterAll(async () => context?.close());

describe('services', () => {
  it("answers the caller's tenant's services as a plain array", async () => {
    const response = await (await fixture.as('a.collector')).get('/api/services/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: fixture.tenantA.electricityId,
        name: 'Electricity',
        name_ar: 'الكهرباء',
        unit: 'kWh',
        is_metered: true,
        is_active: true,
        position: 1,
        max_consumption_per_day: null,
      },
      {
        id: fixture.tenantA.waterId,
        name: 'Water',
        name_ar: 'المياه',
        unit: 'm³',
        is_metered: true,
        is_active: true,
        position: 2,
        max_consumption_per_day: null,
      },
    ]);
    const other = await (await fixture.as('b.support')).get('/api/services/');
    expect(other.json().map((service: { id: number }) => service.id)).toEqual([fixture.tenantB.electricityId, fixture.tenantB.waterId]);
  });
});

describe('regions', () => {
  it('lists, creates (201), renames and deletes an unused region', async () => {
    const created = await admin.post('/api/regions/', { name: '  Hamra  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), name: 'Hamra' });
    const id = created.json().id;

    const list = await (await fixture.as('a.support')).get('/api/regions/');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((region: { name: string }) => region.name)).toEqual(['Hamra', 'Region a']);

    const renamed = await admin.put(`/api/regions/${id}/`, { name: 'Hamra West' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id, name: 'Hamra West' });
    expect((await admin.put(`/api/regions/${id}/`, {})).json()).toEqual({ id, name: 'Hamra West' });

    expect((await admin.delete(`/api/regions/${id}/`)).statusCode).toBe(204);
    expect(await context.db.select().from(regions).where(eq(regions.id, id))).toHaveLength(0);
  });

  it('requires a name, unique within the tenant (any case): 400 on name', async () => {
    const blank = await admin.post('/api/regions/', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toHaveProperty('name');
    const missing = await admin.post('/api/regions/', {});
    expect(missing.json()).toHaveProperty('name');
    const taken = await admin.post('/api/regions/', { name: 'REGION A' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().name).toEqual(['A region with this name already exists.']);
    // Another tenant may use the same name.
    expect((await (await fixture.as('b.admin')).post('/api/regions/', { name: 'Region a' })).statusCode).toBe(201);
    const other = (await admin.post('/api/regions/', { name: 'Other' })).json();
    expect((await admin.put(`/api/regions/${other.id}/`, { name: 'region a' })).statusCode).toBe(400);
  });

  it('refuses to delete a used region: 409 protected (streets, customers or stations)', async () => {
    const withStreet = await admin.delete(`/api/regions/${fixture.tenantA.regionId}/`);
    expect(withStreet.statusCode).toBe(409);
    expect(withStreet.json().code).toBe('protected');

    const lonely = (await admin.post('/api/regions/', { name: 'Customer region' })).json();
    await context.db
      .insert(customers)
      .values({ tenantId: fixture.tenantA.id, serviceId: fixture.tenantA.electricityId, code: 'R-1', fullName: 'X', regionId: lonely.id });
    expect((await admin.delete(`/api/regions/${lonely.id}/`)).statusCode).toBe(409);

    const stationRegion = (await admin.post('/api/regions/', { name: 'Station region' })).json();
    await context.db.insert(stations).values({
      tenantId: fixture.tenantA.id,
      serviceId: fixture.tenantA.electricityId,
      name: 'S',
      code: 'S-1',
      regionId: stationRegion.id,
    });
    expect((await admin.delete(`/api/regions/${stationRegion.id}/`)).statusCode).toBe(409);
  });

  it("another tenant's region in the path is a 404", async () => {
    const other = fixture.tenantB.regionId;
    expect((await admin.put(`/api/regions/${other}/`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await admin.delete(`/api/regions/${other}/`)).statusCode).toBe(404);
    expect((await admin.get(`/api/regions/${other}/streets/`)).statusCode).toBe(404);
    expect((await admin.post(`/api/regions/${other}/streets/`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await admin.get(`/api/regions/999999/streets/`)).statusCode).toBe(404);
  });
});

describe('streets and buildings', () => {
  it('are written and read under their parents', async () => {
    const region = (await admin.post('/api/regions/', { name: 'Achrafieh' })).json();
    const street = await admin.post(`/api/regions/${region.id}/streets/`, { name: 'Monot' });
    expect(street.statusCode).toBe(201);
    expect(street.json()).toEqual({ id: expect.any(Number), name: 'Monot', region_id: region.id });
    const streetId = street.json().id;
    const buildingsUrl = `/api/regions/${region.id}/streets/${streetId}/buildings/`;
    const building = await admin.post(buildingsUrl, { name: 'Block 7' });
    expect(building.statusCode).toBe(201);
    expect(building.json()).toEqual({ id: expect.any(Number), name: 'Block 7', street_id: streetId });

    const collector = await fixture.as('a.collector');
    expect((await collector.get(`/api/regions/${region.id}/streets/`)).json()).toEqual([street.json()]);
    expect((await collector.get(buildingsUrl)).json()).toEqual([building.json()]);

    // Same names under another parent are fine; twice under one parent is a 400.
    expect((await admin.post(`/api/regions/${fixture.tenantA.regionId}/streets/`, { name: 'Monot' })).statusCode).toBe(201);
    expect((await admin.post(`/api/regions/${region.id}/streets/`, { name: 'monot' })).json()).toHaveProperty('name');
    expect((await admin.post(buildingsUrl, { name: 'BLOCK 7' })).statusCode).toBe(400);

    expect((await admin.put(`${buildingsUrl}${building.json().id}/`, { name: 'Block 8' })).json().name).toBe('Block 8');
    expect((await admin.put(`/api/regions/${region.id}/streets/${streetId}/`, { name: 'Rue Monot' })).json()).toEqual({
      id: streetId,
      name: 'Rue Monot',
      region_id: region.id,
    });

    // A street with buildings is protected; once empty it goes.
    expect((await admin.delete(`/api/regions/${region.id}/streets/${streetId}/`)).json().code).toBe('protected');
    expect((await admin.delete(`${buildingsUrl}${building.json().id}/`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/regions/${region.id}/streets/${streetId}/`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/regions/${region.id}/`)).statusCode).toBe(204);
  });

  it('a building used by a customer is protected', async () => {
    const { regionId, streetId, buildingId } = fixture.tenantA;
    await context.db
      .insert(customers)
      .values({ tenantId: fixture.tenantA.id, serviceId: fixture.tenantA.electricityId, code: 'B-1', fullName: 'Y', buildingId });
    const response = await admin.delete(`/api/regions/${regionId}/streets/${streetId}/buildings/${buildingId}/`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'protected' });
  });

  it('a street of another region, or of another tenant, in the path is a 404', async () => {
    const { regionId, streetId, buildingId } = fixture.tenantA;
    const otherRegion = (await admin.post('/api/regions/', { name: 'Elsewhere' })).json().id;
    expect((await admin.get(`/api/regions/${otherRegion}/streets/${streetId}/buildings/`)).statusCode).toBe(404);
    expect((await admin.put(`/api/regions/${otherRegion}/streets/${streetId}/`, { name: 'x' })).statusCode).toBe(404);
    expect((await admin.delete(`/api/regions/${otherRegion}/streets/${streetId}/`)).statusCode).toBe(404);
    expect((await admin.post(`/api/regions/${otherRegion}/streets/${streetId}/buildings/`, { name: 'x' })).statusCode).toBe(404);
    expect((await admin.put(`/api/regions/${otherRegion}/streets/${streetId}/buildings/${buildingId}/`, { name: 'x' })).statusCode).toBe(
      404,
    );

    const b = fixture.tenantB;
    expect((await admin.get(`/api/regions/${b.regionId}/streets/${b.streetId}/buildings/`)).statusCode).toBe(404);
    expect((await admin.get(`/api/regions/${regionId}/streets/${b.streetId}/buildings/`)).statusCode).toBe(404);
    expect((await admin.put(`/api/regions/${regionId}/streets/${streetId}/buildings/${b.buildingId}/`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await admin.delete(`/api/regions/${b.regionId}/streets/${b.streetId}/buildings/${b.buildingId}/`)).statusCode).toBe(404);
  });

  it('refuses a tenant in the body (400) and ignores a parent in it', async () => {
    const tenant = await admin.post('/api/regions/', { name: 'Sneaky', tenant: fixture.tenantB.id });
    expect(tenant.statusCode).toBe(400);
    expect(tenant.json()).toHaveProperty('tenant');
    const street = await admin.post(`/api/regions/${fixture.tenantA.regionId}/streets/`, {
      name: 'Parent from path',
      region_id: fixture.tenantB.regionId,
    });
    expect(street.json().region_id).toBe(fixture.tenantA.regionId);
  });

  it('records every write once with who, what, before and after', async () => {
    const region = (await admin.post('/api/regions/', { name: 'Audited' })).json();
    await admin.put(`/api/regions/${region.id}/`, { name: 'Audited 2' });
    await admin.delete(`/api/regions/${region.id}/`);
    const rows = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'region'), eq(auditLog.entityId, String(region.id))))
      .orderBy(auditLog.id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[1]).toMatchObject({
      tenantId: fixture.tenantA.id,
      actorId: fixture.tenantA.users.admin,
      actorRole: 'admin',
      before: { id: region.id, name: 'Audited' },
      after: { id: region.id, name: 'Audited 2' },
    });
    expect(nth(rows, 1).ip).toBeTruthy();
    expect(nth(rows, 1).requestId).toBeTruthy();
  });
});
