import type { z } from 'zod';
import type {
  createCustomerInputSchema,
  Customer,
  CustomerTotals,
  ListCustomersQuery,
  updateCustomerInputSchema,
} from '@meterline/contract/customers';
import { ERROR_CODES } from '@meterline/contract/errors';
import { formatScaled, parseScaled, QUANTITY_SCALE } from '@meterline/contract/money';
import { startDateIssue } from '@meterline/contract/start-date';
import { dayStart } from '@meterline/contract/tariff-pricing';
import type { Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PublicLinkSigner } from '../../lib/public-link';
import { fieldError, notFound, protectedConflict } from '../../lib/http-errors';
import { decimalFieldText, trimDecimal } from '../../lib/decimal-input';
import { insertReading, readingAudit, setSubscriptionCounter } from '../subscriptions/index';
import type { ListSource } from '../../lib/list';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { isForeignKeyViolation, isUniqueViolation, nextSerialId } from '../../scope/codes';
import { assertAddressFilters, assertStation, findScopedBundle, resolveAddress, resolveAddressChange } from '../../scope/references';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import {
  closeSubscription,
  deleteCustomerRow,
  findCustomer,
  findCustomerRow,
  findLastBilledInvoice,
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
  type SubscriptionRow,
} from './customers.repository';

type CreateCustomerData = z.output<typeof createCustomerInputSchema>;
type UpdateCustomerData = z.output<typeof updateCustomerInputSchema>;

/** numeric(14,3): the meter's reading when the customer joins, never negative (a 400 on the field otherwise). */
export function initialReadingText(value: string | null | undefined, field = 'initial_reading'): string {
  return value === undefined || value === null ? '0' : decimalFieldText(field, value, QUANTITY_SCALE, { maxDigits: 14 });
}

/** A new subscription's start (docs/billing.md): `started_on`, else the tenant's today; never in the future, at most 12 months back. */
/** The columns a body's own values write, alike in a create and an update (undefined: left as it is). */
function textColumns<Input extends UpdateCustomerData>(input: Input) {
  return {
    fullName: input.full_name,
    phone: input.phone,
    email: input.email,
    nationalId: input.national_id,
    floor: input.floor,
    apartment: input.apartment,
    status: input.status,
    notes: input.notes,
    language: input.language,
    optedOutChannels: input.opted_out_channels,
  };
}

function startedOnOf(value: string | undefined, today: string, field = 'started_on'): string {
  if (value === undefined) return today;
  const issue = startDateIssue(value, today);
  if (issue) throw fieldError(field, issue.code, 'params' in issue ? issue.params : undefined);
  return value;
}

/** A new subscription, as asked: the day it starts (default today) and, on a metered service, the meter's reading then. */
interface Opening {
  startedOn: string | undefined;
  reading: string | null | undefined;
}

