import type { z } from 'zod';
import type { Config, updateConfigInputSchema } from '@meterline/contract/config';
import { ERROR_CODES } from '@meterline/contract/errors';
import { DEFAULT_REMINDER_TEMPLATES } from '@meterline/contract/overdue';
import { currencyDecimals, formatMoneyAmount, formatScaled, parseMoney, parseScaled } from '@meterline/contract/money';
import type { DatabaseRegistry } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import type { TenantActor } from '../../plugins/request-context';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { type ImageType, createMediaName, deleteUpload, insertUpload } from '../media/index';
import {
  findSettings,
  hasMoneyRows,
  lockSettings,
  toConfig,
  updateSettings,
  type SettingsChanges,
  type SettingsRow,
} from './config.repository';

/** A logo already checked by its content. */
export interface LogoFile {
  data: Buffer;
  type: ImageType;
}

type ConfigChanges = z.output<typeof updateConfigInputSchema>;

/**
 * The second currency must differ from the billing one; cash steps are kept only for those two
 * currencies, each a positive amount in whole minor units (0.05 USD, 1000 LBP).
 */
function checkedCurrencies(row: SettingsRow, input: ConfigChanges): { cashRounding: Record<string, number> | undefined } {
  const currency = input.currency ?? row.currency;
  const second = input.second_currency === undefined ? row.secondCurrency : input.second_currency;
  if (second !== null && second === currency) {
    throw fieldError('second_currency', ERROR_CODES.secondCurrencySame);
  }
  const requested =
    input.cash_rounding ?? (input.currency !== undefined || input.second_currency !== undefined ? toSteps(row.cashRounding) : undefined);
  if (requested === undefined) return { cashRounding: undefined };
  const cashRounding: Record<string, number> = {};
  for (const [key, value] of Object.entries(requested)) {
    const code = key.trim().toUpperCase();
    if (code !== currency && code !== second) {
      // A step of a currency no longer used is dropped; one for an unrelated currency is refused.
      if (input.cash_rounding === undefined) continue;
      throw fieldError(`cash_rounding.${key}`, ERROR_CODES.invalidChoice);
    }
    const step = parseMoney(value, currencyDecimals(code));
    if (step === null || step <= 0n || step > 1_000_000_000n) {
      throw fieldError(`cash_rounding.${key}`, ERROR_CODES.invalidNumber);
    }
    cashRounding[code] = Number(step);
  }
  return { cashRounding };
}

function toSteps(stored: Record<string, number> | null): Record<string, string> {
  return Object.fromEntries(
    Object.entries(stored ?? {}).map(([code, step]) => [code, formatMoneyAmount(BigInt(step), currencyDecimals(code))]),
  );
}

/** The tenant's settings (the spec's Config) and its logo, on the tenant's database. */
export function createConfigService(deps: { databases: DatabaseRegistry; clock: Clock }) {
  const { databases, clock } = deps;
  const dbFor = (actor: TenantActor) => databases.get(actor.dbAlias);

  return {
    async get(actor: TenantActor): Promise<Config> {
      const row = await findSettings(dbFor(actor), { tenantId: actor.tenantId });
      if (!row) throw notFound();
      return toConfig(row);
    },

    /**
     * Partial update, with an optional new logo. The currency changes only while the tenant has
     * no money rows: amounts are stored in minor units of the currency they were written in.
     */
    async update(
      actor: TenantActor,
      settingsId: number,
      input: ConfigChanges,
      logo: LogoFile | null,
      context: AuditContext,
    ): Promise<Config> {
      const scope = { tenantId: actor.tenantId };
      return dbFor(actor).transaction(async (tx) => {
        const row = await lockSettings(tx, scope);
        if (!row || row.id !== settingsId) throw notFound();
        if (input.currency !== undefined && input.currency !== row.currency && (await hasMoneyRows(tx, scope))) {
          throw conflict(ERROR_CODES.currencyLocked);
        }
        const currencies = checkedCurrencies(row, input);
        const changes: SettingsChanges = {
          secondCurrency: input.second_currency,
          cashRounding: currencies.cashRounding,
          companyName: input.company_name,
          currency: input.currency,
          taxRate: input.tax_rate,
          invoicePrefix: input.invoice_prefix,
          invoiceDueDays: input.invoice_due_days,
          phone: input.phone,
          email: input.email,
          address: input.address,
          invoiceFooter: input.invoice_footer,
          timezone: input.timezone,
          voltage: input.voltage,
          proratePartialMonths: input.prorate_partial_months,
          backdateDays: input.backdate_days,
          collectorsTakePayments: input.collectors_take_payments,
          lateFeeKind: input.late_fee_kind,
          lateFeeValue: input.late_fee_value === undefined ? undefined : formatScaled(parseScaled(input.late_fee_value, 3) ?? 0n, 3),
          lateFeeAfterDays: input.late_fee_after_days,
          reminderLanguage: input.reminder_language,
          // The built-in text saved back unchanged stays "the built-in text" (it follows future wording).
          reminderTemplateEn:
            input.reminder_template_en === undefined
              ? undefined
              : input.reminder_template_en === DEFAULT_REMINDER_TEMPLATES.en
                ? ''
                : input.reminder_template_en,
          reminderTemplateAr:
            input.reminder_template_ar === undefined
              ? undefined
              : input.reminder_template_ar === DEFAULT_REMINDER_TEMPLATES.ar
                ? ''
                : input.reminder_template_ar,
          disconnectionAfterDays: input.disconnection_after_days,
          defaultDigits: input.default_digits,
          updatedAt: clock.now(),
        };
        if (logo) {
          const name = createMediaName(actor.tenantId, logo.type.extension);
          await insertUpload(tx, scope, { name, contentType: logo.type.contentType, data: logo.data, createdAt: clock.now() });
          changes.logo = name;
        } else if (input.logo === null) {
          changes.logo = null;
        }
        // A replaced or removed logo's bytes go with it; its old URL answers 404 from now on.
        if (changes.logo !== undefined && row.logo && row.logo !== changes.logo) await deleteUpload(tx, scope, row.logo);
        const updated = await updateSettings(tx, scope, changes);
        await recordAudit(tx, context, {
          action: 'update',
          entity: 'settings',
          entityId: row.id,
          before: toConfig(row),
          after: toConfig(updated),
        });
        return toConfig(updated);
      });
    },

    async deleteLogo(actor: TenantActor, context: AuditContext): Promise<void> {
      const scope = { tenantId: actor.tenantId };
      await dbFor(actor).transaction(async (tx) => {
        const row = await lockSettings(tx, scope);
        if (!row) throw notFound();
        // No logo, nothing changes and nothing is recorded.
        if (!row.logo) return;
        await deleteUpload(tx, scope, row.logo);
        const updated = await updateSettings(tx, scope, { logo: null, updatedAt: clock.now() });
        await recordAudit(tx, context, {
          action: 'delete_logo',
          entity: 'settings',
          entityId: row.id,
          before: toConfig(row),
          after: toConfig(updated),
        });
      });
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
