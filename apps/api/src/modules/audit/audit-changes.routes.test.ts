import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@meterline/contract/audit';
import { AUDIT_FIELDS, auditFieldKind, HISTORY_ENTITIES } from '@meterline/contract/audit-fields';
import { auditLog } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';
import { assertBeforeNamesEveryField } from './audit.repository';

/**
 * The History tabs read the audit log (docs/security.md, "The audit log"): every audited change keeps
 * the old value of each field it changes, readings are their own entity, and every field written for
 * the History tabs' entities is in the contract's catalogue (`AUDIT_FIELDS`), which the web labels.
 */
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let dataDir: string;
/** Every entry of tenant A's history, once the scenario ran. */
let entries: AuditEntry[] = [];
const ids = { small: 0, large: 0, north: 0, south: 0, region: 0, customer: 0, oldMeter: 0, meter: 0, voided: 0, cancelled: 0 };
const readingsOf: Record<number, number[]> = {};

const pathOf = (rest: string) => servicePath(fixture.tenantA, rest);

async function ok(response: Promise<LightMyRequestResponse>) {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`${answer.statusCode} ${answer.body}`);
  return answer.statusCode === 204 ? null : answer.json();
}

const audit = async (query: string): Promise<AuditEntry[]> => (await ok(admin.get(`/api/audit/?page_size=100&${query}`))).results;
/** Every row of tenant A's history (the business rows; the staff's are `?entity=user`), newest first. */
async function everything(): Promise<AuditEntry[]> {
  const rows: AuditEntry[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await ok(admin.get(`/api/audit/?page_size=100&page=${page}`));
    rows.push(...answer.results);
    if (!answer.next) return rows;
  }
}

