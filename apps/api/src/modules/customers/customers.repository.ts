import { and, desc, eq, gt, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Customer, CustomerTotals, ListCustomersQuery } from '@meterline/contract/customers';
import { customerListSpec } from '@meterline/contract/customers';
import { formatMoneyAmount } from '@meterline/contract/money';
import { first } from '@meterline/contract/invariant';
import { NOTIFICATION_CHANNELS } from '@meterline/contract/notification-kinds';
import type { Executor } from '../../db/client';
import {
  buildings,
  bundles,
  customerCounts,
  customers,
  invoices,
  meterReadings,
  payments,
  regions,
  stations,
  streets,
  subscriptions,
} from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import { generateCode, selectRows } from '../../scope/codes';
import type { ServiceScope } from '../../scope/service-scope';

export type CustomerRow = typeof customers.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

const customerColumns = {
  customer: customers,
  regionName: regions.name,
  streetName: streets.name,
  buildingName: buildings.name,
  stationName: stations.name,
  subscriptionId: subscriptions.id,
  bundleId: subscriptions.bundleId,
  bundleName: bundles.name,
  counter: subscriptions.counter,
  startedOn: subscriptions.startedOn,
};

type CustomerJoined = {
  customer: CustomerRow;
  regionName: string | null;
  streetName: string | null;
  buildingName: string | null;
  stationName: string | null;
  subscriptionId: number | null;
  bundleId: number | null;
  bundleName: string | null;
  counter: string | null;
  startedOn: string | null;
};

/** The customer's public bill link from its row (docs/security.md, "The public bill link"): the detail's `public_url`. */
export type CustomerLinkOf = (customer: CustomerRow) => string;

/** What a customer's answer needs of the tenant's terms: the decimals, and the language a customer without one follows. */
export type CustomerTerms = { decimals: number; customerLanguage: 'en' | 'ar' };

export function toCustomer(row: CustomerJoined, terms: CustomerTerms, linkOf?: CustomerLinkOf): Customer {
  const { customer } = row;
  const { decimals } = terms;
  return {
    ...(linkOf ? { public_url: linkOf(customer) } : {}),
    id: customer.id,
    service: customer.serviceId,
    code: customer.code,
    full_name: customer.fullName,
    phone: customer.phone,
    email: customer.email,
    national_id: customer.nationalId,
    region: customer.regionId,
    region_name: row.regionName,
    street: customer.streetId,
    street_name: row.streetName,
    building: customer.buildingId,
    building_name: row.buildingName,
    floor: customer.floor,
    apartment: customer.apartment,
    station: customer.stationId,
    station_name: row.stationName,
    status: customer.status,
    balance: formatMoneyAmount(customer.balance, decimals),
    credit: formatMoneyAmount(customer.credit, decimals),
    subscription:
      row.subscriptionId !== null && row.bundleId !== null
        ? {
            id: row.subscriptionId,
            bundle: row.bundleId,
            bundle_name: row.bundleName ?? '',
            counter: row.counter ?? '0.000',
            started_on: row.startedOn ?? '',
          }
        : null,
    notes: customer.notes,
    // No language of its own (null): the tenant's, whatever it is now (docs/notifications.md).
    language: customer.language === 'ar' || customer.language === 'en' ? customer.language : terms.customerLanguage,
    own_language: customer.language === 'ar' || customer.language === 'en' ? customer.language : null,
    opted_out_channels: NOTIFICATION_CHANNELS.filter((channel) => customer.optedOutChannels.includes(channel)),
    created_at: customer.createdAt.toISOString(),
  };
}

function selectCustomers(executor: Executor) {
  return executor
    .select(customerColumns)
    .from(customers)
    .leftJoin(regions, eq(regions.id, customers.regionId))
    .leftJoin(streets, eq(streets.id, customers.streetId))
    .leftJoin(buildings, eq(buildings.id, customers.buildingId))
    .leftJoin(stations, eq(stations.id, customers.stationId))
    .leftJoin(
      subscriptions,
      and(eq(subscriptions.tenantId, customers.tenantId), eq(subscriptions.customerId, customers.id), isNull(subscriptions.endedOn)),
    )
    .leftJoin(bundles, eq(bundles.id, subscriptions.bundleId));
}

