// Indexed access under `noUncheckedIndexedAccess`: where the code relies on an element being there
// (the row an INSERT … RETURNING answers, the group a regular expression matched, the first row of a
// list a test just filled), it says so through these helpers, which throw a clear error naming the
// broken invariant instead of letting `undefined` travel on.

/** The value, or an error saying which invariant is broken (`what` names the value expected). */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Invariant broken: expected ${what}`);
  return value;
}

/** The first element, or an error when the list is empty. */
export function first<T>(items: readonly T[], what = 'a first element'): T {
  return defined(items[0], what);
}

/** The element at `index` (negative counts from the end, as `Array.prototype.at`), or an error when there is none. */
export function nth<T>(items: readonly T[], index: number, what = `an element at index ${index}`): T {
  return defined(items.at(index), what);
}

/** The single element of a list that must hold exactly one, or an error saying how many it holds. */
export function only<T>(items: readonly T[], what = 'exactly one element'): T {
  if (items.length !== 1) throw new Error(`Invariant broken: expected ${what}, found ${items.length}`);
  return items[0] as T;
}
