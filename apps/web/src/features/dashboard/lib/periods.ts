import { dateTimeFormat } from '@meterline/contract/intl-formats';
/** The dashboard's periods: the current month (the default), the previous one, this year, the last 12 months. */
export const DASHBOARD_PERIODS = ['month', 'last_month', 'year', 'last_12_months'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export interface DateRange {
  date_from: string;
  date_to: string;
}

export function parsePeriod(value: string | null): DashboardPeriod {
  return DASHBOARD_PERIODS.find((period) => period === value) ?? 'month';
}

/** Today as YYYY-MM-DD in a time zone (the tenant's): the month boundaries are the tenant's, not the browser's. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return dateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
}

function monthStart(year: number, month: number): string {
  const date = new Date(Date.UTC(year, month - 1, 1));
  return date.toISOString().slice(0, 10);
}

function monthEnd(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The calendar days a period covers on `today` (inclusive on both ends). */
export function periodRange(period: DashboardPeriod, today: string): DateRange {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (period) {
    case 'month':
      return { date_from: monthStart(year, month), date_to: monthEnd(year, month) };
    case 'last_month':
      return { date_from: monthStart(year, month - 1), date_to: monthEnd(year, month - 1) };
    case 'year':
      return { date_from: `${year}-01-01`, date_to: `${year}-12-31` };
    case 'last_12_months':
      return { date_from: monthStart(year, month - 11), date_to: monthEnd(year, month) };
  }
}

/**
 * What the statistics are asked for: nothing for the current month (the API's own default, so the
 * status breakdown stays over every invoice, as the Transactions summary without dates), the
 * period's days otherwise.
 */
export function statisticsWindow(period: DashboardPeriod, today: string): Partial<DateRange> {
  return period === 'month' ? {} : periodRange(period, today);
}
