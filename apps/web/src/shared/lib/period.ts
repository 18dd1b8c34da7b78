import { dateTimeFormat } from '@meterline/contract/intl-formats';
import { formatDate, formatMonth } from './format-date';

/** Calendar months as billing periods: `YYYY-MM` to its first and last `YYYY-MM-DD`, without time zones. */
export function monthBounds(month: string): { start: string; end: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const monthIndex = Number(match[2]);
  if (monthIndex < 1 || monthIndex > 12) return null;
  const lastDay = new Date(Date.UTC(year, monthIndex, 0)).getUTCDate();
  return { start: `${match[1]}-${match[2]}-01`, end: `${match[1]}-${match[2]}-${String(lastDay).padStart(2, '0')}` };
}

/** The month of `start` when `start`–`end` is exactly that whole month, else null. */
export function monthOfPeriod(start: string | undefined, end: string | undefined): string | null {
  if (!start || !end) return null;
  const month = start.slice(0, 7);
  const bounds = monthBounds(month);
  return bounds && bounds.start === start && bounds.end === end ? month : null;
}

/** Today's `YYYY-MM-DD` in a time zone (the tenant's), so "this month" is the office's month. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** `YYYY-MM` shifted by whole months. */
export function addMonths(month: string, count: number): string {
  const [year = NaN, monthNumber = NaN] = month.split('-').map(Number); // YYYY-MM
  const date = new Date(Date.UTC(year, monthNumber - 1 + count, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A billing period for people: "October 2026" for a whole month, else "1 Oct 2026 – 15 Oct 2026". */
export function formatPeriod(start: string, end: string, language: string): string {
  const month = monthOfPeriod(start, end);
  if (month) return formatMonth(month, language);
  return `${formatDate(start, language)} – ${formatDate(end, language)}`;
}
