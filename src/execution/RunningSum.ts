import { type Decimal, ZERO } from '../domain/money.ts';

/**
 * Amounts stamped with a time, summed since a time in O(log n): prefix sums over entries that
 * arrive in time order (fills do), with a linear fallback once one arrives out of order. The
 * risk gate asks for "since the start of the day" on every fill; a scan of every fill ever
 * booked made long runs quadratic.
 */
export class RunningSum {
  private readonly times: number[] = [];
  /** prefix[i] = sum of the first i amounts. */
  private readonly prefix: Decimal[] = [ZERO];
  private readonly amounts: Decimal[] = [];
  private sorted = true;

  push(ts: number, amount: Decimal): void {
    const last = this.times[this.times.length - 1];
    if (last !== undefined && ts < last) this.sorted = false;
    this.times.push(ts);
    this.amounts.push(amount);
    this.prefix.push((this.prefix[this.prefix.length - 1] as Decimal).plus(amount));
  }

  get total(): Decimal {
    return this.prefix[this.prefix.length - 1] as Decimal;
  }

  since(ts: number): Decimal {
    if (!this.sorted) {
      let s = ZERO;
      for (let i = 0; i < this.times.length; i++)
        if ((this.times[i] as number) >= ts) s = s.plus(this.amounts[i] as Decimal);
      return s;
    }
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.times[mid] as number) < ts) lo = mid + 1;
      else hi = mid;
    }
    return this.total.minus(this.prefix[lo] as Decimal);
  }
}
