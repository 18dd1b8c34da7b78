import { dateTimeFormat } from '@meterline/contract/intl-formats';
import { dateLocale } from './format-number';

/** Dates in the user's language and digits; `timeZone` is the tenant's, so a day means the same day at the office. */
export function formatDate(value: string | Date | null | undefined, language: string, timeZone?: string): string {
  if (!value) return '';
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const dateOnly = typeof value === 'string' && value.length === 10;
  return dateTimeFormat(dateLocale(language), {
    dateStyle: 'medium',
    timeZone: dateOnly ? 'UTC' : timeZone,
  }).format(date);
}

export function formatDateTime(value: string | Date | null | undefined, language: string, timeZone?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(dateLocale(language), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** Month label of a `YYYY-MM` key (statistics); `isShort` leaves the year out (axis ticks). */
export function formatMonth(month: string, language: string, { isShort = false }: { isShort?: boolean } = {}): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return dateTimeFormat(dateLocale(language), {
    month: isShort ? 'short' : 'long',
    year: isShort ? undefined : 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