interface AuditedFields {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * The subscription's fields of a customer's audit row, with the same fields before and after
 * (docs/security.md, "The audit log"): the bundle; when a subscription opened, its start and, on a
 * metered service, the meter's reading, the open subscription's before (null without one).
 */
function subscriptionChange(
  open: SubscriptionRow | null,
  bundleId: number | null,
  opened: { startedOn: string; reading: string | null | undefined } | null,
  context: ServiceContext,
): AuditedFields {
  const change: AuditedFields = { before: { bundleId: open?.bundleId ?? null }, after: { bundleId } };
  if (!opened) return change;
  Object.assign(change.before, { startedOn: open?.startedOn ?? null });
  Object.assign(change.after, { startedOn: opened.startedOn });
  if (context.service.isMetered) {
    Object.assign(change.before, { initialReading: open?.counter ?? null });
    Object.assign(change.after, { initialReading: formatScaled(parseScaled(opened.reading ?? '0', QUANTITY_SCALE) ?? 0n, QUANTITY_SCALE) });
  }
  return change;
}

/** The detail's `public_url` (docs/security.md, "The public bill link"), from the customer's row; the round's day uses it too. */
export const customerLinkOf = (links: PublicLinkSigner) => (row: CustomerRow) => links.urlFor(row.tenantId, row.id, row.publicLinkVersion);

/** Customers of a service, with their subscription (bundle and meter). */
export function createCustomerService(deps: { clock: Clock; publicLinks: PublicLinkSigner }) {
  async function assertBundleUsable(context: ServiceContext, bundleId: number) {
    const bundle = await findScopedBundle(context.db, context.scope, bundleId);
    if (!bundle.isActive) throw fieldError('bundle', ERROR_CODES.bundleInactive);
  }

  /** A metered service asks for the meter's reading whenever a subscription opens: 0 is an answer, never a default. */
  function openingReadingOf(context: ServiceContext, value: string | null | undefined): string {
    if (context.service.isMetered && (value === undefined || value === null)) throw fieldError('initial_reading', ERROR_CODES.required);
    return initialReadingText(value);
  }

  /**
   * Opens, changes or closes the customer's subscription. A new bundle closes the open subscription
   * on `opening.startedOn` (its `ended_on`, the first day it no longer bills) and opens one from that
   * day. The meter does not change: on a metered service the reading given at the change must not be
   * below the counter, and a higher one is recorded as the old subscription's last reading (so the
   * consumption up to the change bills on the old bundle). A first meter, or one connected again after
   * the customer had no bundle, starts at the reading given.
   */
  async function applyBundle(
    tx: Tx,
    context: ServiceContext,
    customer: CustomerRow,
    bundleId: number | null,
    opening: Opening,
    audit: AuditContext,
  ): Promise<string | null> {
    const { scope, terms } = context;
    const now = deps.clock.now();
    const today = todayIn(terms.timezone, now);
    const latest = await findLatestSubscription(tx, scope, customer.id);
    const open = latest && latest.endedOn === null ? latest : null;
    if (open && open.bundleId === bundleId) return null;
    if (bundleId === null) {
      if (open) await closeSubscription(tx, scope, open.id, today);
      return null;
    }
    // Checked only when a subscription opens: without one the fields are ignored.
    const startedOn = startedOnOf(opening.startedOn, today);
    const reading = openingReadingOf(context, opening.reading);
    if (latest) {
      // An open subscription bills from its start; a closed one up to the day before it ended.
      const notBefore = latest.endedOn ?? latest.startedOn;
      if (startedOn < notBefore) throw fieldError('started_on', ERROR_CODES.startBeforeSubscription, { started_on: notBefore });
    }
    let meter = { counter: reading, counterUpdatedAt: null as Date | null, counterUpdatedBy: null as number | null };
    if (open) {
      const billed = await findLastBilledInvoice(tx, scope, open.id);
      if (billed && startedOn <= billed.periodEnd) {
        throw fieldError('started_on', ERROR_CODES.startInBilledPeriod, { number: billed.number, period_end: billed.periodEnd });
      }
      meter = { counter: open.counter, counterUpdatedAt: open.counterUpdatedAt, counterUpdatedBy: open.counterUpdatedBy };
      if (context.service.isMetered) meter = await readAtChange(tx, context, open, { startedOn, reading, today, now }, audit);
      await closeSubscription(tx, scope, open.id, startedOn);
    }
    await insertSubscription(tx, {
      tenantId: scope.tenantId,
      serviceId: scope.serviceId,
      customerId: customer.id,
      bundleId,
      stationId: customer.stationId,
      startedOn,
      ...meter,
      createdAt: now,
    });
    return startedOn;
  }

  /**
   * The meter's reading at a bundle change. The change may not be dated before the day of the
   * meter's last reading (those readings stay on the old bundle). A reading above the counter is
   * recorded on the old subscription, taken now when the change starts today, else at the start of
   * its day (or at the last reading, that same day).
   */
  async function readAtChange(
    tx: Tx,
    context: ServiceContext,
    open: SubscriptionRow,
    change: { startedOn: string; reading: string; today: string; now: Date },
    audit: AuditContext,
  ) {
    const { scope, terms } = context;
    const carried = { counter: open.counter, counterUpdatedAt: open.counterUpdatedAt, counterUpdatedBy: open.counterUpdatedBy };
    const lastRead = open.counterUpdatedAt;
    if (lastRead && change.startedOn < todayIn(terms.timezone, lastRead)) {
      throw fieldError('started_on', ERROR_CODES.dateBeforePrevious, { previous: todayIn(terms.timezone, lastRead) });
    }
    const value = parseScaled(change.reading, QUANTITY_SCALE) ?? 0n;
    const current = parseScaled(open.counter, QUANTITY_SCALE) ?? 0n;
    if (value < current) {
      throw fieldError('initial_reading', ERROR_CODES.lowerReading, {
        value: trimDecimal(change.reading),
        previous: trimDecimal(open.counter),
      });
    }
    if (value === current) return carried;
    const dayBegins = dayStart(change.startedOn, terms.timezone);
    const takenAt =
      change.startedOn === change.today ? change.now : lastRead && lastRead.getTime() > dayBegins.getTime() ? lastRead : dayBegins;
    const counter = formatScaled(value, QUANTITY_SCALE);
    const recorded = await insertReading(tx, {
      tenantId: scope.tenantId,
      subscriptionId: open.id,
      value: counter,
      previousValue: open.counter,
      kind: 'reading',
      reason: '',
      takenAt,
      takenBy: context.actor.userId,
    });
    await setSubscriptionCounter(tx, scope, open.id, { counter, counterUpdatedAt: takenAt, counterUpdatedBy: context.actor.userId });
    await recordAudit(tx, audit, readingAudit('update_counter', recorded.id, open, { counter, takenAt }));
    return { counter, counterUpdatedAt: takenAt, counterUpdatedBy: context.actor.userId };
  }

  return {
    async listSource(context: ServiceContext, query: ListCustomersQuery): Promise<ListSource<Customer, CustomerTotals>> {
      await assertAddressFilters(context.db, context.scope.tenantId, query);
      if (query.station) await assertStation(context.db, context.scope, query.station);
      if (query.bundle) await findScopedBundle(context.db, context.scope, query.bundle);
      return listCustomersSource(context.db, context.scope, query, context.terms);
    },

    async get(context: ServiceContext, customerId: number): Promise<Customer> {
      const customer = await findCustomer(context.db, context.scope, customerId, context.terms, customerLinkOf(deps.publicLinks));
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
      const opening: Opening = { startedOn: input.started_on, reading: input.initial_reading };
      const initialReading = input.bundle ? openingReadingOf(context, input.initial_reading) : null;
      if (input.bundle) startedOnOf(input.started_on, todayIn(context.terms.timezone, deps.clock.now()));
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
            ...textColumns(input),
            fullName: input.full_name,
            // Left out or null: no language of its own, the tenant's (docs/notifications.md).
            language: input.language ?? null,
            regionId: address.regionId,
            streetId: address.streetId,
            buildingId: address.buildingId,
            stationId: input.station ?? null,
            createdAt: deps.clock.now(),
            updatedAt: deps.clock.now(),
          });
          const startedOn = input.bundle ? await applyBundle(tx, context, row, input.bundle, opening, audit) : null;
          await recordAudit(tx, audit, {
            action: 'create',
            entity: 'customer',
            entityId: id,
            after: { ...row, bundleId: input.bundle ?? null, ...(input.bundle ? { initialReading, startedOn } : {}) },
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
      const address = await resolveAddressChange(db, scope.tenantId, input, current);
      if (input.station) await assertStation(db, scope, input.station);
      if (input.bundle) await findScopedBundle(db, scope, input.bundle);
      const opening: Opening = {
        startedOn: input.started_on,
        reading:
          input.initial_reading === undefined || input.initial_reading === null
            ? input.initial_reading
            : initialReadingText(input.initial_reading),
      };
      if (input.code !== undefined && input.code !== current.code) {
        if (!input.code) throw fieldError('code', ERROR_CODES.blank);
        if (await isCustomerCodeTaken(db, scope.tenantId, input.code, customerId)) throw fieldError('code', ERROR_CODES.customerCodeTaken);
      }
      try {
        await db.transaction(async (tx) => {
          const locked = await findCustomerRow(tx, scope, customerId, { lock: true });
          if (!locked) throw notFound();
          const after = await updateCustomerRow(tx, scope, customerId, {
            ...textColumns(input),
            stationId: input.station,
            code: input.code || undefined,
            updatedAt: deps.clock.now(),
            ...(address ? { regionId: address.regionId, streetId: address.streetId, buildingId: address.buildingId } : {}),
          });
          if (input.station !== undefined && input.station !== locked.stationId)
            await setOpenSubscriptionStation(tx, scope, customerId, input.station);
          let subscription: AuditedFields = { before: {}, after: {} };
          if (input.bundle !== undefined) {
            const latest = await findLatestSubscription(tx, scope, customerId);
            const open = latest && latest.endedOn === null ? latest : null;
            if (input.bundle !== (open?.bundleId ?? null) && input.bundle !== null) {
              const bundle = await findScopedBundle(tx, scope, input.bundle);
              if (!bundle.isActive) throw fieldError('bundle', ERROR_CODES.bundleInactive);
            }
            const opened = await applyBundle(tx, context, after, input.bundle, opening, audit);
            subscription = subscriptionChange(open, input.bundle, opened ? { startedOn: opened, reading: opening.reading } : null, context);
          }
          await recordAudit(tx, audit, {
            action: 'update',
            entity: 'customer',
            entityId: customerId,
            before: { ...locked, ...subscription.before },
            after: { ...after, ...subscription.after },
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
