import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isErrorCode, type ErrorCode } from '@meterline/contract/error-codes';
import type { ErrorParams } from '@meterline/contract/errors';
import type { ErrorLanguage } from '@meterline/contract/error-messages';
import { i18next } from '../../i18n/index';
import { ApiError } from './api-client';
import { catalogText } from './error-catalog';
import { localizeNumbers } from './format-number';

/** The language of a translation function (a fixed `t` knows it; else the app's language). */
export function languageOfT(t: TFunction): ErrorLanguage {
  const language = (t as TFunction & { lng?: string | null }).lng || i18next.language;
  return language === 'ar' ? 'ar' : 'en';
}

type ScreenText = (t: TFunction, params: ErrorParams) => string;
const count = (value: unknown) => Number(value);

/**
 * Codes the screens say in their own words (the product's voice, friendlier than the API's
 * DRF-worded catalog text, which other clients rely on). Looked up by code, never by English text.
 */
const SCREEN_TEXTS: Partial<Record<ErrorCode, ScreenText>> = {
  required: (t) => t('forms.messages.required'),
  blank: (t) => t('forms.messages.blank'),
  max_length: (t, p) => t('forms.messages.maxLength', { count: count(p.max) }),
  min_length: (t, p) => t('forms.messages.minLength', { count: count(p.min) }),
  invalid_email: (t) => t('forms.messages.email'),
  invalid_username: (t) => t('forms.messages.username'),
  password_numeric: (t) => t('forms.messages.passwordNumeric'),
  invalid_slug: (t) => t('forms.messages.slug'),
  invalid_currency: (t) => t('forms.messages.currency'),
  invalid_integer: (t) => t('forms.messages.integer'),
  invalid_number: (t) => t('forms.messages.number'),
  min_value: (t, p) => t('forms.messages.minValue', { value: String(p.min) }),
  max_value: (t, p) => t('forms.messages.maxValue', { value: String(p.max) }),
  invalid_tax_rate: (t) => t('forms.messages.taxRate'),
  invalid_invoice_prefix: (t) => t('forms.messages.invoicePrefix'),
  invalid_timezone: (t) => t('forms.messages.timezone'),
  otp_code_format: (t) => t('forms.messages.otpCode'),
  otp_invalid: (t) => t('forms.messages.otpInvalid'),
  username_taken: (t) => t('forms.messages.usernameTaken'),
  slug_taken: (t) => t('forms.messages.slugTaken'),
  region_name_taken: (t) => t('forms.messages.nameTaken'),
  street_name_taken: (t) => t('forms.messages.nameTaken'),
  building_name_taken: (t) => t('forms.messages.nameTaken'),
  wrong_password: (t) => t('forms.messages.wrongPassword'),
  own_role: (t) => t('forms.messages.ownRole'),
  own_account: (t) => t('forms.messages.ownAccount'),
  role_not_allowed: (t) => t('forms.messages.roleNotAllowed'),
  db_alias_fixed: (t) => t('forms.messages.aliasFixed'),
  logo_type: (t) => t('forms.messages.logoType'),
  logo_too_large: (t) => t('forms.messages.logoTooLarge'),
  lower_reading: (t, p) => t('counters.errors.lowerReading', { value: p.value, previous: p.previous }),
  lower_final_reading: (t, p) => t('counters.errors.lowerFinal', { value: p.value, previous: p.previous }),
  customer_code_taken: (t) => t('customers.errors.codeTaken'),
  bundle_inactive: (t) => t('customers.errors.bundleInactive'),
  invalid_id: (t) => t('customers.errors.invalidChoice'),
  station_code_taken: (t) => t('stations.errors.codeTaken'),
  out_of_range: (t, p) => t('stations.errors.between', { min: p.min, max: p.max }),
  protected: (t) => t('forms.errors.protected'),
  last_admin: (t) => t('forms.errors.lastAdmin'),
  currency_locked: (t) => t('forms.errors.currencyLocked'),
  permission_denied: (t) => t('forms.errors.permission'),
  not_found: (t) => t('forms.errors.notFound'),
  subscription_closed: (t) => t('counters.errors.subscriptionClosed'),
};

/**
 * A message's numbers in the user's digit system: the catalog and the server write `16` and
 * `INV-2026-000042`; an Arabic screen read in Arabic-Indic shows `١٦` (one digit system per user, docs/web.md).
 */
