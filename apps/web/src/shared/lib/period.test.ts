import { describe, expect, it } from 'vitest';
import { addMonths, formatPeriod, monthBounds, monthOfPeriod, todayIn } from './period';

describe('periods', () => {
  it('turns a month into its first and last day, leap years included', () => {
    expect(monthBounds('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthBounds('2026-13')).toBeNull();
    expect(monthOfPeriod('2026-10-01', '2026-10-31')).toBe('2026-10');
    expect(monthOfPeriod('2026-10-01', '2026-10-30')).toBeNull();
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('names a whole month, else shows both dates', () => {
    expect(formatPeriod('2026-10-01', '2026-10-31', 'en')).toBe('October 2026');
    expect(formatPeriod('2026-10-01', '2026-10-15', 'en')).toBe('1 Oct 2026 – 15 Oct 2026');
  });

  it("takes today in the tenant's time zone", () => {
    expect(todayIn('Asia/Beirut', new Date('2026-10-31T23:30:00Z'))).toBe('2026-11-01');
    expect(todayIn('UTC', new Date('2026-10-31T23:30:00Z'))).toBe('2026-10-31');
  });
});
