import { normalizeDigits } from './digits';

/**
 * Money's formatting and exact parsing, without zod (money.ts re-exports them with the schemas):
 * the web app's signed-in shell shows amounts on every screen, and zod stays out of its JS
 * (docs/decisions.md, "Issue 18, item 4: bundle budget").
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
  const formatter = new Intl.NumberFormat(locale === 'ar' ? 'ar-EG' : locale === 'en' ? 'en-US' : locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return formatter.format(amount as unknown as number);
}
