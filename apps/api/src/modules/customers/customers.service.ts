import type { z } from 'zod';
import type {
  createCustomerInputSchema,
  Customer,
  CustomerTotals,
  ListCustomersQuery,
  updateCustomerInputSchema,
} from '@meterline/contract/customers';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { fieldError, notFound, protectedConflict } from '../../lib/http-errors';
import { QUANTITY_SCALE } from '@meterline/contract/money';
import { decimalFieldText } from '../../lib/decimal-input';
import type { ListSource } from '../../lib/list';
import { recordAudit } from '../audit/audit.repository';
import type { AuditContext } from '../../plugins/request-context';
import { isForeignKeyViolation, isUniqueViolation, nextSerialId } from '../../scope/codes';
import { assertAddressFilters, assertStation, findScopedBundle, resolveAddress } from '../../scope/references';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import {
  closeSubscription,
  deleteCustomerRow,
  findCustomer,
  findCustomerRow,
  findLatestSubscription,
  generateCustomerCode,
  insertCustomer,
  insertSubscription,
  isCustomerCodeTaken,
  isCustomerReferenced,
  listCustomersSource,
  setOpenSubscriptionStation,
  updateCustomerRow,
  type CustomerRow,
} from './customers.repository';

type CreateCustomerData = z.output<typeof createCustomerInputSchema>;
type UpdateCustomerData = z.output<typeof updateCustomerInputSchema>;

/** numeric(14,3): the meter's reading when the customer joins, never negative (a 400 on the field otherwise). */
export function initialReadingText(value: string | null | undefined, field = 'initial_reading'): string {
  return value === undefined || value === null ? '0' : decimalFieldText(field, value, QUANTITY_SCALE, { maxDigits: 14 });
}

