import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, signInRoles, type RoleUnderTest } from '../../../test/billing';

/** Admins create, rename, disable, reorder and delete (when empty) their services. */

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;

interface ServiceBody {
  id: number;
  name: string;
  name_ar: string;
  unit: string;
  is_metered: boolean;
  is_active: boolean;
  position: number;
}

const patch = (client: Client, id: number, body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  client.request({ method: 'PATCH', url: `/api/services/${id}/`, payload: body as string, headers });
const listed = async (query = ''): Promise<ServiceBody[]> => (await admin.get(`/api/services/${query}`)).json();
const create = async (body: Record<string, unknown>): Promise<ServiceBody> => {
  const response = await admin.post('/api/services/', body);
  expect(response.statusCode).toBe(201);
  return response.json();
};

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(new Date('2026-11-20T09:00:00Z'));
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
});
afterAll(async () => context?.close());

describe('the services of a tenant', () => {
  it('start as Electricity (kWh) and Water (m³), metered, active, in that order, with their Arabic names', async () => {
    expect(await listed()).toEqual([
      expect.objectContaining({
        id: fixture.tenantA.electricityId,
        name: 'Electricity',
        name_ar: 'الكهرباء',
        unit: 'kWh',
        is_metered: true,
        is_active: true,
        position: 1,
      }),
      expect.objectContaining({
        id: fixture.tenantA.waterId,
        name: 'Water',
        name_ar: 'المياه',
        unit: 'm³',
        is_metered: true,
        is_active: true,
        position: 2,
      }),
    ]);
  });

  it('are created last, with their names, unit and metered flag, audited', async () => {
    const internet = await create({ name: '  Internet ', name_ar: 'إنترنت', unit: 'GB', is_metered: false });
    expect(internet).toMatchObject({ name: 'Internet', name_ar: 'إنترنت', unit: 'GB', is_metered: false, is_active: true, position: 3 });
    expect((await listed()).map((service) => service.name)).toEqual(['Electricity', 'Water', 'Internet']);
    const minimal = await create({ name: 'Parking' });
    expect(minimal).toMatchObject({ name_ar: '', unit: '', is_metered: true, is_active: true, position: 4 });
    const audit = (await admin.get(`/api/audit/?entity=service&entity_id=${internet.id}`)).json();
    expect(audit.results[0]).toMatchObject({ action: 'create_service' });
  });

  it.each([
    [{}, 'name', 'required', 'هذا الحقل مطلوب.'],
    [{ name: '   ' }, 'name', 'blank', 'لا يمكن ترك هذا الحقل فارغًا.'],
    [{ name: 'electricity' }, 'name', 'service_name_taken', 'توجد خدمة أخرى بهذا الاسم.'],
    [{ name: 'EV charging', unit: 'kilowatt-hours!!!' }, 'unit', 'max_length', 'يجب ألا يزيد هذا الحقل عن 16 حرفًا.'],
    [{ name: 'EV charging', is_metered: 'yes' }, 'is_metered', 'invalid_boolean', 'يجب أن تكون القيمة نعم أو لا.'],
    [{ name: 'x'.repeat(101) }, 'name', 'max_length', 'يجب ألا يزيد هذا الحقل عن 100 حرفًا.'],
  ])('refuses %j with a 400 on %s (%s), in Arabic too', async (body, field, code, arabic) => {
    const response = await admin.post('/api/services/', body, { 'accept-language': 'ar' });
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    expect(answer[field]).toEqual([arabic]);
  });

  it('are renamed in English and Arabic, and change unit and metered, through PATCH; GET answers one', async () => {
    const service = await create({ name: 'EV', unit: 'kWh' });
    const changed = await patch(admin, service.id, { name: 'EV charging', name_ar: 'شحن السيارات', unit: 'session', is_metered: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: service.id,
      name: 'EV charging',
      name_ar: 'شحن السيارات',
      unit: 'session',
      is_metered: false,
      position: service.position,
    });
    expect((await admin.get(`/api/services/${service.id}/`)).json()).toMatchObject({
      name: 'EV charging',
      name_ar: 'شحن السيارات',
      unit: 'session',
      is_metered: false,
    });
    // Its own name again, in another case: not taken.
    expect((await patch(admin, service.id, { name: 'EV Charging' })).statusCode).toBe(200);
    const taken = await patch(admin, service.id, { name: 'WATER' }, { 'accept-language': 'ar' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'service_name_taken', name: ['توجد خدمة أخرى بهذا الاسم.'] });
    expect((await patch(admin, service.id, { unit: 'u'.repeat(17) })).json()).toMatchObject({ code: 'max_length' });
    expect((await patch(admin, service.id, { is_active: 'no' })).statusCode).toBe(400);
  });

  it('keep the daily limit on PUT as the settings screen sends it', async () => {
    const response = await admin.put(`/api/services/${fixture.tenantA.waterId}/`, { max_consumption_per_day: '12' });
    expect(response.json()).toMatchObject({ name: 'Water', unit: 'm³', is_metered: true, max_consumption_per_day: '12.000' });
    await admin.put(`/api/services/${fixture.tenantA.waterId}/`, { max_consumption_per_day: null });
  });
});

