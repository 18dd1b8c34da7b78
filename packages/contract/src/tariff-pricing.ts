/**
 * Pricing consumption month by month with tariffs that change over time, and converting money
 * between a tenant's two currencies. Pure functions over integers: quantities are scaled by
 * 10^QUANTITY_SCALE, unit prices by 10^UNIT_PRICE_SCALE, percentages by 10^PERCENT_SCALE, amounts
 * are minor units of a currency. Nothing here is ever a binary float.
 */
import { divideRoundHalfUp, lineAmountMinor } from './money-format';

export const PERCENT_SCALE = 3; // uplift percentages, like the tax rate ("12.500")
export const EXCHANGE_RATE_SCALE = 6; // units of the quoted currency for one unit of the rate's base currency (see CurrencyPair)

/** A calendar month, "YYYY-MM". */
export type Month = string;

export interface TariffTier {
  /** Cumulative upper bound of the month's consumption in this tier; null for the last, open-ended tier. */
  upTo: bigint | null;
  unitPrice: bigint;
}

export interface TariffRule {
  id: number;
  name: string;
  effectiveFrom: Month;
  /** Last month the tariff applies to (inclusive); null while it has no end. */
  effectiveTo: Month | null;
  /** Unit price when the tariff has no tiers. */
  unitPrice: bigint;
  tiers: TariffTier[] | null;
  upliftPercent: bigint;
  /** Bundles the tariff applies to; null for every bundle of the service. */
  bundleIds: number[] | null;
}

export interface ConsumptionInterval {
  /** When the earlier reading was taken. */
  start: Date;
  /** When the later reading was taken. */
  end: Date;
  quantity: bigint;
}

export interface MonthlyQuantity {
  month: Month;
  quantity: bigint;
}

export interface PricedLine {
  month: Month;
  /** The tariff that priced the line; null when the bundle's own unit price did. */
  tariffId: number | null;
  tariffName: string | null;
  /** 1-based tier of the tariff; null for a tariff without tiers or the bundle's price. */
  tier: number | null;
  quantity: bigint;
  /** The unit price charged, the uplift included. */
  unitPrice: bigint;
  amount: bigint;
}

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return MONTH_PATTERN.test(value);
}

function parseMonth(month: Month): { year: number; monthIndex: number } {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`Not a month: ${month}`);
  return { year: Number(match[1]), monthIndex: Number(match[2]) - 1 };
}

export function nextMonth(month: Month): Month {
  const { year, monthIndex } = parseMonth(month);
  const next = new Date(Date.UTC(year, monthIndex + 1, 1));
  return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(
  instant: Date,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year ?? 0,
    month: values.month ?? 1,
    day: values.day ?? 1,
    hour: values.hour ?? 0,
    minute: values.minute ?? 0,
    second: values.second ?? 0,
  };
}

