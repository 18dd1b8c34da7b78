import { ERROR_CODES } from '@meterline/contract/errors';
import { formatScaled, parseScaled } from '@meterline/contract/money';
import { fieldError } from './http-errors';

/**
 * Decimal inputs (already ASCII from the contract) to exact scaled integers: too many decimals,
 * too many digits or a forbidden sign is a 400 on the field, never a database error.
 */
export function parseDecimalField(
  field: string,
  value: string,
  scale: number,
  options: { maxDigits: number; allowNegative?: boolean; allowZero?: boolean },
): bigint {
  const scaled = parseScaled(value, scale);
  if (scaled === null) throw fieldError(field, ERROR_CODES.decimalPlaces, { places: scale });
  if (!options.allowNegative && scaled < 0n) throw fieldError(field, ERROR_CODES.minValue, { min: 0 });
  if (options.allowZero === false && scaled === 0n) throw fieldError(field, ERROR_CODES.notZero);
  const limit = 10n ** BigInt(options.maxDigits);
  if (scaled >= limit || scaled <= -limit) {
    throw fieldError(field, ERROR_CODES.maxDigits, { digits: options.maxDigits - scale });
  }
  return scaled;
}

/** As parseDecimalField, answered as the decimal text a numeric column takes. */
export function decimalFieldText(
  field: string,
  value: string,
  scale: number,
  options: { maxDigits: number; allowNegative?: boolean },
): string {
  return formatScaled(parseDecimalField(field, value, scale, options), scale);
}

/** "1234.500" -> "1234.5", "12.000" -> "12": readings in messages and documents. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
