import { normalizeDigits } from './digits';
import { numberFormat } from './intl-formats';

/**
 * Money's formatting and exact parsing, without zod (money.ts re-exports them with the schemas):
 * the web app's signed-in shell shows amounts on every screen, and zod stays out of its JS
 * (docs/performance.md, "No zod before a screen shows").
 */
export const CURRENCY_DECIMALS: Record<string, number> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  SAR: 2,
  AED: 2,
  QAR: 2,
  EGP: 2,
  TRY: 2,
  JOD: 3,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  TND: 3,
  LBP: 0,
  IQD: 0,
  SYP: 0,
};
export const CURRENCIES = Object.keys(CURRENCY_DECIMALS);

export function currencyDecimals(currency: string): number {
  return CURRENCY_DECIMALS[currency.toUpperCase()] ?? 2;
}

export const DECIMAL_PATTERN = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** Parses a decimal text into an integer scaled by 10^scale; null when not a number or too precise. */
export function parseScaled(value: string | number, scale: number): bigint | null {
  const text = normalizeDigits(String(value));
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > scale && /[1-9]/.test(fraction.slice(scale))) return null;
  const digits = whole + fraction.slice(0, scale).padEnd(scale, '0');
  const magnitude = BigInt(digits);
  return sign === '-' ? -magnitude : magnitude;
}

/** Formats an integer scaled by 10^scale as a plain decimal text ("-12.50"). */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = scale === 0 ? digits : digits.slice(0, -scale);
  const fraction = scale === 0 ? '' : `.${digits.slice(-scale)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

export function parseMoney(value: string | number, decimals: number): bigint | null {
  return parseScaled(value, decimals);
}

export function formatMoneyAmount(minor: bigint, decimals: number): string {
  return formatScaled(minor, decimals);
}

/**
 * Formats a decimal money text for display, exactly (Intl formats decimal strings without floats).
 * `locale` is a language (`en`, `ar`) or a whole Intl locale (`ar-EG-u-nu-latn`: Arabic, Western digits).
 */
export function formatMoney(amount: string, currency: string, locale: string): string {
  const decimals = currencyDecimals(currency);
  const formatter = numberFormat(locale === 'ar' ? 'ar-EG' : locale === 'en' ? 'en-US' : locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return formatter.format(amount as unknown as number);
}

/** Integer division rounding half away from zero (half-up on magnitudes). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

export const QUANTITY_SCALE = 3; // meter readings and quantities: numeric(14,3)
export const UNIT_PRICE_SCALE = 6; // unit prices keep up to 6 decimals
export const TAX_RATE_SCALE = 3; // tax rate in percent, up to 3 decimals ("11.000")

/** One invoice line amount: quantity x unit price, rounded once to the currency, half-up. */
export function lineAmountMinor(quantityScaled: bigint, unitPriceScaled: bigint, decimals: number): bigint {
  const productScale = QUANTITY_SCALE + UNIT_PRICE_SCALE;
  return divideRoundHalfUp(quantityScaled * unitPriceScaled, 10n ** BigInt(productScale - decimals));
}

/** Tax once on the subtotal, half-up; the rate is a percentage scaled by 10^TAX_RATE_SCALE. */
export function taxMinor(subtotalMinor: bigint, taxRateScaled: bigint): bigint {
  return divideRoundHalfUp(subtotalMinor * taxRateScaled, 100n * 10n ** BigInt(TAX_RATE_SCALE));
}

export interface InvoiceTotals {
  lines: bigint[];
  subtotal: bigint;
  tax: bigint;
  total: bigint;
}

export function computeInvoiceTotals(
  lines: { quantity: bigint; unitPrice: bigint }[],
  taxRateScaled: bigint,
  decimals: number,
): InvoiceTotals {
  const amounts = lines.map((line) => lineAmountMinor(line.quantity, line.unitPrice, decimals));
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0n);
  const tax = taxMinor(subtotal, taxRateScaled);
  return { lines: amounts, subtotal, tax, total: subtotal + tax };
}
