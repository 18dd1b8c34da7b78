/**
 * What a meter invoice bills for consumption, from the consumption ledger (docs/billing.md): for
 * each subscription and month, the units its live readings put in that month less the units live
 * invoices already recorded for it. Pure: no database; the service, the billing run and the demo
 * seed all price through here, so a seeded history is one the engine would have made.
 */
import { formatScaled, QUANTITY_SCALE } from '@meterline/contract/money';
import { findTariff, priceMonth, type Month, type PricedLine, type TariffRule } from '@meterline/contract/tariff-pricing';
import { trimDecimal } from '../../lib/decimal-input';
import type { DraftLine } from './invoice-lines';

/** One subscription's month that is not billed as metered: `delta` units to bill (negative: billed too many). */
export interface UnpricedMonth {
  subscriptionId: number;
  bundleId: number;
  month: Month;
  delta: bigint;
}

export interface LedgerEntry {
  subscriptionId: number;
  month: Month;
  quantity: bigint;
}

export interface ConsumptionPlan {
  /** The units billed (the invoice's consumption): 0 when nothing, or less than nothing, is due. */
  consumption: bigint;
  /** The consumption lines; undefined when the caller's own rule applies (nothing due, or no price at all). */
  lines: DraftLine[] | undefined;
  /** What the invoice records in the ledger: every month it settles. */
  ledger: LedgerEntry[];
}

const NOTHING: ConsumptionPlan = { consumption: 0n, lines: undefined, ledger: [] };

function describe(quantity: bigint, unit: string, suffix: string | null): string {
  const text = `Consumption: ${trimDecimal(formatScaled(quantity, QUANTITY_SCALE))} ${unit}`.trim();
  return suffix ? `${text} (${suffix})` : text;
}

/** Units taken off the top of a month's tier scale (a correction): the same lines, negative. */
function priceCorrection(input: Parameters<typeof priceMonth>[0]): PricedLine[] {
  return priceMonth(input).map((line) => ({ ...line, quantity: -line.quantity, amount: -line.amount }));
}

/**
 * Prices the months a meter invoice settles. Each month is priced with the tariff of that month
 * for the bundle the units were consumed on, its tiers continuing after what the customer's live
 * invoices already billed in that month (`billedInMonth`). A net of zero or less bills nothing and
 * settles nothing: the months wait for the next reading. Without a tariff in any month, one line at
 * the invoiced bundle's unit price (none when that price is 0), as before tariffs existed.
 */
export function planConsumption(input: {
  months: UnpricedMonth[];
  /** Per month, the units the customer's live invoices already billed in it (every subscription). */
  billedInMonth: ReadonlyMap<Month, bigint>;
  tariffs: TariffRule[];
  bundleUnitPrice: bigint;
  unit: string;
  currencyDecimals: number;
}): ConsumptionPlan {
  const months = input.months
    .filter((entry) => entry.delta !== 0n)
    .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : a.subscriptionId - b.subscriptionId));
  const consumption = months.reduce((sum, entry) => sum + entry.delta, 0n);
  if (consumption <= 0n) return NOTHING;
  const position = new Map(input.billedInMonth);
  const priced: PricedLine[] = [];
  for (const entry of months) {
    const start = position.get(entry.month) ?? 0n;
    const tariff = findTariff(input.tariffs, entry.month, entry.bundleId);
    const common = { month: entry.month, tariff, bundleUnitPrice: input.bundleUnitPrice, currencyDecimals: input.currencyDecimals };
    priced.push(
      ...(entry.delta > 0n
        ? priceMonth({ ...common, quantity: entry.delta, alreadyBilled: start })
        : priceCorrection({ ...common, quantity: -entry.delta, alreadyBilled: start + entry.delta })),
    );
    position.set(entry.month, start + entry.delta);
  }
  const ledger = months.map((entry) => ({ subscriptionId: entry.subscriptionId, month: entry.month, quantity: entry.delta }));
  if (priced.every((line) => line.tariffId === null)) {
    if (input.bundleUnitPrice === 0n) return { consumption, lines: undefined, ledger };
    const lastMonth = months[months.length - 1]?.month ?? '';
    return {
      consumption,
      ledger,
      lines: [
        {
          description: describe(consumption, input.unit, null),
          quantity: consumption,
          unitPrice: input.bundleUnitPrice,
          pricing: { tariffId: null, month: lastMonth, tier: null },
        },
      ],
    };
  }
  // A correction dearer than what is due (a lower tier billed now, a higher one taken back) would
  // make the consumption's amount negative: it waits with its months for the next reading.
  if (priced.reduce((sum, line) => sum + line.amount, 0n) < 0n) return NOTHING;
  return {
    consumption,
    ledger,
    lines: priced.map((line) => ({
      description: describe(
        line.quantity,
        input.unit,
        [line.month, line.tariffName, line.tier === null ? null : `tier ${line.tier}`].filter(Boolean).join(', '),
      ),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      pricing: { tariffId: line.tariffId, month: line.month, tier: line.tier },
    })),
  };
}

/**
 * The months an invoice of this subscription settles: a closed subscription its own; the open one
 * its own and those of the customer's closed subscriptions that cannot bill the period themselves
 * (closed before it starts, or never open a day).
 */
export function monthsBilledBy(
  subscription: { id: number; endedOn: string | null },
  periodStart: string,
  customerMonths: (UnpricedMonth & { endedOn: string | null; startedOn: string })[],
): UnpricedMonth[] {
  return customerMonths.filter((entry) => {
    if (entry.subscriptionId === subscription.id) return true;
    if (subscription.endedOn !== null || entry.endedOn === null) return false;
    return entry.endedOn <= periodStart || entry.endedOn <= entry.startedOn;
  });
}