describe('a disabled service', () => {
  it('leaves the selector, keeps its data readable, refuses new writes, and comes back when enabled', async () => {
    const service = await create({ name: 'Gas', unit: 'm³' });
    const path = (rest: string) => `/api/services/${service.id}/${rest}`;
    const bundle = (await admin.post(path('bundles/'), { name: 'Home', price: '5', unit_price: '1' })).json();
    expect(
      (await admin.post(path('customers/'), { initial_reading: '0', full_name: 'Before Disabling', bundle: bundle.id })).statusCode,
    ).toBe(201);

    const disabled = await patch(admin, service.id, { is_active: false });
    expect(disabled.json()).toMatchObject({ is_active: false });
    expect((await listed()).map((row) => row.id)).not.toContain(service.id);
    expect((await listed('?include_inactive=true')).find((row) => row.id === service.id)).toMatchObject({ is_active: false });
    const audit = (await admin.get(`/api/audit/?entity=service&entity_id=${service.id}`)).json();
    expect(audit.results[0]).toMatchObject({ action: 'disable_service' });

    const reads = await admin.get(path('customers/'));
    expect(reads.statusCode).toBe(200);
    expect(reads.json().count).toBe(1);
    const refused = await admin.post(
      path('customers/'),
      { initial_reading: '0', full_name: 'After Disabling', bundle: bundle.id },
      { 'accept-language': 'ar' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'service_inactive',
      detail: 'هذه الخدمة معطّلة: فعّلها من شاشة الخدمات قبل تعديل بياناتها.',
    });
    expect((await admin.put(path(`bundles/${bundle.id}/`), { price: '6' })).json()).toMatchObject({ code: 'service_inactive' });

    expect((await patch(admin, service.id, { is_active: true })).json()).toMatchObject({ is_active: true });
    expect(
      (await admin.post(path('customers/'), { initial_reading: '0', full_name: 'After Enabling', bundle: bundle.id })).statusCode,
    ).toBe(201);
  });
});

describe('a flat service', () => {
  it('takes no readings and no meter resets: 409 service_not_metered, in Arabic too, and the counter stays', async () => {
    const service = await create({ name: 'Web hosting', unit: 'month', is_metered: false });
    const path = (rest: string) => `/api/services/${service.id}/${rest}`;
    const bundle = (await admin.post(path('bundles/'), { name: '20 Mbps', price: '25', unit_price: '0' })).json();
    const customer = (await admin.post(path('customers/'), { initial_reading: '0', full_name: 'Flat Rate', bundle: bundle.id })).json();
    const meter = customer.subscription;
    const reading = await admin.put(path(`subscriptions/${meter.id}/update-counter/`), { counter: '10' }, { 'accept-language': 'ar' });
    expect(reading.statusCode).toBe(409);
    expect(reading.json()).toMatchObject({
      code: 'service_not_metered',
      detail: 'هذه الخدمة تُفوتَر برسم ثابت ولا عدّادات لها: لا تُسجَّل لها قراءات.',
    });
    const reset = await admin.post(path(`subscriptions/${meter.id}/reset-counter/`), { counter: '0', reason: 'New router' });
    expect(reset.json()).toMatchObject({ code: 'service_not_metered' });
    const readings = (await admin.get(path(`subscriptions/${meter.id}/readings/`))).json();
    expect(readings.count).toBe(0);
    expect((await admin.get(path(`customers/${customer.id}/`))).json().subscription.counter).toBe(meter.counter);
  });
});

describe('reordering', () => {
  it('puts every service at its new place, disabled ones too', async () => {
    const all = await listed('?include_inactive=true');
    const ids = all.map((service) => service.id).reverse();
    const response = await admin.post('/api/services/reorder/', { ids });
    expect(response.statusCode).toBe(200);
    expect((response.json() as ServiceBody[]).map((service) => [service.id, service.position])).toEqual(
      ids.map((id, index) => [id, index + 1]),
    );
    expect((await listed('?include_inactive=true')).map((service) => service.id)).toEqual(ids);
    const audit = (await admin.get('/api/audit/?entity=service')).json();
    expect(audit.results[0]).toMatchObject({ action: 'reorder_services' });
  });

  it.each([
    ['a service left out', (ids: number[]) => ids.slice(1)],
    ['a service twice', (ids: number[]) => [...ids, ids[0]]],
    ["another tenant's service", (ids: number[]) => [...ids.slice(1), fixture.tenantB.electricityId]],
  ])("refuses %s with a 400 in the caller's language", async (_name, idsOf) => {
    const ids = (await listed('?include_inactive=true')).map((service) => service.id);
    const response = await admin.post('/api/services/reorder/', { ids: idsOf(ids) }, { 'accept-language': 'ar' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'service_order_mismatch', ids: ['اذكر كل خدمات العميل مرة واحدة بالترتيب الجديد.'] });
  });

  it('refuses a body without ids', async () => {
    expect((await admin.post('/api/services/reorder/', { ids: [] })).json()).toMatchObject({ code: 'min_items' });
    expect((await admin.post('/api/services/reorder/', { ids: ['a'] })).statusCode).toBe(400);
  });
});

