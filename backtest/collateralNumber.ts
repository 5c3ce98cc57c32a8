import { exactNumber } from '../src/domain/exactNumber.ts';
import type { Decimal } from '../src/domain/money.ts';

let seen: Decimal | undefined;
let seenNumber = 0;

/**
 * A collateral as a float, converted only when it changed (Decimals are immutable: identity says
 * it). The intrabar walk and the equity curve read the same account's each bar: one slot serves both.
 */
export function collateralNumber(c: Decimal): number {
  if (c !== seen) {
    seen = c;
    seenNumber = exactNumber(c);
  }
  return seenNumber;
}
