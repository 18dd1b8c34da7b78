import { z } from 'zod';
import { normalizeDigits } from './digits';
import { CURRENCY_DECIMALS, DECIMAL_PATTERN } from './money-format';
import { ERROR_CODES } from './errors';

export { normalizeDigits };
export { CURRENCY_DECIMALS, currencyDecimals, formatMoney, formatMoneyAmount, formatScaled, parseMoney, parseScaled } from './money-format';

/**
 * Exact money, shared by server and client. Amounts travel as decimal strings ("12.50"),
 * live in integer minor units (bigint) and are never a binary float.
 */
export const CURRENCIES = Object.keys(CURRENCY_DECIMALS);
export const currencySchema = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .refine((value) => value in CURRENCY_DECIMALS, { message: ERROR_CODES.invalidCurrency });

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

/** Decimal text on the wire: accepts Arabic-Indic digits, gives back the ASCII text. */
export const decimalStringSchema = z
  .union([z.string(), z.number()])
  .transform((value) => normalizeDigits(String(value)))
  .refine((value) => DECIMAL_PATTERN.test(value), { message: ERROR_CODES.invalidNumber });

/** A money amount as sent by the server. */
export const moneySchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: 'Decimal amount', example: '12.50' });
