import { z } from 'zod';
import { normalizeDigits } from './digits';
import { CURRENCY_DECIMALS, DECIMAL_PATTERN } from './money-format';
import { ERROR_CODES } from './errors';

export { normalizeDigits };
export {
  computeInvoiceTotals,
  currencyDecimals,
  divideRoundHalfUp,
  formatMoney,
  formatMoneyAmount,
  formatScaled,
  lineAmountMinor,
  parseMoney,
  parseScaled,
  QUANTITY_SCALE,
  TAX_RATE_SCALE,
  UNIT_PRICE_SCALE,
  type InvoiceTotals,
} from './money-format';

/**
 * Exact money, shared by server and client. Amounts travel as decimal strings ("12.50"),
 * live in integer minor units (bigint) and are never a binary float.
 */
export const currencySchema = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .refine((value) => value in CURRENCY_DECIMALS, { message: ERROR_CODES.invalidCurrency });

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
