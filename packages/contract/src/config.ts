import { z } from 'zod';
import { forbiddenField, idSchema, optionalText } from './common';
import { currencySchema, decimalStringSchema, formatScaled, normalizeDigits, parseScaled, TAX_RATE_SCALE } from './money';

/** Largest logo accepted, in bytes (PNG, JPEG or WebP, checked by content on the server). */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

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
      .number({ message: 'A valid integer is required.' })
      .int({ message: 'A valid integer is required.' })
      .min(min, { message: `Ensure this value is greater than or equal to ${min}.` })
      .max(max, { message: `Ensure this value is less than or equal to ${max}.` }),
  );

const MAX_TAX_RATE = 100n * 10n ** BigInt(TAX_RATE_SCALE);
/** Tax rate in percent, 0 to 100 with up to 3 decimals, normalised to "11.000". */
export const taxRateInputSchema = decimalStringSchema.transform((value, context) => {
  const scaled = parseScaled(value, TAX_RATE_SCALE);
  if (scaled === null || scaled < 0n || scaled > MAX_TAX_RATE) {
    context.addIssue({ code: 'custom', message: 'Enter a percentage between 0 and 100 with at most 3 decimals.' });
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
    .regex(/^[A-Za-z0-9_/-]*$/, { message: 'Use letters, digits, "-", "_" and "/" only.' })
    .optional(),
  invoice_due_days: integerInput(0, 365).optional(),
  phone: optionalText(32).optional(),
  email: emailField.optional(),
  address: optionalText(500).optional(),
  invoice_footer: optionalText(2000).optional(),
  timezone: z
    .string()
    .trim()
    .refine(isValidTimeZone, { message: 'Enter a valid IANA time zone, such as Asia/Beirut.' })
    .transform(canonicalTimeZone)
    .optional(),
  tenant: forbiddenField(),
});
export type UpdateConfigInput = z.input<typeof updateConfigInputSchema>;