const scoped = (scope: ServiceScope) => and(eq(customers.tenantId, scope.tenantId), eq(customers.serviceId, scope.serviceId));

const orderingFields = {
  id: customers.id,
  code: customers.code,
  full_name: customers.fullName,
  phone: customers.phone,
  status: customers.status,
  balance: customers.balance,
  created_at: customers.createdAt,
  building: buildings.name,
  station: stations.name,
} satisfies Record<(typeof customerListSpec.ordering)[number], unknown>;

export function listCustomersSource(
  executor: Executor,
  scope: ServiceScope,
  query: ListCustomersQuery,
  terms: CustomerTerms,
): ListSource<Customer, CustomerTotals> {
  const { decimals } = terms;
  const openBundle = sql`exists (select 1 from ${subscriptions} where ${subscriptions.tenantId} = ${customers.tenantId} and ${subscriptions.customerId} = ${customers.id} and ${subscriptions.endedOn} is null and ${subscriptions.bundleId} = ${query.bundle ?? 0})`;
  const conditions: (SQL | undefined)[] = [
    scoped(scope),
    searchCondition(query.search, [customers.fullName, customers.code, customers.phone, customers.email, customers.nationalId]),
    query.status ? eq(customers.status, query.status) : undefined,
    query.station ? eq(customers.stationId, query.station) : undefined,
    query.region ? eq(customers.regionId, query.region) : undefined,
    query.street ? eq(customers.streetId, query.street) : undefined,
    query.building ? eq(customers.buildingId, query.building) : undefined,
    query.bundle ? openBundle : undefined,
    query.balance_due === undefined ? undefined : query.balance_due ? gt(customers.balance, 0n) : lte(customers.balance, 0n),
  ];
  const where = and(...conditions);
  // Filtered by nothing but the status: the count kept by the triggers of migration 0020.
  const isStatusOnly =
    !query.search?.trim() &&
    !query.station &&
    !query.region &&
    !query.street &&
    !query.building &&
    !query.bundle &&
    query.balance_due === undefined;
  const orderBy = orderByFor(query.ordering, orderingFields, customerListSpec.defaultOrdering, customers.id);
  const needsJoinForOrder = /\b(building|station)\b/.test(query.ordering ?? '');
  return {
    countQuery: () => executor.select({ id: customers.id }).from(customers).where(where).$dynamic(),
    keptCount: async () => (isStatusOnly ? countKeptCustomers(executor, scope, query.status) : null),
    fetchPage: async (limit, offset) => {
      // Order and page on customers alone (an index walk), then join the names of one page.
      if (!needsJoinForOrder) {
        const page = executor
          .select({ id: customers.id })
          .from(customers)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
          .as('page');
        const rows = await selectCustomers(executor)
          .innerJoin(page, eq(page.id, customers.id))
          .orderBy(...orderBy);
        return rows.map((row) => toCustomer(row, terms));
      }
      return (
        await selectCustomers(executor)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map((row) => toCustomer(row, terms));
    },
    // What the filtered customers owe, in one aggregate: a customer's credit does not lower another's debt.
    totals: async () => {
      const row = first(
        await executor
          .select({ balanceDue: sql<string>`coalesce(sum(${customers.balance}) filter (where ${customers.balance} > 0), 0)::text` })
          .from(customers)
          .where(where),
        'the row of the totals',
      );
      return { balance_due: formatMoneyAmount(BigInt(row.balanceDue), decimals) };
    },
  };
}

/** Customers of the service (of one status) from the counters of migration 0020: a few rows read instead of every customer counted. */
export async function countKeptCustomers(executor: Executor, scope: ServiceScope, status: string | undefined): Promise<number> {
  const rows = await executor
    .select({ n: sql<string>`coalesce(sum(${customerCounts.customers}), 0)::text` })
    .from(customerCounts)
    .where(
      and(
        eq(customerCounts.tenantId, scope.tenantId),
        eq(customerCounts.serviceId, scope.serviceId),
        status ? eq(customerCounts.status, status) : undefined,
      ),
    );
  return Number(first(rows, 'the row of the count').n);
}

export async function findCustomer(
  executor: Executor,
  scope: ServiceScope,
  customerId: number,
  terms: CustomerTerms,
  linkOf?: CustomerLinkOf,
): Promise<Customer | null> {
  const [row] = await selectCustomers(executor).where(and(scoped(scope), eq(customers.id, customerId)));
  return row ? toCustomer(row, terms, linkOf) : null;
}

/** The service's customers that meet a condition on `customers` (a collector's round), as the detail answers each, in id order. */
export async function findCustomersWhere(
  executor: Executor,
  scope: ServiceScope,
  condition: SQL,
  terms: CustomerTerms,
  linkOf?: CustomerLinkOf,
): Promise<Customer[]> {
  const rows = await selectCustomers(executor)
    .where(and(scoped(scope), condition))
    .orderBy(customers.id);
  return rows.map((row) => toCustomer(row, terms, linkOf));
}

export async function findCustomerRow(
  executor: Executor,
  scope: ServiceScope,
  customerId: number,
  options: { lock?: boolean } = {},
): Promise<CustomerRow | null> {
  const query = executor
    .select()
    .from(customers)
    .where(and(scoped(scope), eq(customers.id, customerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function isCustomerCodeTaken(executor: Executor, tenantId: number, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.code, code), exceptId ? sql`${customers.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertCustomer(executor: Executor, values: typeof customers.$inferInsert): Promise<CustomerRow> {
  return first(await executor.insert(customers).values(values).returning(), 'a row inserted into customers');
}

export async function updateCustomerRow(
  executor: Executor,
  scope: ServiceScope,
  customerId: number,
  values: Partial<typeof customers.$inferInsert>,
): Promise<CustomerRow> {
  return first(
    await executor
      .update(customers)
      .set(values)
      .where(and(scoped(scope), eq(customers.id, customerId)))
      .returning(),
    'the updated customers row',
  );
}

/** The customer's latest subscription (the open one when there is one). */
export async function findLatestSubscription(executor: Executor, scope: ServiceScope, customerId: number): Promise<SubscriptionRow | null> {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, scope.tenantId), eq(subscriptions.customerId, customerId)))
    .orderBy(sql`${subscriptions.endedOn} is null desc`, desc(subscriptions.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The live invoice of this subscription that bills the latest day (a bundle change may not start inside it). */
export async function findLastBilledInvoice(
  executor: Executor,
  scope: ServiceScope,
  subscriptionId: number,
): Promise<{ number: string; periodEnd: string } | null> {
  const [row] = await executor
    .select({ number: invoices.number, periodEnd: invoices.periodEnd })
    .from(invoices)
    .where(and(eq(invoices.tenantId, scope.tenantId), eq(invoices.subscriptionId, subscriptionId), ne(invoices.status, 'cancelled')))
    .orderBy(desc(invoices.periodEnd))
    .limit(1);
  return row ?? null;
}

export async function insertSubscription(executor: Executor, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  return first(await executor.insert(subscriptions).values(values).returning(), 'a row inserted into subscriptions');
}

export async function closeSubscription(executor: Executor, scope: ServiceScope, subscriptionId: number, endedOn: string): Promise<void> {
  await executor
    .update(subscriptions)
    .set({ endedOn })
    .where(and(eq(subscriptions.tenantId, scope.tenantId), eq(subscriptions.id, subscriptionId)));
}

export async function setOpenSubscriptionStation(
  executor: Executor,
  scope: ServiceScope,
  customerId: number,
  stationId: number | null,
): Promise<void> {
  await executor
    .update(subscriptions)
    .set({ stationId })
    .where(and(eq(subscriptions.tenantId, scope.tenantId), eq(subscriptions.customerId, customerId), isNull(subscriptions.endedOn)));
}

/** Money or meter history refers to the customer: it cannot be deleted (409 protected). */
export async function isCustomerReferenced(executor: Executor, scope: ServiceScope, customerId: number): Promise<boolean> {
  const [row] = await selectRows<{ used: boolean }>(
    executor,
    sql`select (
      exists (select 1 from ${invoices} where ${invoices.tenantId} = ${scope.tenantId} and ${invoices.customerId} = ${customerId})
      or exists (select 1 from ${payments} where ${payments.tenantId} = ${scope.tenantId} and ${payments.customerId} = ${customerId})
      or exists (select 1 from ${meterReadings} join ${subscriptions} on ${subscriptions.id} = ${meterReadings.subscriptionId}
                 where ${meterReadings.tenantId} = ${scope.tenantId} and ${subscriptions.customerId} = ${customerId})
    ) as used`,
  );
  return Boolean(row?.used);
}

/** Deletes a customer without history, with its subscriptions. */
export async function deleteCustomerRow(executor: Executor, scope: ServiceScope, customerId: number): Promise<void> {
  await executor.delete(subscriptions).where(and(eq(subscriptions.tenantId, scope.tenantId), eq(subscriptions.customerId, customerId)));
  await executor.delete(customers).where(and(scoped(scope), eq(customers.id, customerId)));
}

/** The next free `C-000042` code of the tenant for the new row's id. */
export function generateCustomerCode(executor: Executor, tenantId: number, id: number): Promise<string> {
  return generateCode(executor, customers, tenantId, 'C', id);
}

/*
 * The customer's cached balance and credit: every money write of any module moves them through these,
 * in its own transaction (the customers module owns the table's writes).
 */

/**
 * The cached balance moves in the same transaction as the money write that changes it. Returns the
 * customer's name (a payment's answer shows it), null when nothing moved.
 */
export async function addToCustomerBalance(
  executor: Executor,
  tenantId: number,
  customerId: number,
  delta: bigint,
): Promise<{ fullName: string } | null> {
  if (delta === 0n) return null;
  const [row] = await executor
    .update(customers)
    .set({ balance: sql`${customers.balance} + ${delta.toString()}::bigint` })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
    .returning({ fullName: customers.fullName });
  return row ?? null;
}

/** Moves each customer's cached balance by its amount, in one statement. */
export async function addToCustomerBalances(executor: Executor, tenantId: number, deltas: Map<number, bigint>): Promise<void> {
  const moved = [...deltas].filter(([, delta]) => delta !== 0n);
  if (!moved.length) return;
  const values = sql.join(
    moved.map(([id, delta]) => sql`(${id}::int, ${delta.toString()}::bigint)`),
    sql`, `,
  );
  await executor.execute(
    sql`update ${customers} c set balance = c.balance + v.delta from (values ${values}) as v(id, delta) where c.tenant_id = ${tenantId} and c.id = v.id`,
  );
}

/** Moves the customer's credit (the check constraint refuses it below zero) and answers balance and credit after. */
export async function addToCustomerCredit(
  executor: Executor,
  tenantId: number,
  customerId: number,
  delta: bigint,
): Promise<{ balance: bigint; credit: bigint }> {
  return first(
    await executor
      .update(customers)
      .set({ credit: sql`${customers.credit} + ${delta.toString()}::bigint` })
      .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
      .returning({ balance: customers.balance, credit: customers.credit }),
    'the updated customers row',
  );
}

/** "Make a new link" (docs/security.md, "The public bill link"): the version moves on, every older link 404s; null when not the scope's. */
export async function renewPublicLinkVersion(executor: Executor, scope: ServiceScope, customerId: number): Promise<number | null> {
  const [row] = await executor
    .update(customers)
    .set({ publicLinkVersion: sql`${customers.publicLinkVersion} + 1` })
    .where(and(scoped(scope), eq(customers.id, customerId)))
    .returning({ version: customers.publicLinkVersion });
  return row?.version ?? null;
}