/** Customers of a service, with their subscription (bundle and meter). */
export function createCustomerService(deps: { clock: Clock }) {
  async function assertBundleUsable(context: ServiceContext, bundleId: number) {
    const bundle = await findScopedBundle(context.db, context.scope, bundleId);
    if (!bundle.isActive) throw fieldError('bundle', ERROR_CODES.bundleInactive);
  }

  /**
   * Opens, changes or closes the customer's subscription. A new bundle closes the open
   * subscription and opens one that carries the meter reading on (the meter does not change).
   */
  async function applyBundle(tx: Tx, context: ServiceContext, customer: CustomerRow, bundleId: number | null, initialReading = '0') {
    const today = todayIn(context.terms.timezone, deps.clock.now());
    const latest = await findLatestSubscription(tx, context.scope, customer.id);
    const open = latest && latest.endedOn === null ? latest : null;
    if (open && open.bundleId === bundleId) return;
    if (open) await closeSubscription(tx, context.scope, open.id, today);
    if (bundleId === null) return;
    await insertSubscription(tx, {
      tenantId: context.scope.tenantId,
      serviceId: context.scope.serviceId,
      customerId: customer.id,
      bundleId,
      stationId: customer.stationId,
      startedOn: today,
      // A first subscription starts at the meter's reading the day the customer joins.
      counter: latest?.counter ?? initialReading,
      counterUpdatedAt: latest?.counterUpdatedAt ?? null,
      counterUpdatedBy: latest?.counterUpdatedBy ?? null,
      createdAt: deps.clock.now(),
    });
  }

  return {
    async listSource(context: ServiceContext, query: ListCustomersQuery): Promise<ListSource<Customer, CustomerTotals>> {
      await assertAddressFilters(context.db, context.scope.tenantId, query);
      if (query.station) await assertStation(context.db, context.scope, query.station);
      if (query.bundle) await findScopedBundle(context.db, context.scope, query.bundle);
      return listCustomersSource(context.db, context.scope, query, context.terms.decimals);
    },

    async get(context: ServiceContext, customerId: number): Promise<Customer> {
      const customer = await findCustomer(context.db, context.scope, customerId, context.terms.decimals);
      if (!customer) throw notFound();
      return customer;
    },

    async create(context: ServiceContext, input: CreateCustomerData, audit: AuditContext): Promise<Customer> {
      const { db, scope } = context;
      const address = await resolveAddress(db, scope.tenantId, {
        regionId: input.region ?? null,
        streetId: input.street ?? null,
        buildingId: input.building ?? null,
      });
      if (input.station) await assertStation(db, scope, input.station);
      if (input.bundle) await assertBundleUsable(context, input.bundle);
      const initialReading = initialReadingText(input.initial_reading);
      if (input.code && (await isCustomerCodeTaken(db, scope.tenantId, input.code)))
        throw fieldError('code', ERROR_CODES.customerCodeTaken);
      try {
        const id = await db.transaction(async (tx) => {
          const id = await nextSerialId(tx, 'customers');
          const code = input.code || (await generateCustomerCode(tx, scope.tenantId, id));
          const row = await insertCustomer(tx, {
            id,
            tenantId: scope.tenantId,
            serviceId: scope.serviceId,
            code,
            fullName: input.full_name,
            phone: input.phone,
            email: input.email,
            nationalId: input.national_id,
            regionId: address.regionId,
            streetId: address.streetId,
            buildingId: address.buildingId,
            floor: input.floor,
            apartment: input.apartment,
            stationId: input.station ?? null,
            status: input.status,
            notes: input.notes,
            createdAt: deps.clock.now(),
            updatedAt: deps.clock.now(),
          });
          if (input.bundle) await applyBundle(tx, context, row, input.bundle, initialReading);
          await recordAudit(tx, audit, {
            action: 'create',
            entity: 'customer',
            entityId: id,
            after: { ...row, bundleId: input.bundle ?? null, ...(input.bundle ? { initialReading } : {}) },
          });
          return id;
        });
        return this.get(context, id);
      } catch (error) {
        if (isUniqueViolation(error, 'customers_tenant_code_key')) throw fieldError('code', ERROR_CODES.customerCodeTaken);
        throw error;
      }
    },

    async update(context: ServiceContext, customerId: number, input: UpdateCustomerData, audit: AuditContext): Promise<Customer> {
      const { db, scope } = context;
      const current = await findCustomerRow(db, scope, customerId);
      if (!current) throw notFound();
      const touchesAddress = input.region !== undefined || input.street !== undefined || input.building !== undefined;
      const address = touchesAddress
        ? await resolveAddress(db, scope.tenantId, {
            regionId:
              input.region !== undefined
                ? input.region
                : input.street !== undefined || input.building !== undefined
                  ? null
                  : current.regionId,
            streetId: input.street !== undefined ? input.street : input.building !== undefined ? null : current.streetId,
            buildingId: input.building !== undefined ? input.building : current.buildingId,
          })
        : null;
      if (input.station) await assertStation(db, scope, input.station);
      if (input.bundle) await findScopedBundle(db, scope, input.bundle);
      const initialReading = initialReadingText(input.initial_reading);
      if (input.code !== undefined && input.code !== current.code) {
        if (!input.code) throw fieldError('code', ERROR_CODES.blank);
        if (await isCustomerCodeTaken(db, scope.tenantId, input.code, customerId)) throw fieldError('code', ERROR_CODES.customerCodeTaken);
      }
      try {
        await db.transaction(async (tx) => {
          const locked = await findCustomerRow(tx, scope, customerId, { lock: true });
          if (!locked) throw notFound();
          const after = await updateCustomerRow(tx, scope, customerId, {
            fullName: input.full_name,
            phone: input.phone,
            email: input.email,
            nationalId: input.national_id,
            floor: input.floor,
            apartment: input.apartment,
            stationId: input.station,
            status: input.status,
            notes: input.notes,
            code: input.code || undefined,
            updatedAt: deps.clock.now(),
            ...(address ? { regionId: address.regionId, streetId: address.streetId, buildingId: address.buildingId } : {}),
          });
          if (input.station !== undefined && input.station !== locked.stationId)
            await setOpenSubscriptionStation(tx, scope, customerId, input.station);
          if (input.bundle !== undefined) {
            const latest = await findLatestSubscription(tx, scope, customerId);
            const openBundle = latest && latest.endedOn === null ? latest.bundleId : null;
            if (input.bundle !== openBundle && input.bundle !== null) {
              const bundle = await findScopedBundle(tx, scope, input.bundle);
              if (!bundle.isActive) throw fieldError('bundle', ERROR_CODES.bundleInactive);
            }
            await applyBundle(tx, context, after, input.bundle, initialReading);
          }
          await recordAudit(tx, audit, {
            action: 'update',
            entity: 'customer',
            entityId: customerId,
            before: locked,
            after: input.bundle !== undefined ? { ...after, bundleId: input.bundle } : after,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'customers_tenant_code_key')) throw fieldError('code', ERROR_CODES.customerCodeTaken);
        if (isUniqueViolation(error, 'subscriptions_one_open_key')) throw fieldError('bundle', ERROR_CODES.subscriptionChanged);
        throw error;
      }
      return this.get(context, customerId);
    },

    async remove(context: ServiceContext, customerId: number, audit: AuditContext): Promise<void> {
      const { db, scope } = context;
      const inUse = () => protectedConflict();
      try {
        await db.transaction(async (tx) => {
          const current = await findCustomerRow(tx, scope, customerId, { lock: true });
          if (!current) throw notFound();
          if (await isCustomerReferenced(tx, scope, customerId)) throw inUse();
          await deleteCustomerRow(tx, scope, customerId);
          await recordAudit(tx, audit, { action: 'delete', entity: 'customer', entityId: customerId, before: current });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw inUse();
        throw error;
      }
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
