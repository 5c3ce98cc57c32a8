import { type Decimal, ZERO } from '../domain/money.ts';

/**
 * Amounts stamped with a time, summed since a time in O(log n): prefix sums over entries that
 * arrive in time order (fills do), with a linear fallback once one arrives out of order. The
 * risk gate asks for "since the start of the day" on every fill; a scan of every fill ever
 * booked made long runs quadratic. The prefix sums are extended when read, not on each push: a
 * backtest without loss limits never reads them, and a push is on every fill's path.
 */
export class RunningSum {
  private readonly times: number[] = [];
  /** prefix[i] = sum of the first i amounts, for i up to prefix.length - 1 (extended on read). */
  private readonly prefix: Decimal[] = [ZERO];
  private readonly amounts: Decimal[] = [];
  private sorted = true;
  /** The sum of the first `runTo` amounts, while no prefix sums are kept (a reader of the total only). */
  private run: Decimal = ZERO;
  private runTo = 0;

  push(ts: number, amount: Decimal): void {
    const n = this.times.length;
    if (n > 0 && ts < (this.times[n - 1] as number)) this.sorted = false;
    this.times.push(ts);
    this.amounts.push(amount);
  }

  /**
   * The sum of every amount: the last prefix sum once `since` keeps them, else a running sum (the
   * same additions in the same order), so a reader of the total alone keeps no sum per amount.
   */
  get total(): Decimal {
    const n = this.amounts.length;
    if (this.prefix.length > 1) return this.prefixTo(n);
    for (; this.runTo < n; this.runTo++) this.run = this.run.plus(this.amounts[this.runTo] as Decimal);
    return this.run;
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
    return this.total.minus(this.prefixTo(lo));
  }

  /** The sum of the first `i` amounts, extending the prefix sums as far as that. */
  private prefixTo(i: number): Decimal {
    const prefix = this.prefix;
    for (let k = prefix.length - 1; k < i; k++)
      prefix.push((prefix[k] as Decimal).plus(this.amounts[k] as Decimal));
    return prefix[i] as Decimal;
  }
}
