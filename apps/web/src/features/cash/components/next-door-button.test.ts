import { describe, expect, it } from 'vitest';
import { nextDoorOf } from './next-door-button';

describe('the way on from the door screen (`?next=`)', () => {
  it.each([
    ['/round/3', '/round/3'],
    ['/round/3?door=7', '/round/3?door=7'],
    ['/round/3?collector=4&date=2026-11-24&door=7', '/round/3?collector=4&date=2026-11-24&door=7'],
  ])('follows a screen of the round: %s', (next, expected) => {
    expect(nextDoorOf(new URLSearchParams({ next }))).toBe(expected);
  });

  it.each(['https://example.com/round/3', '//example.com/round/3', '/customers', '/round/3/../../settings', 'javascript:alert(1)', ''])(
    'never anything else: %s',
    (next) => {
      expect(nextDoorOf(new URLSearchParams({ next }))).toBeNull();
    },
  );
});