/** Offset of the time zone from UTC at that instant, in milliseconds (east positive). */
function offsetAt(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The month an instant falls in, on the tenant's calendar. */
export function monthOf(instant: Date, timeZone: string): Month {
  const wall = wallClock(instant, timeZone);
  return `${wall.year}-${String(wall.month).padStart(2, '0')}`;
}

/** The instant a month begins (midnight on the 1st) in the tenant's time zone. */
export function monthStart(month: Month, timeZone: string): Date {
  const { year, monthIndex } = parseMonth(month);
  return dayStart(`${year}-${String(monthIndex + 1).padStart(2, '0')}-01`, timeZone);
}

/** The instant a day begins (its midnight) in the tenant's time zone: a start date's first moment. */
export function dayStart(day: string, timeZone: string): Date {
  const wallAsUtc = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  let instant = wallAsUtc - offsetAt(new Date(wallAsUtc), timeZone);
  // A second pass settles the offset when the first guess fell on the other side of a DST change.
  instant = wallAsUtc - offsetAt(new Date(instant), timeZone);
  return new Date(instant);
}

/**
 * Splits consumption between two readings over the months it happened in, pro rata by time. The
 * parts are rounded cumulatively, so they always add up to the interval's quantity exactly.
 */
export function splitByMonth(intervals: ConsumptionInterval[], timeZone: string): MonthlyQuantity[] {
  const totals = new Map<Month, bigint>();
  const add = (month: Month, quantity: bigint) => totals.set(month, (totals.get(month) ?? 0n) + quantity);
  for (const interval of intervals) {
    if (interval.quantity === 0n) continue;
    const startMs = BigInt(interval.start.getTime());
    const endMs = BigInt(interval.end.getTime());
    if (endMs <= startMs) {
      add(monthOf(interval.end, timeZone), interval.quantity);
      continue;
    }
    const span = endMs - startMs;
    let month = monthOf(interval.start, timeZone);
    let allocated = 0n;
    for (;;) {
      const boundary = BigInt(monthStart(nextMonth(month), timeZone).getTime());
      const reached = boundary >= endMs ? span : boundary - startMs;
      const cumulative = divideRoundHalfUp(interval.quantity * reached, span);
      add(month, cumulative - allocated);
      allocated = cumulative;
      if (boundary >= endMs) break;
      month = nextMonth(month);
    }
  }
  return [...totals.entries()]
    .filter(([, quantity]) => quantity !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([month, quantity]) => ({ month, quantity }));
}

/**
 * The tariff in force for a bundle in a month: among those whose months include it and that apply
 * to the bundle, the one that started last (then the newest). Null: the bundle's own unit price.
 */
export function findTariff(tariffs: TariffRule[], month: Month, bundleId: number): TariffRule | null {
  let found: TariffRule | null = null;
  for (const tariff of tariffs) {
    if (tariff.effectiveFrom > month) continue;
    if (tariff.effectiveTo !== null && tariff.effectiveTo < month) continue;
    if (tariff.bundleIds !== null && !tariff.bundleIds.includes(bundleId)) continue;
    if (
      found === null ||
      tariff.effectiveFrom > found.effectiveFrom ||
      (tariff.effectiveFrom === found.effectiveFrom && tariff.id > found.id)
    ) {
      found = tariff;
    }
  }
  return found;
}

/** A unit price with the uplift added, rounded half-up to the unit price's decimals. */
export function upliftedUnitPrice(unitPrice: bigint, upliftPercent: bigint): bigint {
  const hundred = 100n * 10n ** BigInt(PERCENT_SCALE);
  return divideRoundHalfUp(unitPrice * (hundred + upliftPercent), hundred);
}

/** Checks a tier list: bounds strictly ascending and positive, only the last one open-ended. */
export function tierProblem(tiers: TariffTier[]): string | null {
  if (tiers.length === 0) return 'tiers_empty';
  let previous = 0n;
  for (const [index, tier] of tiers.entries()) {
    const isLast = index === tiers.length - 1;
    if (tier.upTo === null) {
      if (!isLast) return 'tier_open_before_last';
      continue;
    }
    if (isLast) return 'tier_last_must_be_open';
    if (tier.upTo <= previous) return 'tier_bounds_not_ascending';
    previous = tier.upTo;
  }
  return null;
}

export interface PriceMonthInput {
  month: Month;
  quantity: bigint;
  /** Consumption of the same month already billed on earlier invoices: tiers continue after it. */
  alreadyBilled?: bigint;
  tariff: TariffRule | null;
  bundleUnitPrice: bigint;
  currencyDecimals: number;
}

/** Prices one month's consumption: one line per tier touched (one line without tiers). */
export function priceMonth(input: PriceMonthInput): PricedLine[] {
  const { month, quantity, tariff, currencyDecimals } = input;
  if (quantity === 0n) return [];
  const line = (tier: number | null, lineQuantity: bigint, basePrice: bigint): PricedLine => {
    const unitPrice = tariff ? upliftedUnitPrice(basePrice, tariff.upliftPercent) : basePrice;
    return {
      month,
      tariffId: tariff?.id ?? null,
      tariffName: tariff?.name ?? null,
      tier,
      quantity: lineQuantity,
      unitPrice,
      amount: lineAmountMinor(lineQuantity, unitPrice, currencyDecimals),
    };
  };
  if (!tariff) return [line(null, quantity, input.bundleUnitPrice)];
  if (!tariff.tiers || tariff.tiers.length === 0) return [line(null, quantity, tariff.unitPrice)];

  const lines: PricedLine[] = [];
  let position = input.alreadyBilled ?? 0n; // where this consumption starts on the month's tier scale
  let remaining = quantity;
  for (const [index, tier] of tariff.tiers.entries()) {
    if (tier.upTo !== null && position >= tier.upTo) continue;
    const room = tier.upTo === null ? remaining : tier.upTo - position;
    const taken = room < remaining ? room : remaining;
    lines.push(line(index + 1, taken, tier.unitPrice));
    remaining -= taken;
    position += taken;
    if (remaining === 0n) break;
  }
  return lines;
}

export interface PriceConsumptionInput {
  intervals: ConsumptionInterval[];
  timeZone: string;
  tariffs: TariffRule[];
  bundleId: number;
  bundleUnitPrice: bigint;
  currencyDecimals: number;
  /** Per month, consumption already billed on earlier invoices of the same subscription. */
  alreadyBilled?: ReadonlyMap<Month, bigint>;
}

/** Prices consumption month by month, each month with the tariff of that month. */
export function priceConsumption(input: PriceConsumptionInput): PricedLine[] {
  return splitByMonth(input.intervals, input.timeZone).flatMap(({ month, quantity }) =>
    priceMonth({
      month,
      quantity,
      alreadyBilled: input.alreadyBilled?.get(month) ?? 0n,
      tariff: findTariff(input.tariffs, month, input.bundleId),
      bundleUnitPrice: input.bundleUnitPrice,
      currencyDecimals: input.currencyDecimals,
    }),
  );
}

// ---- Two currencies ----

export interface CurrencyPair {
  /** Decimals of the billing currency (invoices are issued in it). */
  billingDecimals: number;
  /** Decimals of the second currency. */
  secondDecimals: number;
  /**
   * The rate, scaled by 10^EXCHANGE_RATE_SCALE: units of the other currency for one unit of the
   * `base` one. Quoted the way the market quotes it, so it is exact either way round: a USD tenant
   * with LBP says 1 USD = 89,500 LBP (base billing), an LBP tenant with USD says the same
   * 1 USD = 89,500 LBP (base second), never 0.0000111731... LBP-side.
   */
  rate: bigint;
  /** Which currency one unit of is quoted (docs/money-and-numbering.md, migration 0014); before it, always the billing one. */
  base: 'billing' | 'second';
}

/** An amount of the billing currency in the second currency, half-up to its minor unit. */
export function toSecondCurrency(billingMinor: bigint, pair: CurrencyPair): bigint {
  const scale = 10n ** BigInt(EXCHANGE_RATE_SCALE);
  if (pair.base === 'second') {
    return divideRoundHalfUp(billingMinor * scale * 10n ** BigInt(pair.secondDecimals), pair.rate * 10n ** BigInt(pair.billingDecimals));
  }
  return divideRoundHalfUp(billingMinor * pair.rate * 10n ** BigInt(pair.secondDecimals), 10n ** BigInt(pair.billingDecimals) * scale);
}

/** An amount of the second currency in the billing currency, half-up to its minor unit. */
export function toBillingCurrency(secondMinor: bigint, pair: CurrencyPair): bigint {
  const scale = 10n ** BigInt(EXCHANGE_RATE_SCALE);
  if (pair.base === 'second') {
    return divideRoundHalfUp(secondMinor * pair.rate * 10n ** BigInt(pair.billingDecimals), 10n ** BigInt(pair.secondDecimals) * scale);
  }
  return divideRoundHalfUp(secondMinor * 10n ** BigInt(pair.billingDecimals) * scale, pair.rate * 10n ** BigInt(pair.secondDecimals));
}

/** Rounds an amount to the cash step of its currency (e.g. 1,000 LBP), half-up; a step of 1 changes nothing. */
export function roundToCashStep(minor: bigint, step: bigint): bigint {
  if (step <= 1n) return minor;
  return divideRoundHalfUp(minor, step) * step;
}

export interface TenderedAmount {
  currency: 'billing' | 'second';
  minor: bigint;
}

export interface Settlement {
  /** Everything tendered, converted to the billing currency. */
  receivedBilling: bigint;
  /** What pays the balance (never more than the balance). */
  appliedBilling: bigint;
  /** What goes back to the customer, in the billing currency and in the second one (cash-rounded). */
  changeBilling: bigint;
  changeSecond: bigint | null;
}

/**
 * Settles cash handed over in one or both currencies against a balance: converted at the invoice's
 * rate; what exceeds the balance is change, given back in the currency the caller chooses.
 */
export function settleTender(
  tendered: TenderedAmount[],
  balanceBilling: bigint,
  pair: CurrencyPair | null,
  secondCashStep = 1n,
): Settlement {
  let receivedBilling = 0n;
  for (const part of tendered) {
    if (part.currency === 'billing') receivedBilling += part.minor;
    else {
      if (!pair) throw new RangeError('No second currency');
      receivedBilling += toBillingCurrency(part.minor, pair);
    }
  }
  const appliedBilling = receivedBilling < balanceBilling ? receivedBilling : balanceBilling;
  const changeBilling = receivedBilling - appliedBilling;
  const changeSecond = pair ? roundToCashStep(toSecondCurrency(changeBilling, pair), secondCashStep) : null;
  return { receivedBilling, appliedBilling, changeBilling, changeSecond };
}
