import { DEFAULT_DIGIT_SYSTEM, digitSystemOf } from '@meterline/contract/digits';
import { currencyDecimals } from '@meterline/contract/money';
import type { TenantSummary } from '@meterline/contract/users';
import { cashRoundingText, type findSettings } from '../config/index';
import { mediaUrl } from '../media/index';

/** The tenant part of `users/me/` from the tenant's row and its settings (none yet: the defaults). */
export function tenantSummaryOf(tenantRow: { id: number; name: string }, config: Awaited<ReturnType<typeof findSettings>>): TenantSummary {
  const currency = config?.currency ?? 'USD';
  return {
    id: tenantRow.id,
    name: tenantRow.name,
    company_name: config?.companyName || tenantRow.name,
    logo: mediaUrl(config?.logo ?? null),
    currency,
    currency_decimals: currencyDecimals(currency),
    timezone: config?.timezone ?? 'UTC',
    second_currency: config?.secondCurrency ?? null,
    cash_rounding: cashRoundingText(config?.cashRounding ?? null),
    default_digits: digitSystemOf(config?.defaultDigits) ?? DEFAULT_DIGIT_SYSTEM,
    // Customers without a language of their own are written to in this one (docs/notifications.md).
    customer_language: config?.reminderLanguage === 'ar' ? 'ar' : 'en',
  };
}
