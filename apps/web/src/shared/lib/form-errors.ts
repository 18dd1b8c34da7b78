import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * The contract's validation messages (zod on the client, the same texts in a server 400) in the
 * user's language. An unknown message is shown as it came: better English than nothing.
 */
const MESSAGE_PATTERNS: [RegExp, (t: TFunction, match: RegExpExecArray) => string][] = [
  [/^This field is required\.$/, (t) => t('forms.messages.required')],
  [/^This field may not be blank\.$/, (t) => t('forms.messages.blank')],
  [/^Ensure this field has no more than (\d+) characters\.$/, (t, m) => t('forms.messages.maxLength', { count: Number(m[1]) })],
  [/^Ensure this field has at least (\d+) characters\.$/, (t, m) => t('forms.messages.minLength', { count: Number(m[1]) })],
  [/^Enter a valid email address\.$/, (t) => t('forms.messages.email')],
  [/^Enter a valid username/, (t) => t('forms.messages.username')],
  [/^Choose a valid role\.$/, (t) => t('forms.messages.role')],
  [/^This password is too short\. It must contain at least (\d+) characters\.$/, (t, m) => t('forms.messages.passwordTooShort', { count: Number(m[1]) })],
  [/^This password is entirely numeric\.$/, (t) => t('forms.messages.passwordNumeric')],
  [/^Enter a valid slug/, (t) => t('forms.messages.slug')],
  [/^Unsupported currency\.$/, (t) => t('forms.messages.currency')],
  [/^A valid integer is required\.$/, (t) => t('forms.messages.integer')],
  [/^A valid number is required\.$/, (t) => t('forms.messages.number')],
  // Customers, stations and meters (their keys live in those sections).
  [/^The new reading \((.+)\) is lower than the previous reading \((.+)\)\.$/, (t, m) => t('counters.errors.lowerReading', { value: m[1], previous: m[2] })],
  [/^The final reading \((.+)\) is lower than the previous reading \((.+)\)\.$/, (t, m) => t('counters.errors.lowerFinal', { value: m[1], previous: m[2] })],
  [/^A customer with this code already exists\.$/, (t) => t('customers.errors.codeTaken')],
  [/^This bundle is not active\.$/, (t) => t('customers.errors.bundleInactive')],
  [/^Incorrect type\. Expected pk value\.$/, (t) => t('customers.errors.invalidChoice')],
  [/^A station with this code already exists\.$/, (t) => t('stations.errors.codeTaken')],
  [/^Ensure this value is between (-?\d+) and (-?\d+)\.$/, (t, m) => t('stations.errors.between', { min: m[1], max: m[2] })],
  [/^Ensure this value is greater than or equal to (-?\d+)\.$/, (t, m) => t('forms.messages.minValue', { count: Number(m[1]) })],
  [/^Ensure this value is less than or equal to (-?\d+)\.$/, (t, m) => t('forms.messages.maxValue', { count: Number(m[1]) })],
  [/^Enter a percentage between 0 and 100/, (t) => t('forms.messages.taxRate')],
  [/^Use letters, digits, "-", "_" and "\/" only\.$/, (t) => t('forms.messages.invoicePrefix')],
  [/^Enter a valid IANA time zone/, (t) => t('forms.messages.timezone')],
  [/^Enter the 6-digit code\.$/, (t) => t('forms.messages.otpCode')],
  [/^The one-time code is not valid\.$/, (t) => t('forms.messages.otpInvalid')],
  [/^A user with that username already exists\.$/, (t) => t('forms.messages.usernameTaken')],
  [/^A client with this slug already exists\.$/, (t) => t('forms.messages.slugTaken')],
  [/^An? (region|street|building) with this name already exists/, (t) => t('forms.messages.nameTaken')],
  [/^Invalid password\.$/, (t) => t('forms.messages.wrongPassword')],
  [/^You cannot change your own role\.$/, (t) => t('forms.messages.ownRole')],
  [/^You cannot deactivate your own account\.$/, (t) => t('forms.messages.ownAccount')],
  [/^You cannot assign this role\.$/, (t) => t('forms.messages.roleNotAllowed')],
  [/^The database of an existing client cannot change\.$/, (t) => t('forms.messages.aliasFixed')],
  [/^Upload a PNG, JPEG or WebP image\.$/, (t) => t('forms.messages.logoType')],
  [/^The logo is too large/, (t) => t('forms.messages.logoTooLarge')],
];

export function localizeMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return message;
  for (const [pattern, translate] of MESSAGE_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return translate(t, match);
  }
  return message;
}

/** `{detail, code}` codes that have a clearer text of our own, in both languages. */
const CODE_MESSAGES: Record<string, (t: TFunction) => string> = {
  protected: (t) => t('forms.errors.protected'),
  last_admin: (t) => t('forms.errors.lastAdmin'),
  currency_locked: (t) => t('forms.errors.currencyLocked'),
  permission_denied: (t) => t('forms.errors.permission'),
  not_found: (t) => t('forms.errors.notFound'),
  subscription_closed: (t) => t('counters.errors.subscriptionClosed'),
};

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/**
 * A failure in words for a toast or an alert (spec section 5 and 8): a known code in the user's
 * language, else the server's `detail`, else `fallback` ('Unknown error' unless the caller has a
 * better one, such as 'Profile update failed. Please try again later.').
 */
export function errorMessageOf(error: unknown, t: TFunction, fallback: string = t('forms.errors.unknown')): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return t('forms.errors.network');
  const known = error.code ? CODE_MESSAGES[error.code] : undefined;
  if (known) return known(t);
  const data = error.data as Record<string, unknown> | undefined;
  if (typeof data?.detail === 'string' && data.detail) return localizeMessage(data.detail, t) ?? fallback;
  if (error.status === 400 && data && typeof data === 'object') {
    const first = Object.entries(data).flatMap(([key, value]) => (key === 'code' ? [] : messagesOf(value)))[0];
    if (first) return localizeMessage(first, t) ?? fallback;
  }
  return fallback;
}

/**
 * Puts a 400 body `{field: [messages], non_field_errors: [...]}` onto the form (spec section 5):
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
  for (const [key, value] of Object.entries(error.data as Record<string, unknown>)) {
    if (key === 'code') continue;
    const messages = messagesOf(value).map((message) => localizeMessage(message, t) ?? message);
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
