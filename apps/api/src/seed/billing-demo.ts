import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { currencyDecimals, formatScaled, parseScaled, QUANTITY_SCALE, TAX_RATE_SCALE, UNIT_PRICE_SCALE } from '@meterline/contract/money';
import { splitByMonth, type ConsumptionInterval, type Month } from '@meterline/contract/tariff-pricing';
import { nth } from '@meterline/contract/invariant';
import { statusFor } from '../modules/invoices/invoice-rules';
import { formatInvoiceNumber } from '../modules/numbering/number-formats';
import { findSettings, updateSettings } from '../modules/config/config.repository';
import { meterInvoiceLines, priceLines, type DraftLine } from '../modules/invoices/invoice-lines';
import { seedPricingOf, seedTariffsDemo } from './tariffs-demo';
import { planConsumption, type LedgerEntry } from '../modules/invoices/consumption-rules';
import { insertBilledConsumption } from '../modules/invoices/pricing.repository';
import { addDays } from '../scope/service-scope';
import type { Executor } from '../db/client';
import {
  buildings,
  bundles,
  customers,
  invoiceLines,
  invoices,
  meterReadings,
  payments,
  routeAssignments,
  services,
  stations,
  streets,
  subscriptions,
  transactions,
} from '../db/schema/index';

/**
 * Billing demo data: stations, bundles, customers with Arabic and English names, twelve months of
 * readings, invoices and payments relative to today (some unpaid and overdue), and transactions.
 * Written with bulk inserts, priced by the same money functions as the API, so the money
 * invariants hold (checked by a test).
 */
export interface BillingDemoOptions {
  tenantId: number;
  /** Customers per service name ("Electricity", "Water"). */
  customersPerService: Record<string, number>;
  /** Who reads meters and who receives payments (user ids of the default database). */
  staff: { adminId: number | null; officeIds: number[]; collectorId: number | null };
  now: Date;
  seed?: number;
  /** Tax rate in percent, set on the tenant's settings ("11"). */
  taxRate?: string;
  /** A year of monthly tariffs and USD/LBP rates for the electricity service; its invoices are priced by them (a USD tenant gets LBP as its second currency, an LBP tenant USD). */
  withTariffs?: boolean;
}

export interface BillingDemoSummary {
  customers: number;
  readings: number;
  invoices: number;
  payments: number;
}

const FIRST_NAMES_AR = [
  'محمد',
  'أحمد',
  'علي',
  'حسن',
  'خالد',
  'عمر',
  'يوسف',
  'إبراهيم',
  'فاطمة',
  'زينب',
  'مريم',
  'نور',
  'ليلى',
  'سارة',
  'هدى',
  'رنا',
  'جورج',
  'إيلي',
  'ميشال',
  'كريم',
];
const LAST_NAMES_AR = [
  'الخوري',
  'حداد',
  'نصر',
  'صالح',
  'عون',
  'منصور',
  'فارس',
  'يونس',
  'عيسى',
  'عازار',
  'الأحمد',
  'شمس',
  'الحلبي',
  'سليمان',
  'قاسم',
  'بيضون',
];
const FIRST_NAMES_EN = [
  'Rami',
  'Nadia',
  'Tarek',
  'Maya',
  'Karim',
  'Lina',
  'Omar',
  'Sara',
  'Hadi',
  'Rania',
  'Ziad',
  'Joelle',
  'Samir',
  'Dana',
  'Fadi',
  'Yara',
  'Elie',
  'Carla',
  'Walid',
  'Hiba',
];
const LAST_NAMES_EN = [
  'Khoury',
  'Haddad',
  'Nasser',
  'Saleh',
  'Aoun',
  'Mansour',
  'Fares',
  'Younes',
  'Issa',
  'Azar',
  'Chamoun',
  'Gemayel',
  'Salameh',
  'Daher',
  'Rizk',
  'Karam',
];

interface DemoBundle {
  name: string;
  amperage: string | null;
  price: string;
  unitPrice: string;
  monthlyUse: [number, number];
}

