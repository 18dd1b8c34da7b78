/**
 * Issue 14: a meter's consumption priced month by month with the tariff of each month
 * (`packages/contract/src/tariff-pricing.ts`), and the exchange rate an invoice keeps. Kept apart
 * from the invoice service: it only hands it the consumption lines and stores what they record.
 */
import {
  currencyDecimals,
  formatMoneyAmount,
  formatScaled,
  parseScaled,
  QUANTITY_SCALE,
  UNIT_PRICE_SCALE,
} from '@meterline/contract/money';
import { PERCENT_SCALE, priceConsumption, type ConsumptionInterval, type TariffRule } from '@meterline/contract/tariff-pricing';
import type { Executor } from '../../db/client';
import { trimDecimal } from '../../lib/decimal-input';
import type { ServiceContext } from '../../scope/service-scope';
import { findServiceTariffs, type TariffRow } from '../tariffs/tariffs.repository';
import type { DraftLine } from './invoice-lines';
import { findBilledByMonth, findRateForMonth, findUnbilledIntervals, insertInvoiceRate, insertLinePricing } from './pricing.repository';
import { findSettings } from '../config/config.repository';
import { nth } from '@meterline/contract/invariant';

const scaled = (text: string | null | undefined, scale: number) => (text ? (parseScaled(text, scale) ?? 0n) : 0n);

export function toTariffRule(row: TariffRow): TariffRule {
  return {
    id: row.id,
    name: row.name,
    effectiveFrom: row.effectiveFrom.slice(0, 7),
    effectiveTo: row.effectiveTo === null ? null : row.effectiveTo.slice(0, 7),
    unitPrice: scaled(row.unitPrice, UNIT_PRICE_SCALE),
    tiers: row.tiers
      ? row.tiers.map((tier) => ({
          upTo: tier.up_to === null ? null : scaled(tier.up_to, QUANTITY_SCALE),
          unitPrice: scaled(tier.unit_price, UNIT_PRICE_SCALE),
        }))
      : null,
    upliftPercent: scaled(row.upliftPercent, PERCENT_SCALE),
    bundleIds: row.bundleIds.length ? row.bundleIds : null,
  };
}

function describe(quantity: bigint, unit: string, suffix: string | null): string {
  const text = `Consumption: ${trimDecimal(formatScaled(quantity, QUANTITY_SCALE))} ${unit}`.trim();
  return suffix ? `${text} (${suffix})` : text;
}

/**
 * The consumption lines of a meter invoice. The unbilled readings are split over the months they
 * happened in; each month is priced with its tariff (tiers continuing after what earlier invoices
 * billed in that month). When no month has a tariff, one line at the bundle's unit price, exactly
 * as before tariffs existed. Null: no consumption line (nothing consumed, or a bundle without a
 * unit price and no tariff), so the caller keeps its own rule.
 */
export async function priceMeterConsumption(
  executor: Executor,
  context: ServiceContext,
  input: { customerId: number; bundleId: number; bundleUnitPrice: bigint; consumption: bigint; now: Date },
): Promise<DraftLine[] | undefined> {
  const { scope, terms, service } = context;
  if (input.consumption === 0n) return undefined;
  const [tariffRows, intervalRows, billedRows] = await Promise.all([
    findServiceTariffs(executor, scope),
    findUnbilledIntervals(executor, scope.tenantId, input.customerId),
    findBilledByMonth(executor, scope.tenantId, input.customerId),
  ]);
  let intervals: ConsumptionInterval[] = intervalRows.map((row) => {
    const end = new Date(Number(row.endMs));
    return { start: row.startMs === null ? end : new Date(Number(row.startMs)), end, quantity: scaled(row.quantity, QUANTITY_SCALE) };
  });
  // Readings voided after they were billed make the readings since the last invoice differ from
  // what is left to bill: the whole amount is then spread over the time those readings cover.
  const sum = intervals.reduce((total, interval) => total + interval.quantity, 0n);
  if (sum !== input.consumption) {
    const start = intervals.length ? new Date(Math.min(...intervals.map((interval) => interval.start.getTime()))) : input.now;
    const end = intervals.length ? new Date(Math.max(...intervals.map((interval) => interval.end.getTime()))) : input.now;
    intervals = [{ start, end, quantity: input.consumption }];
  }
  const priced = priceConsumption({
    intervals,
    timeZone: terms.timezone,
    tariffs: tariffRows.map(toTariffRule),
    bundleId: input.bundleId,
    bundleUnitPrice: input.bundleUnitPrice,
    currencyDecimals: terms.decimals,
    alreadyBilled: new Map(billedRows.map((row) => [row.month, scaled(row.quantity, QUANTITY_SCALE)])),
  });
  if (priced.length === 0) return undefined;
  if (priced.every((line) => line.tariffId === null)) {
    // No tariff in any of the months: the bundle's price, one line, as before.
    if (input.bundleUnitPrice === 0n) return undefined;
    const lastMonth = nth(priced, -1).month;
    return [
      {
        description: describe(input.consumption, service.unit, null),
        quantity: input.consumption,
        unitPrice: input.bundleUnitPrice,
        pricing: { tariffId: null, month: lastMonth, tier: null },
      },
    ];
  }
  return priced.map((line) => ({
    description: describe(
      line.quantity,
      service.unit,
      [line.month, line.tariffName, line.tier === null ? null : `tier ${line.tier}`].filter(Boolean).join(', '),
    ),
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    pricing: { tariffId: line.tariffId, month: line.month, tier: line.tier },
  }));
}

/** Records how each stored line was priced (lines without pricing record nothing). */
export async function storeLinePricing(
  executor: Executor,
  tenantId: number,
  drafts: DraftLine[],
  stored: { id: number; position: number }[],
): Promise<void> {
  const byPosition = new Map(stored.map((line) => [line.position, line.id]));
  await insertLinePricing(
    executor,
    drafts.flatMap((draft, index) => {
      const lineId = byPosition.get(index + 1);
      if (!draft.pricing || lineId === undefined) return [];
      return [
        { tenantId, invoiceLineId: lineId, tariffId: draft.pricing.tariffId, month: `${draft.pricing.month}-01`, tier: draft.pricing.tier },
      ];
    }),
  );
}

/**
 * Stores the rate of the invoice's month (its period's first month; failing that, the latest
 * month before it with a rate) when the tenant has a second currency. No rate: nothing stored,
 * the invoice shows one currency.
 */
export async function storeInvoiceRate(executor: Executor, tenantId: number, invoiceId: number, periodStart: string): Promise<void> {
  const settings = await findSettings(executor, { tenantId });
  const currency = settings?.secondCurrency;
  if (!currency) return;
  const monthDate = `${periodStart.slice(0, 7)}-01`;
  const rate = await findRateForMonth(executor, tenantId, currency, monthDate);
  if (!rate) return;
  await insertInvoiceRate(executor, { tenantId, invoiceId, currency, month: rate.month, rate: rate.rate, baseCurrency: rate.baseCurrency });
}

/** The tenant's cash steps as decimal texts of their currencies. */
export function cashRoundingOf(terms: ServiceContext['terms']): Record<string, string> {
  return Object.fromEntries(Object.entries(terms.cashSteps).map(([code, step]) => [code, formatMoneyAmount(step, currencyDecimals(code))]));
}
