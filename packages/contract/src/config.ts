import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { digitSystemSchema, forbiddenField, idSchema, optionalText } from './common';
import { currencySchema, decimalStringSchema, formatScaled, normalizeDigits, parseScaled, TAX_RATE_SCALE } from './money';
import { LATE_FEE_KINDS } from './config-values';
import { REMINDER_LANGUAGES } from './reminder-texts';

export { LATE_FEE_KINDS, LOGO_MAX_BYTES, type LateFeeKind } from './config-values';

/** The tenant's settings ("Config"): one object per tenant. */

export const configSchema = z
  .object({
    id: idSchema,
    company_name: z.string(),
    logo: z.string().nullable().meta({ description: 'URL of the logo (`/api/media/<name>`) or null' }),
    currency: z.string(),
    currency_decimals: z.number().int(),
    tax_rate: z.string().meta({ description: 'Percent, decimal text with 3 decimals', example: '11.000' }),
    invoice_prefix: z.string(),
    invoice_due_days: z.number().int(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    invoice_footer: z.string(),
    timezone: z.string().meta({ description: 'IANA time zone, e.g. Asia/Beirut' }),
    /** Optional second currency (totals shown in it at the month's rate; payments may be taken in it). */
    second_currency: z.string().nullable(),
    second_currency_decimals: z.number().int().nullable(),
    /** Cash step per currency, in that currency ("1000" LBP, "0.05" USD); absent: its smallest unit. */
    cash_rounding: z.record(z.string(), z.string()),
    /** Volts: the plausibility limit of a reading is amperage x voltage x hours (+10 %). */
    voltage: z.number().int(),
    /** A subscription open for part of a month pays its monthly fee by days. */
    prorate_partial_months: z.boolean(),
    /** How many days back a reading or a payment may be dated (collectors: 3 at most). */
    backdate_days: z.number().int(),
    /** Collectors may take cash payments at the door (docs/collectors.md; on by default). */
    collectors_take_payments: z.boolean(),
    /** Late fee added by the billing run (docs/billing.md): off, a fixed amount, or a percent of what is left; once per invoice overdue more than `late_fee_after_days`. */
    late_fee_kind: z.enum(LATE_FEE_KINDS),
    /** The amount (fixed) or the percent, as decimal text. */
    late_fee_value: z.string(),
    late_fee_after_days: z.number().int(),
    /** Overdue reminders (docs/accounts.md): customers carry no language, so the tenant chooses the one reminders are written in. */
    reminder_language: z.enum(REMINDER_LANGUAGES),
    /** Message templates with `{name}`, `{amount}`, `{due_date}`, `{days}`, `{company}`; the built-in text when none was saved. */
    reminder_template_en: z.string(),
    reminder_template_ar: z.string(),
    /** The disconnection list's default: customers overdue at least this many days. */
    disconnection_after_days: z.number().int(),
    /** Digits on Arabic screens for users who chose none (docs/web.md): 'arab' Arabic-Indic or 'latn' Western. */
    default_digits: digitSystemSchema,
  })
  .meta({ id: 'Config' });
export type Config = z.infer<typeof configSchema>;

/** An IANA zone name the runtime knows ("Asia/Beirut", "UTC"); offsets and abbreviations are refused. */
export function isValidTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone's canonical spelling ("asia/beirut" → "Asia/Beirut"). */
export function canonicalTimeZone(value: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}

/** Numbers arrive as JSON numbers or as text (multipart forms, Arabic-Indic digits). */
const integerInput = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? normalizeDigits(value) : value),
    z.coerce
      .number({ message: ERROR_CODES.invalidInteger })
      .int({ message: ERROR_CODES.invalidInteger })
      .min(min, { message: `Ensure this value is greater than or equal to ${min}.` })
      .max(max, { message: `Ensure this value is less than or equal to ${max}.` }),
  );

const MAX_TAX_RATE = 100n * 10n ** BigInt(TAX_RATE_SCALE);
/** Tax rate in percent, 0 to 100 with up to 3 decimals, normalised to "11.000". */
export const taxRateInputSchema = decimalStringSchema.transform((value, context) => {
  const scaled = parseScaled(value, TAX_RATE_SCALE);
  if (scaled === null || scaled < 0n || scaled > MAX_TAX_RATE) {
    context.addIssue({ code: 'custom', message: ERROR_CODES.invalidTaxRate });
    return z.NEVER;
  }
  return formatScaled(scaled, TAX_RATE_SCALE);
});

const emailField = z.union([z.literal(''), z.email({ message: 'Enter a valid email address.' })]);

/**
 * PUT /config/{id}/: partial, as JSON or multipart/form-data (the logo as a file part). In JSON,
 * `logo: null` removes the logo and a string (the current URL a form sends back) keeps it.
 */
export const updateConfigInputSchema = z.object({
  company_name: optionalText(200).optional(),
  logo: z.string().nullable().optional(),
  currency: currencySchema.optional(),
  tax_rate: taxRateInputSchema.optional(),
  invoice_prefix: optionalText(20)
    .regex(/^[A-Za-z0-9_/-]*$/, { message: ERROR_CODES.invalidInvoicePrefix })
    .optional(),
  invoice_due_days: integerInput(0, 365).optional(),
  phone: optionalText(32).optional(),
  email: emailField.optional(),
  address: optionalText(500).optional(),
  invoice_footer: optionalText(2000).optional(),
  timezone: z.string().trim().refine(isValidTimeZone, { message: ERROR_CODES.invalidTimezone }).transform(canonicalTimeZone).optional(),
  second_currency: z.preprocess((value) => (value === '' ? null : value), currencySchema.nullable()).optional(),
  // A multipart form sends the map as JSON text.
  cash_rounding: z
    .preprocess(
      (value) => {
        if (typeof value !== 'string') return value;
        try {
          return JSON.parse(value) as unknown;
        } catch {
          return value;
        }
      },
      z.record(z.string(), decimalStringSchema),
    )
    .optional(),
  voltage: integerInput(1, 1000).optional(),
  prorate_partial_months: z
    .preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : value),
      z.boolean({ message: ERROR_CODES.invalidBoolean }),
    )
    .optional(),
  backdate_days: integerInput(0, 366).optional(),
  collectors_take_payments: z
    .preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : value),
      z.boolean({ message: ERROR_CODES.invalidBoolean }),
    )
    .optional(),
  late_fee_kind: z.enum(LATE_FEE_KINDS).optional(),
  late_fee_value: decimalStringSchema
    .refine(
      (value) => {
        const scaled = parseScaled(value, 3);
        return scaled !== null && scaled >= 0n && scaled < 10n ** 15n;
      },
      { message: ERROR_CODES.invalidNumber },
    )
    .optional(),
  late_fee_after_days: integerInput(0, 3650).optional(),
  reminder_language: z.enum(REMINDER_LANGUAGES).optional(),
  /** Empty: back to the built-in text. */
  reminder_template_en: optionalText(1000).optional(),
  reminder_template_ar: optionalText(1000).optional(),
  disconnection_after_days: integerInput(1, 3650).optional(),
  default_digits: digitSystemSchema.optional(),
  tenant: forbiddenField(),
});
export type UpdateConfigInput = z.input<typeof updateConfigInputSchema>;
