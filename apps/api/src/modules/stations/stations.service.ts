import type { ListStationsQuery, Station } from '@meterline/contract/stations';
import type { z } from 'zod';
import type { createStationInputSchema, updateStationInputSchema } from '@meterline/contract/stations';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Clock } from '../../lib/clock';
import { fieldError, notFound, protectedConflict } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { isForeignKeyViolation, isUniqueViolation, nextSerialId } from '../../scope/codes';
import { decimalFieldText } from '../../lib/decimal-input';
import { assertAddressFilters, resolveAddress, resolveAddressChange } from '../../scope/references';
import type { ServiceContext } from '../../scope/service-scope';
import {
  deleteStationRow,
  findStation,
  findStationRow,
  generateStationCode,
  insertStation,
  isStationCodeTaken,
  isStationReferenced,
  listStationsSource,
  updateStationRow,
} from './stations.repository';

type CreateStationData = z.output<typeof createStationInputSchema>;
type UpdateStationData = z.output<typeof updateStationInputSchema>;

function decimalColumns(input: { capacity?: string | null; latitude?: string | null; longitude?: string | null }) {
  const convert = (field: string, value: string | null | undefined, scale: number, maxDigits: number, allowNegative = false) =>
    value === undefined ? undefined : value === null ? null : decimalFieldText(field, value, scale, { maxDigits, allowNegative });
  const latitude = convert('latitude', input.latitude, 6, 9, true);
  const longitude = convert('longitude', input.longitude, 6, 9, true);
  if (latitude && Math.abs(Number(latitude)) > 90) throw fieldError('latitude', ERROR_CODES.outOfRange, { min: -90, max: 90 });
  if (longitude && Math.abs(Number(longitude)) > 180) throw fieldError('longitude', ERROR_CODES.outOfRange, { min: -180, max: 180 });
  return { capacity: convert('capacity', input.capacity, 3, 14), latitude, longitude };
}

/** Charging stations of a service. */
export function createStationService(deps: { clock: Clock }) {
  return {
    async listSource(context: ServiceContext, query: ListStationsQuery): Promise<ListSource<Station>> {
      await assertAddressFilters(context.db, context.scope.tenantId, query);
      return listStationsSource(context.db, context.scope, query);
    },

    async get(context: ServiceContext, stationId: number): Promise<Station> {
      const station = await findStation(context.db, context.scope, stationId);
      if (!station) throw notFound();
      return station;
    },

    async create(context: ServiceContext, input: CreateStationData, audit: AuditContext): Promise<Station> {
      const { db, scope } = context;
      const address = await resolveAddress(db, scope.tenantId, {
        regionId: input.region ?? null,
        streetId: input.street ?? null,
        buildingId: input.building ?? null,
      });
      const decimals = decimalColumns(input);
      if (input.code && (await isStationCodeTaken(db, scope.tenantId, input.code))) throw fieldError('code', ERROR_CODES.stationCodeTaken);
      try {
        const id = await db.transaction(async (tx) => {
          const id = await nextSerialId(tx, 'stations');
          const code = input.code || (await generateStationCode(tx, scope.tenantId, id));
          const row = await insertStation(tx, {
            id,
            tenantId: scope.tenantId,
            serviceId: scope.serviceId,
            name: input.name,
            code,
            status: input.status,
            capacity: decimals.capacity ?? null,
            latitude: decimals.latitude ?? null,
            longitude: decimals.longitude ?? null,
            regionId: address.regionId,
            streetId: address.streetId,
            buildingId: address.buildingId,
            notes: input.notes,
            createdAt: deps.clock.now(),
          });
          await recordAudit(tx, audit, { action: 'create', entity: 'station', entityId: id, after: row });
          return id;
        });
        return this.get(context, id);
      } catch (error) {
        if (isUniqueViolation(error, 'stations_tenant_code_key')) throw fieldError('code', ERROR_CODES.stationCodeTaken);
        throw error;
      }
    },

    async update(context: ServiceContext, stationId: number, input: UpdateStationData, audit: AuditContext): Promise<Station> {
      const { db, scope } = context;
      const current = await findStationRow(db, scope, stationId);
      if (!current) throw notFound();
      const address = await resolveAddressChange(db, scope.tenantId, input, current);
      const decimals = decimalColumns(input);
      if (input.code !== undefined && input.code !== current.code) {
        if (!input.code) throw fieldError('code', ERROR_CODES.blank);
        if (await isStationCodeTaken(db, scope.tenantId, input.code, stationId)) throw fieldError('code', ERROR_CODES.stationCodeTaken);
      }
      try {
        await db.transaction(async (tx) => {
          const after = await updateStationRow(tx, scope, stationId, {
            name: input.name,
            code: input.code || undefined,
            status: input.status,
            capacity: decimals.capacity,
            latitude: decimals.latitude,
            longitude: decimals.longitude,
            notes: input.notes,
            ...(address ? { regionId: address.regionId, streetId: address.streetId, buildingId: address.buildingId } : {}),
          });
          await recordAudit(tx, audit, { action: 'update', entity: 'station', entityId: stationId, before: current, after });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'stations_tenant_code_key')) throw fieldError('code', ERROR_CODES.stationCodeTaken);
        throw error;
      }
      return this.get(context, stationId);
    },

    async remove(context: ServiceContext, stationId: number, audit: AuditContext): Promise<void> {
      const { db, scope } = context;
      const inUse = () => protectedConflict();
      try {
        await db.transaction(async (tx) => {
          const current = await findStationRow(tx, scope, stationId, { lock: true });
          if (!current) throw notFound();
          if (await isStationReferenced(tx, scope, stationId)) throw inUse();
          await deleteStationRow(tx, scope, stationId);
          await recordAudit(tx, audit, { action: 'delete', entity: 'station', entityId: stationId, before: current });
        });
      } catch (error) {
        // A row referring to it that appeared since the check: the foreign key says no.
        if (isForeignKeyViolation(error)) throw inUse();
        throw error;
      }
    },
  };
}

export type StationService = ReturnType<typeof createStationService>;
