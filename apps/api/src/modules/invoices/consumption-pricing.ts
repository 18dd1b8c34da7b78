/**
 * A meter's consumption priced month by month from the consumption ledger (`consumption-rules.ts`,
 * docs/billing.md), and the exchange rate an invoice keeps. Kept apart from the invoice service: it
 * only hands it the consumption lines and stores what they record.
 */
import {
  currencyDecimals,
  formatMoneyAmount,
  formatScaled,
  parseScaled,
  QUANTITY_SCALE,
  UNIT_PRICE_SCALE,
} from '@meterline/contract/money';
import { PERCENT_SCALE, type TariffRule } from '@meterline/contract/tariff-pricing';
import type { Executor } from '../../db/client';
import type { ServiceContext } from '../../scope/service-scope';
import type { TariffRow } from '../tariffs/index';
import type { DraftLine } from './invoice-lines';
import { planConsumption, monthsBilledBy, type ConsumptionPlan, type LedgerEntry } from './consumption-rules';
import {
  findRateForMonth,
  type findUnpricedMonths,
  insertBilledConsumption,
  insertInvoiceRate,
  insertLinePricing,
} from './pricing.repository';
import { findSettings } from '../config/index';

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

/** The plan of one subscription from its customer's open months (as `findUnpricedMonths` answers them). */
export function planFromUnpriced(
  context: ServiceContext,
  subscription: { id: number; endedOn: string | null },
  periodStart: string,
  bundleUnitPrice: bigint,
  tariffs: TariffRule[],
  customerRows: Awaited<ReturnType<typeof findUnpricedMonths>>,
  /** Units of the customer's months that invoices of the same batch bill before this one (tiers continue after them). */
  plannedInMonth: ReadonlyMap<string, bigint> = new Map(),
): ConsumptionPlan {
  const months = customerRows.map((row) => ({
    subscriptionId: row.subscriptionId,
    bundleId: row.bundleId,
    month: row.month,
    delta: scaled(row.delta, QUANTITY_SCALE),
    startedOn: row.startedOn,
    endedOn: row.endedOn,
  }));
  return planConsumption({
    months: monthsBilledBy(subscription, periodStart, months),
    billedInMonth: new Map(
      customerRows.map((row) => [row.month, scaled(row.billed, QUANTITY_SCALE) + (plannedInMonth.get(row.month) ?? 0n)]),
    ),
    tariffs,
    bundleUnitPrice,
    unit: context.service.unit,
    currencyDecimals: context.terms.decimals,
  });
}

/** Records in the consumption ledger the months invoices settle. */
export async function storeLedgerRows(
  executor: Executor,
  tenantId: number,
  ledger: (LedgerEntry & { invoiceId: number })[],
): Promise<void> {
  await insertBilledConsumption(
    executor,
    ledger.map((entry) => ({
      tenantId,
      invoiceId: entry.invoiceId,
      subscriptionId: entry.subscriptionId,
      month: `${entry.month}-01`,
      quantity: formatScaled(entry.quantity, QUANTITY_SCALE),
    })),
  );
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
