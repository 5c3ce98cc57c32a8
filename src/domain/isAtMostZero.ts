import type { Decimal } from './money.ts';

/**
 * `x ≤ 0` without the Decimal that `lessThanOrEqualTo(0)` makes of its argument: the same answer
 * for every value, −0 and ±Infinity included, and false for NaN as decimal.js gives.
 */
export const isAtMostZero = (x: Decimal): boolean => x.isNegative() || x.isZero();
