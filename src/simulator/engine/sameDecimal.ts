import type { Decimal } from '../../domain/money.ts';

/**
 * `a.eq(b)`, answered without a Decimal when they are one object: decimal.js copies its
 * argument for every comparison (~90 ns), and the engine's quantities are shared (one Decimal
 * per number, see DecimalTable), so a whole close compares a quantity with itself.
 */
export function sameDecimal(a: Decimal, b: Decimal): boolean {
  return a === b || a.eq(b);
}
