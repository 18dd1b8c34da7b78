import { describe, expect, it } from 'vitest';
import { defined, first, nth, only } from './invariant';

describe('invariant helpers', () => {
  it('answer the value when it is there, null and falsy values included', () => {
    expect(defined(0, 'a count')).toBe(0);
    expect(defined(null, 'a nullable column')).toBeNull();
    expect(first(['a', 'b'])).toBe('a');
    expect(nth(['a', 'b', 'c'], 1)).toBe('b');
    expect(nth(['a', 'b', 'c'], -1)).toBe('c');
    expect(only([7])).toBe(7);
  });

  it('throw an error naming the broken invariant', () => {
    expect(() => defined(undefined, 'the inserted invoice')).toThrow('Invariant broken: expected the inserted invoice');
    expect(() => first([], 'a seeded tenant')).toThrow('Invariant broken: expected a seeded tenant');
    expect(() => nth(['a'], 3)).toThrow('Invariant broken: expected an element at index 3');
    expect(() => only([1, 2], 'one audit row')).toThrow('Invariant broken: expected one audit row, found 2');
    expect(() => only([])).toThrow('found 0');
  });
});