describe('deleting', () => {
  it('removes a service that holds nothing, and refuses one with data (disable it instead)', async () => {
    const empty = await create({ name: 'Trial' });
    expect((await admin.delete(`/api/services/${empty.id}/`)).statusCode).toBe(204);
    expect((await admin.get(`/api/services/${empty.id}/`)).statusCode).toBe(404);
    const used = await create({ name: 'Used' });
    expect((await admin.post(`/api/services/${used.id}/bundles/`, { name: 'Basic', price: '5' })).statusCode).toBe(201);
    const refused = await admin.delete(`/api/services/${used.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'protected' });
  });
});

describe('who may', () => {
  it('reads: every tenant role the selector, admins and accountants the Services screen; writes: admins only, whatever the body', async () => {
    const target = await create({ name: 'Permissions' });
    const bodies = [undefined, {}, { name: 'Renamed', is_active: true }, 'not json'];
    await expectPermissions(clients, [
      { name: 'GET services', allowed: ['admin', 'accountant', 'support', 'collector'], call: (client) => client.get('/api/services/') },
      {
        name: 'GET services with disabled',
        allowed: ['admin', 'accountant'],
        call: (client) => client.get('/api/services/?include_inactive=true'),
      },
      { name: 'GET service', allowed: ['admin', 'accountant'], call: (client) => client.get(`/api/services/${target.id}/`) },
      ...bodies.flatMap((body, index) => [
        {
          name: `POST service #${index}`,
          allowed: ['admin'] as RoleUnderTest[],
          call: (client: Client) => client.post('/api/services/', body ?? { name: `Allowed ${Math.random()}` }),
        },
        {
          name: `PATCH service #${index}`,
          allowed: ['admin'] as RoleUnderTest[],
          call: (client: Client) => patch(client, target.id, body ?? { name_ar: 'خدمة' }),
        },
        {
          name: `PUT service #${index}`,
          allowed: ['admin'] as RoleUnderTest[],
          call: (client: Client) => client.put(`/api/services/${target.id}/`, body ?? {}),
        },
        {
          name: `POST reorder #${index}`,
          allowed: ['admin'] as RoleUnderTest[],
          call: (client: Client) => client.post('/api/services/reorder/', body ?? { ids: [target.id] }),
        },
      ]),
      { name: 'DELETE service', allowed: ['admin'], call: (client) => client.delete(`/api/services/${fixture.tenantA.electricityId}/`) },
    ]);
    // The accountant sees the disabled ones on the Services screen; support only the active ones in the selector.
    await patch(admin, target.id, { is_active: false });
    expect(((await clients.accountant.get('/api/services/?include_inactive=true')).json() as ServiceBody[]).map((row) => row.id)).toContain(
      target.id,
    );
    expect(((await clients.support.get('/api/services/')).json() as ServiceBody[]).map((row) => row.id)).not.toContain(target.id);
  });

  it("another tenant's service is a 404 on every call", async () => {
    const other = fixture.tenantB.waterId;
    expect((await admin.get(`/api/services/${other}/`)).statusCode).toBe(404);
    expect((await patch(admin, other, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await admin.put(`/api/services/${other}/`, { max_consumption_per_day: '1' })).statusCode).toBe(404);
    expect((await admin.delete(`/api/services/${other}/`)).statusCode).toBe(404);
    const adminB = await fixture.as('b.admin');
    expect(((await adminB.get('/api/services/')).json() as ServiceBody[]).map((row) => row.name)).toEqual(['Electricity', 'Water']);
  });
});

describe('a new metered service', () => {
  it('has its counters: the list shows its meters and a reading is taken', async () => {
    const internet = await create({ name: 'Fibre', unit: 'GB', is_metered: true });
    const path = (rest: string) => `/api/services/${internet.id}/${rest}`;
    const bundle = (await admin.post(path('bundles/'), { name: '100 GB', price: '20', unit_price: '0.5' })).json();
    const customer = (
      await admin.post(path('customers/'), { initial_reading: '0', full_name: 'Fibre Household', bundle: bundle.id })
    ).json();
    const counters = await clients.collector.get(path('subscriptions/counters/'));
    expect(counters.statusCode).toBe(200);
    expect(counters.json().results).toEqual([expect.objectContaining({ id: customer.subscription.id })]);
    context.clock.advance(24 * 3600);
    const read = await clients.collector.put(path(`subscriptions/${customer.subscription.id}/update-counter/`), { counter: '42' });
    expect(read.statusCode).toBe(200);
  });
});