const BUNDLES: Record<string, DemoBundle[]> = {
  Electricity: [
    { name: '5 A', amperage: '5', price: '10', unitPrice: '0.20', monthlyUse: [60, 160] },
    { name: '10 A', amperage: '10', price: '18', unitPrice: '0.18', monthlyUse: [150, 320] },
    { name: '15 A', amperage: '15', price: '25', unitPrice: '0.16', monthlyUse: [280, 520] },
  ],
  Water: [
    { name: 'Household', amperage: null, price: '5', unitPrice: '0.75', monthlyUse: [8, 25] },
    { name: 'Shop', amperage: null, price: '9', unitPrice: '0.90', monthlyUse: [15, 45] },
  ],
};

const STATIONS: Record<string, { name: string; code: string; capacity: string }[]> = {
  Electricity: [
    { name: 'Sassine generator', code: 'ST-E1', capacity: '400' },
    { name: 'Hamra generator', code: 'ST-E2', capacity: '320' },
    { name: 'محطة الجميزة', code: 'ST-E3', capacity: '250' },
  ],
  Water: [{ name: 'Monot pump', code: 'ST-W1', capacity: '60' }],
};

/** A small deterministic generator, so the demo is the same on every first run. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}

/** The demo's prices are written in USD; a tenant billing in LBP gets them times this (at about 90,000 LBP a dollar). */
const DEMO_PRICE_FACTOR: Record<string, bigint> = { LBP: 90_000n };

const monthStart = (date: Date, offset: number) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const atHour = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const lastDay = (firstDay: Date) => isoDay(new Date(Date.UTC(firstDay.getUTCFullYear(), firstDay.getUTCMonth() + 1, 0)));

async function insertChunked<T extends Record<string, unknown>>(executor: Executor, table: PgTable, rows: T[], size = 500) {
  for (let index = 0; index < rows.length; index += size) {
    await executor.insert(table).values(rows.slice(index, index + size) as never);
  }
}

