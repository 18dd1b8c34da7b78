import type { Config } from '@meterline/contract/config';
import type { DigitSystem } from '@meterline/contract/digits';
import type { Service } from '@meterline/contract/services';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import { FOLLOW_UP_FIELDS, followUpValuesOf, type FollowUpValues } from './follow-up-settings';
import type { settingsFormSchema } from './settings-form-schema';

/** What the settings form holds: the settings as typed, each service's limit and each currency's cash step. */
export interface SettingsFormValues extends FollowUpValues {
  company_name: string;
  currency: string;
  tax_rate: string;
  invoice_prefix: string;
  invoice_due_days: string;
  phone: string;
  email: string;
  address: string;
  invoice_footer: string;
  timezone: string;
  default_digits: DigitSystem;
  voltage: string;
  backdate_days: string;
  prorate_partial_months: boolean;
  collectors_take_payments: boolean;
  /** '' for none. */
  second_currency: string;
  /** The cash step per currency code ('' for none: the minor unit), for the billing and the second currency. */
  cash_rounding: Record<string, string>;
  /** Each metered service's `max_consumption_per_day` ('' for none), keyed `s<id>` (a numeric key would make an array). */
  service_limits: Record<string, string>;
}

/** What the form submits: its values as the schema checked them (each service's limit and cash step included). */
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;

/** The form's control, as each section of the form takes it. */
export type SettingsControl = Control<SettingsFormValues, unknown, SettingsFormOutput>;

/** The fields a server 400 on `PUT /config/` lands on. */
export const SETTINGS_FIELDS = [
  'company_name',
  'currency',
  'tax_rate',
  'invoice_prefix',
  'invoice_due_days',
  'phone',
  'email',
  'address',
  'invoice_footer',
  'timezone',
  'default_digits',
  'voltage',
  'backdate_days',
  'prorate_partial_months',
  'collectors_take_payments',
  'second_currency',
  'cash_rounding',
  'logo',
  ...FOLLOW_UP_FIELDS,
] as const;

export const serviceKey = (serviceId: number) => `s${serviceId}`;

/** The services with a meter: the ones a daily consumption limit applies to. */
export function meteredServices(services: readonly Service[]): Service[] {
  return services.filter((service) => service.is_metered);
}

export function settingsValuesOf(config: Config, services: readonly Service[]): SettingsFormValues {
  return {
    company_name: config.company_name,
    currency: config.currency,
    tax_rate: config.tax_rate,
    invoice_prefix: config.invoice_prefix,
    invoice_due_days: String(config.invoice_due_days),
    phone: config.phone,
    email: config.email,
    address: config.address,
    invoice_footer: config.invoice_footer,
    timezone: config.timezone,
    default_digits: config.default_digits,
    voltage: String(config.voltage),
    backdate_days: String(config.backdate_days),
    prorate_partial_months: config.prorate_partial_months,
    collectors_take_payments: config.collectors_take_payments,
    second_currency: config.second_currency ?? '',
    cash_rounding: Object.fromEntries(
      [config.currency, config.second_currency]
        .filter((code): code is string => Boolean(code))
        .map((code) => [code, config.cash_rounding[code] ?? '']),
    ),
    ...followUpValuesOf(config),
    service_limits: Object.fromEntries(
      meteredServices(services).map((service) => [serviceKey(service.id), service.max_consumption_per_day ?? '']),
    ),
  };
}
