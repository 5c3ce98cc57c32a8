import { type Decimal, ZERO } from '../../domain/money.ts';
import { type BalanceSheet, balanceOf, fitsInMarginFast, type MarkOf } from './accounting.ts';
import { approxNumber } from './approxNumber.ts';
import { needOf, type OpenCost, openCost } from './openCost.ts';
import type { Quote, Subaccount } from './state.ts';

/** A subaccount's collateral as a float, for the Decimal it was read from. */
interface CollateralNumber {
  readonly sub: Subaccount;
  d: Decimal;
  n: number;
}

/**
 * What a subaccount has and may spend: the exact balance sheet for reads, and the margin check
 * of every submit and fill, which floats decide unless the call is too close (see accounting).
 */
export class Ledger {
  private readonly markOf: MarkOf;
  private readonly collateralCache = new WeakMap<Subaccount, CollateralNumber>();
  private lastCollateral: CollateralNumber | undefined;

  constructor(markOf: MarkOf) {
    this.markOf = markOf;
  }

  balance(sub: Subaccount): BalanceSheet {
    return balanceOf(sub, this.markOf, this.reservedExact(sub));
  }

  /** Whether `need` fits in the available margin, exactly as `balance(sub).availableMargin` decides. */
  fitsInMargin(sub: Subaccount, need: Decimal): boolean {
    return this.fitsFast(sub, approxNumber(need)) ?? this.fitsExact(sub, need);
  }

  /** The same with the need in floats; undefined for a close call, which `fitsExact` decides. */
  fitsFast(sub: Subaccount, needN: number): boolean | undefined {
    return fitsInMarginFast(sub, needN, this.collateralNumber(sub), this.markOf);
  }

  /** The same in Decimal, from the exact balance sheet. */
  fitsExact(sub: Subaccount, need: Decimal): boolean {
    return !need.greaterThan(this.balance(sub).availableMargin);
  }

  /** The exact sums of a pending open's reservation, made once. */
  costOf(q: Quote): OpenCost {
    if (q.cost === null) {
      if (q.reservedAt === null) throw new Error(`open ${q.tempId} holds no reservation`);
      q.cost = openCost(q.quantity, q.reservedAt, q.leverage, q.market.spec.hedgerFeeOpen);
    }
    return q.cost;
  }

  /**
   * Float collateral, cached by Decimal identity (decimals are immutable: a new value is a new
   * object). The last subaccount's entry is kept at hand: a backtest's one subaccount is checked
   * for liquidation on every tick, and a WeakMap lookup was a fifth of that.
   */
  collateralNumber(sub: Subaccount): number {
    let c = this.lastCollateral;
    if (c?.sub !== sub) {
      c = this.collateralCache.get(sub);
      if (c === undefined) {
        c = { sub, d: sub.collateral, n: approxNumber(sub.collateral) };
        this.collateralCache.set(sub, c);
      }
      this.lastCollateral = c;
    }
    if (c.d !== sub.collateral) {
      c.d = sub.collateral;
      c.n = approxNumber(sub.collateral);
    }
    return c.n;
  }

  /** The exact sum of the pending opens' reservations: O(pending opens), on reads and close calls. */
  private reservedExact(sub: Subaccount): Decimal {
    let sum = ZERO;
    if (sub.reserving === 0) return sum;
    for (const q of sub.live.toArray()) if (q.reservedAt !== null) sum = sum.plus(needOf(this.costOf(q)));
    return sum;
  }
}
