import { z } from 'zod';
import { booleanQuerySchema } from './common';
import { decimalSchema } from './billing-common';
import { fieldErrorSchema } from './errors';
import { createCustomerInputSchema } from './customers';
import { ONBOARDING_ITEMS, type OnboardingItem } from './onboarding-items';

export { ONBOARDING_ITEMS, type OnboardingItem } from './onboarding-items';

/**
 * Onboarding (docs/tenants-and-settings.md): the new client's setup checklist and the import of customers from a CSV file.
 */

/** `GET /api/onboarding/`: each item done when its data exists (counts of the tenant's rows). */
export const onboardingSchema = z
  .object({
    items: z.object(Object.fromEntries(ONBOARDING_ITEMS.map((item) => [item, z.boolean()])) as Record<OnboardingItem, z.ZodBoolean>),
    /** Every item done: the dashboard shows no checklist. */
    complete: z.boolean(),
    /**
     * Which levels of the address tree exist: `addresses` is done once a building does (a customer's
     * address ends in one), and until then the screen says what is still missing (a region made, no
     * street nor building yet).
     */
    address_levels: z.object({ regions: z.boolean(), streets: z.boolean(), buildings: z.boolean() }),
  })
  .meta({ id: 'Onboarding' });
export type Onboarding = z.infer<typeof onboardingSchema>;

/**
 * The CSV file's columns (machine names, English in every language; the template's header row).
 * `full_name` is the one required column; every other may be left out of the file or empty.
 * `region`, `street`, `building`, `station` and `bundle` take the name as the app shows it (or
 * the record's id); unknown names are refused per row, never created.
 */
export const CUSTOMER_IMPORT_COLUMNS = [
  'code',
  'full_name',
  'phone',
  'email',
  'national_id',
  'region',
  'street',
  'building',
  'floor',
  'apartment',
  'station',
  'bundle',
  'initial_reading',
  'started_on',
  'status',
  'notes',
  'language',
  'opted_out_channels',
] as const;
export type CustomerImportColumn = (typeof CUSTOMER_IMPORT_COLUMNS)[number];
export const CUSTOMER_IMPORT_REQUIRED_COLUMNS: readonly CustomerImportColumn[] = ['full_name'];
/** One file at most this many customers (a bigger list goes in several files). */
export const CUSTOMER_IMPORT_MAX_ROWS = 20_000;
/** The request body's limit: 20,000 rows of a few hundred bytes. */
export const CUSTOMER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The texts of one row, checked as the customer form checks them (the names are resolved by the server). */
export const customerImportTextsSchema = createCustomerInputSchema.pick({
  full_name: true,
  phone: true,
  email: true,
  national_id: true,
  floor: true,
  apartment: true,
  status: true,
  notes: true,
  code: true,
  initial_reading: true,
  started_on: true,
});

/** `?dry_run=true`: check and preview only; without it the file is imported (all rows or none). */
export const customerImportQuerySchema = z.object({ dry_run: booleanQuerySchema.optional(), lang: z.string().optional() });

const nullableId = z.number().int().nullable();

/** One row of the file as it would be imported: the parsed values, the names resolved to ids, and its errors. */
export const customerImportRowSchema = z
  .object({
    /** The row's number as a spreadsheet shows it (the header is row 1). */
    row: z.number().int(),
    values: z.object({
      code: z.string(),
      full_name: z.string(),
      phone: z.string(),
      email: z.string(),
      national_id: z.string(),
      region: nullableId,
      region_name: z.string(),
      street: nullableId,
      street_name: z.string(),
      building: nullableId,
      building_name: z.string(),
      floor: z.string(),
      apartment: z.string(),
      station: nullableId,
      station_name: z.string(),
      bundle: nullableId,
      bundle_name: z.string(),
      initial_reading: decimalSchema.nullable(),
      /** The subscription's start (YYYY-MM-DD): the cell's date, else today; '' without a bundle. */
      started_on: z.string(),
      status: z.string(),
      notes: z.string(),
      /** 'en' or 'ar'; '' when the cell is empty (the tenant's reminder language is used). */
      language: z.string(),
      /** The channels of the cell (separated by `;` or `|`). */
      opted_out_channels: z.array(z.string()),
    }),
    /** Field errors of the row (the field is the column), in the caller's language. */
    errors: z.array(fieldErrorSchema),
  })
  .meta({ id: 'CustomerImportRow' });
export type CustomerImportRow = z.infer<typeof customerImportRowSchema>;

export const customerImportPreviewSchema = z
  .object({
    dry_run: z.literal(true),
    total: z.number().int(),
    valid: z.number().int(),
    invalid: z.number().int(),
    rows: z.array(customerImportRowSchema),
  })
  .meta({ id: 'CustomerImportPreview' });
export type CustomerImportPreview = z.infer<typeof customerImportPreviewSchema>;

export const customerImportResultSchema = z
  .object({ dry_run: z.literal(false), created: z.number().int(), subscriptions: z.number().int() })
  .meta({ id: 'CustomerImportResult' });
export type CustomerImportResult = z.infer<typeof customerImportResultSchema>;
