/**
 * Element `i` of an array the caller holds to be in range, checked: under noUncheckedIndexedAccess
 * every index read may be undefined, and a wrong index should throw here rather than be asserted
 * away and surface later as `undefined.x` or NaN. Not for arrays whose elements may be undefined.
 * Hot loops over typed arrays read `a[i] ?? Number.NaN` in place instead (one call site, one shape).
 */
export function itemAt<T>(items: ArrayLike<T>, i: number): T {
  const item = items[i];
  if (item === undefined) throw new RangeError(`index ${i} is outside 0..${items.length - 1}`);
  return item;
}

/** The last element of a non-empty array (checked as itemAt). */
export function lastItem<T>(items: ArrayLike<T>): T {
  return itemAt(items, items.length - 1);
}