export async function seedBillingDemo(executor: Executor, options: BillingDemoOptions): Promise<BillingDemoSummary> {
  const { tenantId, now, staff } = options;
  const random = createRandom(options.seed ?? tenantId * 7919);
  const summary: BillingDemoSummary = { customers: 0, readings: 0, invoices: 0, payments: 0 };
  if (options.taxRate !== undefined) await updateSettings(executor, { tenantId }, { taxRate: options.taxRate });
  const config = await findSettings(executor, { tenantId });
  if (!config) throw new Error(`Tenant ${tenantId} has no settings row`);
  const decimals = currencyDecimals(config.currency);
  const priceFactor = DEMO_PRICE_FACTOR[config.currency] ?? 1n;
  const taxRate = parseScaled(config.taxRate, TAX_RATE_SCALE) ?? 0n;
  const prefix = config.invoicePrefix || 'INV';
  let invoiceSequence = Number(config.lastInvoiceNumber);

  const addressRows = await executor
    .select({ buildingId: buildings.id, streetId: streets.id, regionId: streets.regionId, buildingName: buildings.name })
    .from(buildings)
    .innerJoin(streets, eq(streets.id, buildings.streetId))
    .where(eq(buildings.tenantId, tenantId));
  const tenantServices = await executor.select().from(services).where(eq(services.tenantId, tenantId));
  const today = isoDay(now);
  const firstMonth = monthStart(now, -11);
  // Codes continue after the tenant's existing rows, so the generator can add to a tenant (bench at scale).
  let customerNumber = (await executor.select({ id: customers.id }).from(customers).where(eq(customers.tenantId, tenantId))).length;
  const stationRun = (await executor.select({ id: stations.id }).from(stations).where(eq(stations.tenantId, tenantId))).length;

  // Invoices of all services, numbered together in issue order at the end (numbers are per tenant).
  const pendingInvoices: {
    values: typeof invoices.$inferInsert;
    lines: (Omit<typeof invoiceLines.$inferInsert, 'invoiceId'> & { pricing?: DraftLine['pricing'] })[];
    ledger: LedgerEntry[];
    payments: Omit<typeof payments.$inferInsert, 'invoiceId'>[];
  }[] = [];
  const balances = new Map<number, bigint>();

  for (const service of tenantServices) {
    const count = options.customersPerService[service.name] ?? 0;
    if (!count) continue;
    const stationRows = await executor
      .insert(stations)
      .values(
        (STATIONS[service.name] ?? []).map((station, index) => ({
          tenantId,
          serviceId: service.id,
          name: station.name,
          code: `${station.code}-${tenantId}${stationRun ? `-${stationRun + index}` : ''}`,
          capacity: station.capacity,
          status: index === 2 ? 'maintenance' : 'active',
          regionId: addressRows[index % Math.max(addressRows.length, 1)]?.regionId ?? null,
          createdAt: monthStart(now, -13),
        })),
      )
      .returning();
    // Route sheets (docs/collectors.md): the demo collector walks the first region in each service.
    const firstRegion = addressRows[0]?.regionId;
    if (staff.collectorId && firstRegion) {
      await executor
        .insert(routeAssignments)
        .values({
          tenantId,
          serviceId: service.id,
          collectorId: staff.collectorId,
          regionId: firstRegion,
          createdAt: monthStart(now, -1),
          createdBy: staff.adminId,
        })
        .onConflictDoNothing();
    }
    const demoBundles = BUNDLES[service.name] ?? [];
    const bundleRows = await executor
      .insert(bundles)
      .values(
        demoBundles.map((bundle) => ({
          tenantId,
          serviceId: service.id,
          name: bundle.name,
          description: service.name === 'Electricity' ? `${bundle.amperage} A subscription` : `${bundle.name} water supply`,
          amperage: bundle.amperage,
          price: (parseScaled(bundle.price, decimals) ?? 0n) * priceFactor,
          unitPrice: formatScaled((parseScaled(bundle.unitPrice, UNIT_PRICE_SCALE) ?? 0n) * priceFactor, UNIT_PRICE_SCALE),
          createdAt: monthStart(now, -13),
        })),
      )
      .returning();
    const tariffRules =
      options.withTariffs && service.name === 'Electricity'
        ? await seedTariffsDemo(executor, {
            tenantId,
            serviceId: service.id,
            firstMonth,
            bundles: bundleRows,
            setBy: staff.adminId,
            currency: config.currency,
            priceFactor,
          })
        : null;

    const customerValues: (typeof customers.$inferInsert)[] = [];
    for (let index = 0; index < count; index += 1) {
      customerNumber += 1;
      const isArabic = random.next() < 0.5;
      const fullName = isArabic
        ? `${random.pick(FIRST_NAMES_AR)} ${random.pick(LAST_NAMES_AR)}`
        : `${random.pick(FIRST_NAMES_EN)} ${random.pick(LAST_NAMES_EN)}`;
      const address = addressRows[index % addressRows.length] ?? null; // none when the tenant has no address
      const statusRoll = random.next();
      customerValues.push({
        tenantId,
        serviceId: service.id,
        code: `C-${String(customerNumber).padStart(6, '0')}`,
        fullName,
        phone: `+961 ${random.pick(['3', '70', '71', '76', '81'])} ${random.int(100000, 999999)}`,
        email: isArabic || random.next() < 0.5 ? '' : `${fullName.toLowerCase().replace(/\s+/g, '.')}${customerNumber}@mail.example`,
        regionId: address?.regionId ?? null,
        streetId: address?.streetId ?? null,
        buildingId: address?.buildingId ?? null,
        floor: String(random.int(0, 8)),
        apartment: `${random.int(1, 8)}${random.pick(['A', 'B', 'C'])}`,
        stationId: stationRows[index % stationRows.length]?.id ?? null,
        status: statusRoll < 0.04 ? 'suspended' : statusRoll < 0.06 ? 'disconnected' : 'active',
        createdAt: monthStart(now, -12),
        updatedAt: monthStart(now, -12),
      });
    }
    const customerRows: (typeof customers.$inferSelect)[] = [];
    for (let index = 0; index < customerValues.length; index += 500) {
      customerRows.push(
        ...(await executor
          .insert(customers)
          .values(customerValues.slice(index, index + 500))
          .returning()),
      );
    }
    summary.customers += customerRows.length;

    const plans = customerRows.map((customer, index) => ({ customer, bundleIndex: index % demoBundles.length }));
    const subscriptionRows = await executor
      .insert(subscriptions)
      .values(
        plans.map(({ customer, bundleIndex }) => ({
          tenantId,
          serviceId: service.id,
          customerId: customer.id,
          bundleId: nth(bundleRows, bundleIndex).id,
          stationId: customer.stationId,
          startedOn: isoDay(monthStart(now, -12)),
          counter: '0',
          createdAt: monthStart(now, -12),
        })),
      )
      .returning();

    const readingValues: (typeof meterReadings.$inferInsert)[] = [];
    const counters = new Map<number, { counter: bigint; at: Date | null }>();
    plans.forEach(({ customer, bundleIndex }, planIndex) => {
      const subscription = nth(subscriptionRows, planIndex, 'a subscription per plan');
      const bundle = nth(demoBundles, bundleIndex);
      const bundleRow = nth(bundleRows, bundleIndex, 'a bundle row per demo bundle');
      let counter = BigInt(random.int(0, 5000)) * 10n ** BigInt(QUANTITY_SCALE);
      // Start where the meter stood when the subscription opened.
      if (counter > 0n) {
        readingValues.push({
          tenantId,
          subscriptionId: subscription.id,
          value: formatScaled(counter, QUANTITY_SCALE),
          previousValue: '0.000',
          kind: 'reset',
          reason: 'Meter installed',
          takenAt: monthStart(now, -12),
          takenBy: staff.collectorId,
        });
      }
      let billedUpTo = counter;
      // What the engine reads: each reading's units over the time since the reading before it on
      // the meter, and per month what earlier invoices billed (tiers continue after it).
      let previousAt: Date | null = counter > 0n ? monthStart(now, -12) : null;
      let unbilled: ConsumptionInterval[] = [];
      const billedInMonth = new Map<Month, bigint>();
      const taken = (at: Date, quantity: bigint | null) => {
        if (quantity !== null) unbilled.push({ start: previousAt !== null && previousAt < at ? previousAt : at, end: at, quantity });
        previousAt = at;
      };
      const replacedInMonth = planIndex % 37 === 5 ? random.int(2, 9) : -1;
      for (let month = 0; month < 12; month += 1) {
        const start = monthStart(firstMonth, month);
        const isCurrentMonth = month === 11;
        let readingDay = `${isoDay(start).slice(0, 8)}25`;
        if (isCurrentMonth) {
          if (random.next() < 0.35 || now.getUTCDate() < 3) continue; // not read yet this month
          readingDay = addDays(today, -1);
        }
        const takenAt = atHour(readingDay, 8 + random.int(0, 8));
        if (takenAt > now) continue;
        const use = BigInt(random.int(bundle.monthlyUse[0] * 1000, bundle.monthlyUse[1] * 1000)); // scaled by 10^3
        if (month === replacedInMonth) {
          // The old meter's final reading, then a new meter from 0: the consumption spans both.
          const finalValue = counter + use / 2n;
          readingValues.push({
            tenantId,
            subscriptionId: subscription.id,
            value: formatScaled(finalValue, QUANTITY_SCALE),
            previousValue: formatScaled(counter, QUANTITY_SCALE),
            kind: 'reading',
            reason: 'Meter replaced',
            takenAt: new Date(takenAt.getTime() - 3600_000),
            takenBy: staff.collectorId,
          });
          readingValues.push({
            tenantId,
            subscriptionId: subscription.id,
            value: '0.000',
            previousValue: formatScaled(finalValue, QUANTITY_SCALE),
            kind: 'reset',
            reason: 'Meter replaced',
            takenAt: new Date(takenAt.getTime() - 1800_000),
            takenBy: staff.collectorId,
          });
          taken(new Date(takenAt.getTime() - 3600_000), finalValue - counter);
          taken(new Date(takenAt.getTime() - 1800_000), null);
          const rest = use - use / 2n;
          readingValues.push({
            tenantId,
            subscriptionId: subscription.id,
            value: formatScaled(rest, QUANTITY_SCALE),
            previousValue: '0.000',
            kind: 'reading',
            takenAt,
            takenBy: staff.collectorId,
          });
          taken(takenAt, rest);
          counter = rest;
        } else {
          readingValues.push({
            tenantId,
            subscriptionId: subscription.id,
            value: formatScaled(counter + use, QUANTITY_SCALE),
            previousValue: formatScaled(counter, QUANTITY_SCALE),
            kind: 'reading',
            takenAt,
            takenBy: staff.collectorId,
          });
          taken(takenAt, use);
          counter += use;
        }
        counters.set(subscription.id, { counter, at: takenAt });
        if (isCurrentMonth) continue; // billed next month
        // The month's invoice, issued on the first of the next month; last month's a few days ago, so it is not due yet.
        const firstOfNext = isoDay(monthStart(start, 1));
        const recentIssue = addDays(today, -random.int(0, 6));
        const issuedOn = month === 10 && recentIssue > firstOfNext ? recentIssue : firstOfNext;
        const createdAt = new Date(Math.min(atHour(issuedOn, 6).getTime(), now.getTime()));
        if (issuedOn > today) continue;
        // Priced as the engine prices a meter: the ledger's open months (consumption-rules.ts).
        const plan = planConsumption({
          months: splitByMonth(unbilled, config.timezone || 'UTC').map(({ month, quantity }) => ({
            subscriptionId: subscription.id,
            bundleId: bundleRow.id,
            month,
            delta: quantity,
          })),
          billedInMonth,
          tariffs: tariffRules ?? [],
          bundleUnitPrice: parseScaled(bundleRow.unitPrice, UNIT_PRICE_SCALE) ?? 0n,
          unit: service.unit,
          currencyDecimals: decimals,
        });
        for (const entry of plan.ledger) billedInMonth.set(entry.month, (billedInMonth.get(entry.month) ?? 0n) + entry.quantity);
        if (plan.ledger.length) unbilled = [];
        const consumption = plan.consumption;
        const lines = meterInvoiceLines({
          bundleName: bundle.name,
          priceMinor: bundleRow.price,
          unitPrice: parseScaled(bundleRow.unitPrice, UNIT_PRICE_SCALE) ?? 0n,
          consumption,
          unit: service.unit,
          decimals,
          consumptionLines: plan.lines,
        });
        const priced = priceLines(lines, taxRate, decimals);
        const total = priced.totals.total;
        const dueOn = addDays(issuedOn, config.invoiceDueDays);
        const paymentPlan = planPayment(random, {
          total,
          issuedOn,
          dueOn,
          today,
          now,
          isRecent: month >= 9,
          isOldUnpaid: planIndex % 29 === 3 && month === 7,
        });
        const amountPaid = paymentPlan.reduce((sum, payment) => sum + payment.amount, 0n);
        balances.set(customer.id, (balances.get(customer.id) ?? 0n) + total - amountPaid);
        pendingInvoices.push({
          values: {
            tenantId,
            serviceId: service.id,
            number: '',
            customerId: customer.id,
            subscriptionId: subscription.id,
            periodStart: isoDay(start),
            periodEnd: lastDay(start),
            issuedOn,
            dueOn,
            subtotal: priced.totals.subtotal,
            tax: priced.totals.tax,
            total,
            amountPaid,
            status: statusFor(total, amountPaid),
            previousReading: formatScaled(billedUpTo, QUANTITY_SCALE),
            currentReading: formatScaled(counter, QUANTITY_SCALE),
            consumption: formatScaled(consumption, QUANTITY_SCALE),
            monthlyFee: bundleRow.price,
            createdBy: staff.adminId,
            createdAt,
          },
          lines: priced.lines.map((line, position) => ({
            tenantId,
            position: position + 1,
            description: line.description,
            quantity: formatScaled(line.quantity, QUANTITY_SCALE),
            unitPrice: formatScaled(line.unitPrice, UNIT_PRICE_SCALE),
            amount: line.amount,
            pricing: line.pricing,
          })),
          ledger: plan.ledger,
          payments: paymentPlan.map((payment) => ({
            tenantId,
            serviceId: service.id,
            customerId: customer.id,
            amount: payment.amount,
            method: random.next() < 0.75 ? 'cash' : random.pick(['card', 'bank_transfer']),
            reference: '',
            paidAt: payment.paidAt,
            receivedBy: staff.officeIds.length ? random.pick(staff.officeIds) : null,
            note: payment.amount < total ? 'Partial payment' : '',
          })),
        });
        billedUpTo = counter;
      }
    });
    await insertChunked(executor, meterReadings, readingValues);
    summary.readings += readingValues.length;
    // Each meter shows its latest reading (one UPDATE ... FROM (VALUES ...) per chunk).
    const counterRows = [...counters].map(
      ([id, state]) =>
        sql`(${id}::int, ${formatScaled(state.counter, QUANTITY_SCALE)}::numeric, ${state.at?.toISOString() ?? null}::timestamptz)`,
    );
    for (let index = 0; index < counterRows.length; index += 500) {
      await executor.execute(sql`update subscriptions s set counter = v.counter, counter_updated_at = v.at, counter_updated_by = ${staff.collectorId}
        from (values ${sql.join(counterRows.slice(index, index + 500), sql`, `)}) as v(id, counter, at) where s.id = v.id`);
    }
  }

  // Numbers in issue order, gapless, continuing the tenant's sequence.
  pendingInvoices.sort((a, b) => (a.values.issuedOn < b.values.issuedOn ? -1 : a.values.issuedOn > b.values.issuedOn ? 1 : 0));
  for (const pending of pendingInvoices) {
    invoiceSequence += 1;
    pending.values.number = formatInvoiceNumber(prefix, pending.values.issuedOn.slice(0, 4), invoiceSequence);
  }
  for (let index = 0; index < pendingInvoices.length; index += 400) {
    const chunk = pendingInvoices.slice(index, index + 400);
    const rows = await executor
      .insert(invoices)
      .values(chunk.map((pending) => pending.values))
      .returning({ id: invoices.id, number: invoices.number });
    const idByNumber = new Map(rows.map((row) => [row.number, row.id]));
    const lineRows = chunk.flatMap((pending) =>
      pending.lines.map(({ pricing: _pricing, ...line }) => ({ ...line, invoiceId: idByNumber.get(pending.values.number)! })),
    );
    await insertChunked(executor, invoiceLines, lineRows);
    await seedPricingOf(
      executor,
      tenantId,
      chunk.map((pending) => ({
        invoiceId: idByNumber.get(pending.values.number)!,
        periodStart: pending.values.periodStart,
        lines: pending.lines,
      })),
    );
    await insertBilledConsumption(
      executor,
      chunk.flatMap((pending) =>
        pending.ledger.map((entry) => ({
          tenantId,
          invoiceId: idByNumber.get(pending.values.number)!,
          subscriptionId: entry.subscriptionId,
          month: `${entry.month}-01`,
          quantity: formatScaled(entry.quantity, QUANTITY_SCALE),
        })),
      ),
    );
    const paymentRows = chunk.flatMap((pending) =>
      pending.payments.map((payment) => ({ ...payment, invoiceId: idByNumber.get(pending.values.number)! })),
    );
    await insertChunked(executor, payments, paymentRows);
    summary.payments += paymentRows.length;
  }
  summary.invoices = pendingInvoices.length;
  // Each invoice records the last reading it billed, as the engine's do: its month's (read on the 25th).
  await executor.execute(sql`update invoices i set last_reading_id = (
      select max(mr.id) from meter_readings mr join subscriptions s on s.tenant_id = mr.tenant_id and s.id = mr.subscription_id
      where mr.tenant_id = i.tenant_id and s.customer_id = i.customer_id and mr.taken_at < (i.period_end + 1))
    where i.tenant_id = ${tenantId} and i.consumption is not null and i.last_reading_id is null`);
  await updateSettings(executor, { tenantId }, { lastInvoiceNumber: invoiceSequence });

  // The cached balances, as the money writes would have left them.
  const owing = [...balances]
    .filter(([, balance]) => balance !== 0n)
    .map(([id, balance]) => sql`(${id}::int, ${balance.toString()}::bigint)`);
  for (let index = 0; index < owing.length; index += 500) {
    await executor.execute(sql`update customers c set balance = v.balance
      from (values ${sql.join(owing.slice(index, index + 500), sql`, `)}) as v(id, balance) where c.id = v.id and c.tenant_id = ${tenantId}`);
  }

  const electricity = tenantServices.find((service) => service.name === 'Electricity');
  await seedTransactions(executor, { tenantId, now, staff, decimals, priceFactor, random, serviceId: electricity?.id ?? null });
  return summary;
}