beforeAll(async () => {
  // Reminders and invoices are sent through the outbox channel, under DATA_DIR.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-audit-changes-'));
  context = await createTestContext({ env: { DATA_DIR: dataDir } });
  context.clock.set(new Date('2026-08-01T09:00:00Z'));
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');

  const small = await ok(admin.post(pathOf('bundles/'), { name: '5 A', amperage: '5', price: '10', unit_price: '0.3' }));
  const large = await ok(admin.post(pathOf('bundles/'), { name: '10 A', amperage: '10', price: '18', unit_price: '0.3' }));
  const north = await ok(admin.post(pathOf('stations/'), { name: 'North', code: 'ST-N', capacity: '100', notes: 'by the river' }));
  const south = await ok(admin.post(pathOf('stations/'), { name: 'South' }));
  const region = await ok(admin.post('/api/regions/', { name: 'Hamra' }));
  const street = await ok(admin.post(`/api/regions/${region.id}/streets/`, { name: 'Bliss' }));
  const building = await ok(admin.post(`/api/regions/${region.id}/streets/${street.id}/buildings/`, { name: 'Tower 2' }));
  Object.assign(ids, { small: small.id, large: large.id, north: north.id, south: south.id, region: region.id });

  // A customer with every field filled, so that every change below has an old value.
  const customer = await ok(
    admin.post(pathOf('customers/'), {
      full_name: 'Rania Khoury',
      phone: '+961 3 000001',
      email: 'rania@example.com',
      national_id: 'N-1',
      floor: '2',
      apartment: '4',
      notes: 'gate code 12',
      station: north.id,
      bundle: small.id,
      initial_reading: '0',
      region: fixture.tenantA.regionId,
      street: fixture.tenantA.streetId,
      building: fixture.tenantA.buildingId,
      started_on: '2026-07-01',
    }),
  );
  ids.customer = customer.id;
  ids.oldMeter = customer.subscription.id;
  await ok(admin.put(pathOf(`subscriptions/${ids.oldMeter}/update-counter/`), { counter: '100' }));
  context.clock.advance(86_400);
  // Every field at once, the bundle 5 A -> 10 A with the meter read at the change.
  await ok(
    admin.put(pathOf(`customers/${customer.id}/`), {
      full_name: 'Rania K.',
      phone: '+961 3 000002',
      email: 'rania.k@example.com',
      national_id: 'N-2',
      floor: '3',
      apartment: '5',
      notes: 'gate code 13',
      station: south.id,
      status: 'suspended',
      code: 'C-NEW',
      bundle: large.id,
      initial_reading: '150',
      started_on: '2026-08-02',
      region: region.id,
      street: street.id,
      building: building.id,
    }),
  );
  ids.meter = (await ok(admin.get(pathOf(`customers/${customer.id}/`)))).subscription.id;
  context.clock.advance(3600);
  await ok(admin.put(pathOf(`subscriptions/${ids.meter}/update-counter/`), { counter: '200', confirm_unusual: true }));
  const latest = (await ok(admin.get(pathOf(`subscriptions/${ids.meter}/readings/`)))).results[0];
  ids.voided = latest.id;
  await ok(admin.post(pathOf(`subscriptions/${ids.meter}/readings/${latest.id}/void/`), { reason: 'typo' }));
  await ok(admin.post(pathOf(`subscriptions/${ids.meter}/reset-counter/`), { final_counter: '250', counter: '0', reason: 'replaced' }));
  for (const meter of [ids.oldMeter, ids.meter]) {
    readingsOf[meter] = (await ok(admin.get(pathOf(`subscriptions/${meter}/readings/`)))).results.map((row: { id: number }) => row.id);
  }

  const invoice = await ok(
    admin.post(pathOf('invoices/'), {
      customer: customer.id,
      period_start: '2026-07-01',
      period_end: '2026-07-31',
      lines: [{ description: 'Fee', quantity: '1', unit_price: '12.5' }],
    }),
  );
  ids.cancelled = invoice.id;
  await ok(admin.post(pathOf(`invoices/${invoice.id}/cancel/`), { reason: 'Wrong month' }));
  const sent = await ok(
    admin.post(pathOf('invoices/'), {
      customer: customer.id,
      period_start: '2026-06-01',
      period_end: '2026-06-30',
      lines: [{ description: 'Fee', quantity: '1', unit_price: '20' }],
    }),
  );
  await ok(admin.post(pathOf('invoices/send/'), { invoices: [sent.id] }));
  context.clock.set(new Date('2026-10-01T09:00:00Z'));
  await ok(admin.post(pathOf('overdue/remind/'), { customers: [customer.id] }));

  // The records without a History tab keep their old values too.
  await ok(admin.put(pathOf(`bundles/${small.id}/`), { name: '6 A', amperage: '6', price: '11', unit_price: '0.35', is_active: false }));
  await ok(admin.put(pathOf(`stations/${north.id}/`), { name: 'North 2', code: 'ST-N2', capacity: '120', notes: 'moved' }));
  await ok(admin.put(`/api/regions/${region.id}/`, { name: 'Hamra 2' }));
  const settingsId = (await ok(admin.get('/api/config/'))).id;
  await ok(admin.put(`/api/config/${settingsId}/`, { invoice_footer: 'Thank you' }));
  await ok(admin.put(`/api/config/${settingsId}/`, { invoice_footer: 'Thanks' }));
  const tariff = await ok(
    admin.post(pathOf('tariffs/'), { name: 'October', effective_from: '2026-10', unit_price: '0.3', bundles: [large.id] }),
  );
  await ok(admin.put(pathOf(`tariffs/${tariff.id}/`), { name: 'October 2', unit_price: '0.4', bundles: [large.id, small.id] }));

  entries = await everything();
});
afterAll(async () => {
  await context?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const changeOf = (entry: AuditEntry | undefined, field: string) => entry?.changes.find((change) => change.field === field);
/** The changes as [field, before, after], by field (jsonb keeps its own key order). */
const triples = (entry: AuditEntry | undefined) =>
  (entry?.changes ?? [])
    .map((change) => [change.field, change.before, change.after])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('the history of a change', () => {
  it("keeps every changed field's old value, the bundle's included, and names the ids", async () => {
    const [update] = await audit(`entity=customer&entity_id=${ids.customer}`).then((rows) => rows.filter((row) => row.action === 'update'));
    const fields = update!.changes.map((change) => change.field).sort();
    expect(fields).toEqual(
      [
        'apartment',
        'buildingId',
        'bundleId',
        'code',
        'email',
        'floor',
        'fullName',
        'initialReading',
        'nationalId',
        'notes',
        'phone',
        'regionId',
        'startedOn',
        'stationId',
        'status',
        'streetId',
      ].sort(),
    );
    expect(update!.changes.filter((change) => change.before === null || change.before === '')).toEqual([]);
    expect(changeOf(update, 'bundleId')).toEqual({
      field: 'bundleId',
      before: ids.small,
      after: ids.large,
      before_name: '6 A',
      after_name: '10 A',
    });
    expect(changeOf(update, 'stationId')).toMatchObject({ before_name: 'North 2', after_name: 'South' });
    expect(changeOf(update, 'regionId')).toMatchObject({ before_name: 'Region a', after_name: 'Hamra 2' });
    expect(changeOf(update, 'startedOn')).toMatchObject({ before: '2026-07-01', after: '2026-08-02' });
    // The meter's reading before the change and the one given at it.
    expect(changeOf(update, 'initialReading')).toMatchObject({ before: '100.000', after: '150.000' });
    expect(changeOf(update, 'fullName')).not.toHaveProperty('before_name');
  });

  it('gives every update of any record a before for each field that had a value', () => {
    // Fields that truly had no value before the change: a first reading has no earlier time; a reset's
    // or a void's reason, an invoice's cancellation, the settings' footer are new.
    const hadNoValue = new Set(['reading update_counter takenAt', 'reading reset_counter reason', 'reading void_reading reason']);
    hadNoValue.add('invoice cancel cancelledAt');
    hadNoValue.add('invoice cancel cancelReason');
    hadNoValue.add('settings update invoice_footer');
    const withoutBefore = entries
      .filter((entry) => !['create', 'delete', 'send_invoice', 'send_reminder', 'create_service'].includes(entry.action))
      .flatMap((entry) =>
        entry.changes
          .filter((change) => change.before === null || change.before === '')
          .map((change) => `${entry.entity} ${entry.action} ${change.field}`),
      )
      .filter((name) => !hadNoValue.has(name));
    expect(withoutBefore).toEqual([]);
    const updated = new Set(entries.filter((entry) => entry.action === 'update').map((entry) => entry.entity));
    expect([...updated].sort()).toEqual(['bundle', 'customer', 'region', 'settings', 'station', 'tariff']);
    // The first footer had none; the second change has the first as its before.
    const footers = entries.filter((entry) => entry.entity === 'settings').map((entry) => changeOf(entry, 'invoice_footer')?.before);
    expect(footers).toContain('Thank you');
  });

  it('names each reading as the entity, with its values and no request flags', async () => {
    const meterRows = await audit(`entity=reading&subscription=${ids.meter}`);
    expect(meterRows.map((entry) => entry.action)).toEqual(['reset_counter', 'update_counter', 'void_reading', 'update_counter']);
    expect(meterRows.every((entry) => entry.entity === 'reading')).toBe(true);
    // Every reading of the meter is the entity of one row (the voided one has its reading and its void).
    const recorded = meterRows.filter((entry) => entry.action !== 'void_reading').map((entry) => Number(entry.entity_id));
    expect(recorded.sort()).toEqual([...readingsOf[ids.meter]!].sort());
    const [reset, final, voided, reading] = meterRows;
    expect(voided).toMatchObject({ entity_id: String(ids.voided) });
    expect(triples(reading)).toEqual([
      ['counter', '150.000', '200.000'],
      ['takenAt', '2026-08-02T09:00:00.000Z', '2026-08-02T10:00:00.000Z'],
    ]);
    // Back to the reading before it; this meter had no live reading of its own (the one at the change is the old meter's).
    expect(triples(voided)).toEqual([
      ['counter', '200.000', '150.000'],
      ['reason', null, 'typo'],
      ['takenAt', '2026-08-02T10:00:00.000Z', null],
    ]);
    expect(triples(final)).toEqual([
      ['counter', '150.000', '250.000'],
      ['takenAt', null, '2026-08-02T10:00:00.000Z'],
    ]);
    expect(triples(reset)).toEqual([
      ['counter', '250.000', '0.000'],
      ['reason', null, 'replaced'],
    ]);
    // The reading taken at the bundle change is the old meter's.
    const oldMeterRows = await audit(`entity=reading&subscription=${ids.oldMeter}`);
    expect(oldMeterRows.map((entry) => Number(entry.entity_id)).sort()).toEqual([...readingsOf[ids.oldMeter]!].sort());
    expect(triples(oldMeterRows[0])).toEqual([
      ['counter', '100.000', '150.000'],
      ['takenAt', '2026-08-01T09:00:00.000Z', '2026-08-02T09:00:00.000Z'],
    ]);
    // One reading's history by its own id.
    expect((await audit(`entity=reading&entity_id=${ids.voided}`)).map((entry) => entry.action)).toEqual([
      'void_reading',
      'update_counter',
    ]);
    expect(await audit(`entity=subscription&entity_id=${ids.meter}`)).toEqual([]);
  });

  it('writes for the History tabs only fields of the catalogue the screens label', () => {
    const unknown = entries
      .filter((entry) => (HISTORY_ENTITIES as string[]).includes(entry.entity))
      .flatMap((entry) =>
        entry.changes.filter((change) => !auditFieldKind(entry.entity, change.field)).map((change) => `${entry.entity}.${change.field}`),
      );
    expect([...new Set(unknown)]).toEqual([]);
    // Each entity of the History tabs was written by the scenario.
    expect([...new Set(entries.map((entry) => entry.entity))]).toEqual(expect.arrayContaining(Object.keys(AUDIT_FIELDS)));
  });

  it('answers the rows written before readings were their own entity in the same shape', async () => {
    const tenantId = fixture.tenantA.id;
    const [first, second] = readingsOf[ids.oldMeter]!.slice().sort((a, b) => a - b);
    const old = (action: string, before: unknown, after: unknown) => ({
      tenantId,
      actorId: fixture.tenantA.users.admin,
      actorRole: 'admin',
      action,
      entity: 'subscription',
      entityId: String(ids.oldMeter),
      before,
      after,
      at: new Date('2026-01-01T00:00:00Z'),
    });
    await context.db.insert(auditLog).values([
      old(
        'update_counter',
        { counter: '0.000' },
        { counter: '5.000', taken_at: '2026-01-01T00:00:00.000Z', confirm_unusual: false, reading_ids: [first] },
      ),
      old(
        'reset_counter',
        { counter: '5.000' },
        { counter: '0.000', final_counter: '6.000', reason: 'old meter', reading_ids: [first, second] },
      ),
      old('void_reading', { counter: '6.000' }, { counter: '5.000', reading: second, reason: 'typo' }),
      {
        ...old('update_counter', { counter: '0.000' }, { counter: '5.000', at_bundle_change: true, reading_ids: [first] }),
        entity: 'customer',
      },
    ]);
    const rows = (await audit(`entity=reading&subscription=${ids.oldMeter}`)).filter((entry) => entry.at.startsWith('2026-01-01'));
    expect(rows.map((entry) => [entry.action, entry.entity, entry.entity_id])).toEqual([
      ['void_reading', 'reading', String(second)],
      ['reset_counter', 'reading', String(second)],
      ['update_counter', 'reading', String(first)],
    ]);
    expect(rows.map((entry) => entry.changes.map((change) => change.field).sort())).toEqual([
      ['counter', 'reason'],
      ['counter', 'finalCounter', 'reason'],
      ['counter', 'takenAt'],
    ]);
    const ofSecond = (await audit(`entity=reading&entity_id=${second}`)).filter((entry) => entry.at.startsWith('2026-01-01'));
    expect(ofSecond.map((entry) => entry.action)).toEqual(['void_reading', 'reset_counter']);
  });
});

describe('the rule of every audited change', () => {
  it("refuses a row whose before lacks a field its after names (the bundle change's bug)", () => {
    const row = { action: 'update', entity: 'customer', entityId: 1 };
    expect(() => assertBeforeNamesEveryField({ ...row, before: { fullName: 'A' }, after: { fullName: 'B', bundleId: 2 } })).toThrow(
      /customer update has no before for bundleId/,
    );
    expect(() =>
      assertBeforeNamesEveryField({ ...row, before: { fullName: 'A', bundleId: null }, after: { fullName: 'B', bundleId: 2 } }),
    ).not.toThrow();
    expect(() => assertBeforeNamesEveryField({ ...row, action: 'create', after: { bundleId: 2 } })).not.toThrow();
    expect(() => assertBeforeNamesEveryField({ ...row, before: { name: 'A' }, after: { name: 'B', updatedAt: new Date() } })).not.toThrow();
  });
});