function inUserDigits(text: string, t: TFunction): string {
  return localizeNumbers(text, languageOfT(t));
}

/**
 * A catalog code (the server's, or a contract schema's message) in the user's language and digits;
 * undefined for another text, or while the catalog is still downloading (error-catalog.ts).
 */
export function messageOfCode(code: string, t: TFunction, params: ErrorParams = {}): string | undefined {
  if (!isErrorCode(code)) return undefined;
  const screenText = SCREEN_TEXTS[code];
  const text = screenText ? screenText(t, params) : catalogText(code, languageOfT(t), params);
  return text === undefined ? undefined : inUserDigits(text, t);
}

/**
 * A field message as it reaches a form: a catalog code (a contract schema names its code as
 * its message) in the user's language; any other text is shown as written.
 */
export function localizeMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return message;
  return messageOfCode(message, t) ?? message;
}

interface FieldErrorItem {
  field: string;
  code: string;
  message: string;
  params?: ErrorParams;
}

/** The `errors` list of a 400 (each field error with its code), when the server sent one. */
function fieldErrorsOf(data: unknown): FieldErrorItem[] | null {
  const errors = (data as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return null;
  return errors.filter((item): item is FieldErrorItem => typeof item?.field === 'string' && typeof item?.code === 'string');
}

function groupByField(items: FieldErrorItem[], t: TFunction): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const item of items) byField.set(item.field, [...(byField.get(item.field) ?? []), textOf(item, t)]);
  return byField;
}

/** One field error in words: its code through the catalog, else the server's message. */
function textOf(item: FieldErrorItem, t: TFunction): string {
  return messageOfCode(item.code, t, item.params) ?? inUserDigits(item.message, t);
}

/** Keys of a 400 body that are not fields. */
const RESERVED_KEYS = new Set(['code', 'params', 'errors']);

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/**
 * A failure in words for a toast or an alert (docs/product/specification.md section 5 and 8): its code in the user's
 * language through the contract's catalog, else the server's `detail` (already in the language
 * the client asked for), else `fallback` ('Unknown error' unless the caller has a
 * better one, such as 'Profile update failed. Please try again later.').
 */
export function errorMessageOf(error: unknown, t: TFunction, fallback: string = t('forms.errors.unknown')): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return t('forms.errors.network');
  const data = error.data as Record<string, unknown> | undefined;
  const fieldErrors = fieldErrorsOf(data);
  const [firstFieldError] = fieldErrors ?? [];
  if (firstFieldError) return textOf(firstFieldError, t);
  const params = data?.params as ErrorParams | undefined;
  const known = error.code ? messageOfCode(error.code, t, params) : undefined;
  if (known) return known;
  if (typeof data?.detail === 'string' && data.detail) return inUserDigits(data.detail, t);
  if (error.status === 400 && data && typeof data === 'object') {
    const first = Object.entries(data).flatMap(([key, value]) => (RESERVED_KEYS.has(key) ? [] : messagesOf(value)))[0];
    if (first) return inUserDigits(first, t);
  }
  return fallback;
}

/**
 * Puts a 400 body `{field: [messages], non_field_errors: [...]}` onto the form (docs/product/specification.md section 5):
 * messages of known fields on those fields, the rest (and `non_field_errors`) returned as the
 * form's alert. Any other failure returns `errorMessageOf` (falling back to 'Unknown error').
 * Returns null when every message found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  t: TFunction,
  fallback?: string,
): string | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.data || typeof error.data !== 'object') {
    return errorMessageOf(error, t, fallback);
  }
  const formMessages: string[] = [];
  let isFirst = true;
  const fieldErrors = fieldErrorsOf(error.data);
  const messagesByField = fieldErrors
    ? [...groupByField(fieldErrors, t)]
    : Object.entries(error.data as Record<string, unknown>).flatMap(([key, value]) =>
        RESERVED_KEYS.has(key) ? [] : [[key, messagesOf(value).map((message) => inUserDigits(message, t))] as const],
      );
  for (const [key, messages] of messagesByField) {
    if (messages.length === 0) continue;
    if (fields.includes(key)) {
      setError(key as Path<T>, { type: 'server', message: messages.join(' ') }, { shouldFocus: isFirst });
      isFirst = false;
    } else {
      formMessages.push(...messages);
    }
  }
  if (formMessages.length) return formMessages.join(' ');
  return isFirst ? errorMessageOf(error, t, fallback) : null;
}
