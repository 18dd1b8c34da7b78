import { and, eq, sql } from 'drizzle-orm';
import { currencyDecimals, formatMoneyAmount, formatScaled, parseScaled, TAX_RATE_SCALE } from '@meterline/contract/money';
import { LATE_FEE_KINDS, type Config, type LateFeeKind } from '@meterline/contract/config';
import { DEFAULT_REMINDER_TEMPLATES } from '@meterline/contract/overdue';
import { DEFAULT_DIGIT_SYSTEM, digitSystemOf } from '@meterline/contract/digits';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { invoices, payments, services, settings, transactions } from '../../db/schema/index';
import { mediaUrl } from '../media/index';

/**
 * The one repository of the tenant's settings (the `settings` table, "config" in the API): every
 * read and write of that table in the API and the seed goes through a function of this file.
 */

export type SettingsRow = typeof settings.$inferSelect;
export type SettingsChanges = Partial<Omit<typeof settings.$inferInsert, 'id' | 'tenantId'>>;

/** Each currency's cash step as the API shows it ("LBP": "1000"): the settings, and the signed-in user's tenant. */
export function cashRoundingText(steps: Record<string, number> | null): Record<string, string> {
  return Object.fromEntries(
    Object.entries(steps ?? {}).map(([code, step]) => [code, formatMoneyAmount(BigInt(step), currencyDecimals(code))]),
  );
}

/** The API shape of a tenant's settings; the tax rate always with its 3 decimals, whatever the driver gives. */
export function toConfig(row: SettingsRow): Config {
  const taxRate = parseScaled(String(row.taxRate), TAX_RATE_SCALE) ?? 0n;
  return {
    id: row.id,
    company_name: row.companyName,
    logo: mediaUrl(row.logo),
    currency: row.currency,
    currency_decimals: currencyDecimals(row.currency),
    tax_rate: formatScaled(taxRate, TAX_RATE_SCALE),
    invoice_prefix: row.invoicePrefix,
    invoice_due_days: row.invoiceDueDays,
    phone: row.phone,
    email: row.email,
    address: row.address,
    invoice_footer: row.invoiceFooter,
    timezone: row.timezone,
    second_currency: row.secondCurrency,
    second_currency_decimals: row.secondCurrency === null ? null : currencyDecimals(row.secondCurrency),
    cash_rounding: cashRoundingText(row.cashRounding),
    voltage: row.voltage,
    prorate_partial_months: row.proratePartialMonths,
    backdate_days: row.backdateDays,
    collectors_take_payments: row.collectorsTakePayments,
    late_fee_kind: (LATE_FEE_KINDS as readonly string[]).includes(row.lateFeeKind) ? (row.lateFeeKind as LateFeeKind) : 'none',
    late_fee_value: row.lateFeeValue,
    late_fee_after_days: row.lateFeeAfterDays,
    reminder_language: row.reminderLanguage === 'ar' ? 'ar' : 'en',
    reminder_template_en: row.reminderTemplateEn || DEFAULT_REMINDER_TEMPLATES.en,
    reminder_template_ar: row.reminderTemplateAr || DEFAULT_REMINDER_TEMPLATES.ar,
    disconnection_after_days: row.disconnectionAfterDays,
    default_digits: digitSystemOf(row.defaultDigits) ?? DEFAULT_DIGIT_SYSTEM,
  };
}

export async function findSettings(db: Executor, scope: { tenantId: number }): Promise<SettingsRow | null> {
  const [row] = await db.select().from(settings).where(eq(settings.tenantId, scope.tenantId));
  return row ?? null;
}

/** The settings row under a row lock (invoice numbering takes the same lock). */
export async function lockSettings(tx: Executor, scope: { tenantId: number }): Promise<SettingsRow | null> {
  const [row] = await tx.select().from(settings).where(eq(settings.tenantId, scope.tenantId)).for('update');
  return row ?? null;
}

/** A new tenant's settings row (provisioning). */
export async function insertSettings(
  tx: Executor,
  scope: { tenantId: number },
  values: SettingsChanges & { companyName: string },
): Promise<void> {
  await tx.insert(settings).values({ ...values, tenantId: scope.tenantId });
}

/**
 * A service of the tenant with the tenant's settings, in one query (`null` when the service is not
 * the tenant's): the request scope of every `/api/services/{serviceId}/...` route.
 */
export async function findServiceWithSettings(
  db: Executor,
  scope: { tenantId: number; serviceId: number },
): Promise<{ service: typeof services.$inferSelect; settings: SettingsRow | null } | null> {
  const [row] = await db
    .select({ service: services, settings })
    .from(services)
    .leftJoin(settings, eq(settings.tenantId, services.tenantId))
    .where(and(eq(services.tenantId, scope.tenantId), eq(services.id, scope.serviceId)));
  return row ?? null;
}

/** The tenant's late fee terms as stored (value a decimal text scaled by 10^3), `null` without a settings row. */
export async function findLateFeeSettings(
  db: Executor,
  scope: { tenantId: number },
): Promise<{ kind: string; value: string; afterDays: number } | null> {
  const [row] = await db
    .select({ kind: settings.lateFeeKind, value: settings.lateFeeValue, afterDays: settings.lateFeeAfterDays })
    .from(settings)
    .where(eq(settings.tenantId, scope.tenantId));
  return row ?? null;
}

export async function updateSettings(tx: Executor, scope: { tenantId: number }, changes: SettingsChanges): Promise<SettingsRow> {
  return first(await tx.update(settings).set(changes).where(eq(settings.tenantId, scope.tenantId)).returning(), 'the updated settings row');
}

/** Whether any amount was recorded in the tenant's currency: invoices, payments or transactions. */
export async function hasMoneyRows(db: Executor, scope: { tenantId: number }): Promise<boolean> {
  // Both drivers (pg and PGlite) answer raw queries with `rows`.
  const result = (await db.execute(sql`select (
      exists (select 1 from ${invoices} where ${invoices.tenantId} = ${scope.tenantId})
      or exists (select 1 from ${payments} where ${payments.tenantId} = ${scope.tenantId})
      or exists (select 1 from ${transactions} where ${transactions.tenantId} = ${scope.tenantId})
    ) as found`)) as unknown as { rows: { found: boolean }[] };
  return Boolean(result.rows[0]?.found);
}
