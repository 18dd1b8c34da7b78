import { describe, expect, it } from 'vitest';
import { earliestStartOn, startDateIssue } from './start-date';
import { dayStart } from './tariff-pricing';

describe('a subscription start date', () => {
  it.each([
    ['2026-11-28', '2025-11-28'],
    ['2026-01-15', '2025-01-15'],
    ['2028-02-29', '2027-02-28'],
    ['2026-03-31', '2025-03-31'],
  ])('on %s may go back to %s', (today, earliest) => {
    expect(earliestStartOn(today)).toBe(earliest);
  });

  it.each([
    ['2026-11-28', null],
    ['2026-11-01', null],
    ['2025-11-28', null],
    ['2026-11-29', { code: 'date_in_future' }],
    ['2025-11-27', { code: 'start_too_old', params: { earliest: '2025-11-28' } }],
  ])('%s on 2026-11-28: %j', (startedOn, issue) => {
    expect(startDateIssue(startedOn, '2026-11-28')).toEqual(issue);
  });
});

describe('the first moment of a start date', () => {
  it.each([
    ['UTC', '2026-11-01', '2026-11-01T00:00:00.000Z'],
    ['Asia/Beirut', '2026-11-28', '2026-11-27T22:00:00.000Z'], // winter time, UTC+2
    ['Asia/Beirut', '2026-07-01', '2026-06-30T21:00:00.000Z'], // summer time, UTC+3
  ])('%s: %s begins at %s', (timeZone, day, instant) => {
    expect(dayStart(day, timeZone).toISOString()).toBe(instant);
  });
});
