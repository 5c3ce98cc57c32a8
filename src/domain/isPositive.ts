import type { Decimal } from './money.ts';

/** `x > 0` without the Decimal that `greaterThan(0)` makes of its argument (for finite x, the same). */
export const isPositive = (x: Decimal): boolean => !x.isZero() && x.isPositive();