/** Most invoices are paid within two weeks; recent ones often not yet; a few old ones never (overdue). */
function planPayment(
  random: ReturnType<typeof createRandom>,
  input: { total: bigint; issuedOn: string; dueOn: string; today: string; now: Date; isRecent: boolean; isOldUnpaid: boolean },
): { amount: bigint; paidAt: Date }[] {
  if (input.total === 0n || input.isOldUnpaid) return [];
  const roll = random.next();
  const paidShare = input.isRecent ? 0.55 : 0.95;
  const partialShare = input.isRecent ? 0.1 : 0.02;
  const paidAt = (days: number) => {
    const date = new Date(atHour(addDays(input.issuedOn, days), 9 + random.int(0, 8)).getTime());
    return date > input.now ? null : date;
  };
  if (roll < paidShare) {
    const at = paidAt(random.int(0, 14)) ?? paidAt(0);
    return at ? [{ amount: input.total, paidAt: at }] : [];
  }
  if (roll < paidShare + partialShare) {
    const at = paidAt(random.int(1, 10));
    if (!at) return [];
    const part = (input.total * BigInt(random.int(20, 70))) / 100n;
    return part > 0n ? [{ amount: part, paidAt: at }] : [];
  }
  return [];
}

async function seedTransactions(
  executor: Executor,
  input: {
    tenantId: number;
    now: Date;
    staff: BillingDemoOptions['staff'];
    decimals: number;
    priceFactor: bigint;
    random: ReturnType<typeof createRandom>;
    serviceId: number | null;
  },
) {
  const { tenantId, now, staff, random } = input;
  const values: (typeof transactions.$inferInsert)[] = [];
  const receiver = staff.officeIds[staff.officeIds.length - 1] ?? null;
  for (let month = 11; month >= 0; month -= 1) {
    const start = monthStart(now, -month);
    for (const day of [7, 21]) {
      const createdAt = atHour(`${isoDay(start).slice(0, 8)}${String(day).padStart(2, '0')}`, 16);
      if (createdAt > now) continue;
      if (staff.collectorId && receiver) {
        values.push({
          tenantId,
          serviceId: input.serviceId,
          kind: 'handover',
          amount: BigInt(random.int(300, 1500)) * 10n ** BigInt(input.decimals) * input.priceFactor,
          fromUserId: staff.collectorId,
          toUserId: receiver,
          description: 'Cash collected in the buildings',
          createdAt,
          createdBy: receiver,
        });
      }
    }
    const expenseAt = atHour(`${isoDay(start).slice(0, 8)}15`, 11);
    if (expenseAt <= now) {
      values.push({
        tenantId,
        serviceId: input.serviceId,
        kind: 'expense',
        amount: BigInt(random.int(150, 600)) * 10n ** BigInt(input.decimals) * input.priceFactor,
        fromUserId: receiver,
        toUserId: null,
        description: random.pick(['Diesel for the generators', 'Generator maintenance', 'Cables and meters', 'مازوت للمولدات']),
        createdAt: expenseAt,
        createdBy: receiver,
      });
    }
  }
  if (values.length) await executor.insert(transactions).values(values);
}
