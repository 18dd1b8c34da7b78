import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats';

describe('intl formats', () => {
  it('makes one number format per locale and options, and formats as a new one would', () => {
    const format = numberFormat('ar-EG', { maximumFractionDigits: 3 });
    expect(numberFormat('ar-EG', { maximumFractionDigits: 3 })).toBe(format);
    expect(numberFormat('ar-EG', { maximumFractionDigits: 2 })).not.toBe(format);
    expect(numberFormat('ar-EG-u-nu-latn', { maximumFractionDigits: 3 })).not.toBe(format);
    expect(format.format(1234.5)).toBe(new Intl.NumberFormat('ar-EG', { maximumFractionDigits: 3 }).format(1234.5));
  });

  it('makes one date format per locale and time zone', () => {
    const beirut = dateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Asia/Beirut' });
    expect(dateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Asia/Beirut' })).toBe(beirut);
    const utc = dateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(utc).not.toBe(beirut);
    const lateEvening = new Date('2026-11-24T23:30:00Z');
    expect(beirut.format(lateEvening)).toBe('25 Nov 2026');
    expect(utc.format(lateEvening)).toBe('24 Nov 2026');
  });

  it('refuses an unknown time zone every time, as Intl does', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
