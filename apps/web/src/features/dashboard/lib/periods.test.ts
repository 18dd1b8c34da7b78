import { describe, expect, it } from 'vitest';
import { parsePeriod, periodRange, statisticsWindow, todayIn } from './periods';

describe('dashboard periods', () => {
  it.each([
    ['month', '2026-11-24', { date_from: '2026-11-01', date_to: '2026-11-30' }],
    ['last_month', '2026-11-24', { date_from: '2026-10-01', date_to: '2026-10-31' }],
    ['last_month', '2026-01-15', { date_from: '2025-12-01', date_to: '2025-12-31' }],
    ['month', '2028-02-10', { date_from: '2028-02-01', date_to: '2028-02-29' }],
    ['year', '2026-11-24', { date_from: '2026-01-01', date_to: '2026-12-31' }],
    ['last_12_months', '2026-11-24', { date_from: '2025-12-01', date_to: '2026-11-30' }],
    ['last_12_months', '2026-01-03', { date_from: '2025-02-01', date_to: '2026-01-31' }],
  ] as const)('%s on %s covers the right days', (period, today, range) => {
    expect(periodRange(period, today)).toEqual(range);
  });

  it('asks the API for no dates on the current month, and for the days of any other period', () => {
    expect(statisticsWindow('month', '2026-11-24')).toEqual({});
    expect(statisticsWindow('year', '2026-11-24')).toEqual({ date_from: '2026-01-01', date_to: '2026-12-31' });
  });

  it('reads an unknown period as the current month', () => {
    expect(parsePeriod(null)).toBe('month');
    expect(parsePeriod('decade')).toBe('month');
    expect(parsePeriod('year')).toBe('year');
  });

  it("takes today in the tenant's time zone", () => {
    const lateUtc = new Date('2026-11-30T22:30:00Z');
    expect(todayIn('UTC', lateUtc)).toBe('2026-11-30');
    expect(todayIn('Asia/Beirut', lateUtc)).toBe('2026-12-01');
    expect(todayIn('Not/AZone', lateUtc)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
