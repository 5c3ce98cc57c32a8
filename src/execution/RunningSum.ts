import { exactNumber } from '../domain/exactNumber.ts';
import { type Decimal, ZERO } from '../domain/money.ts';

/**
 * Amounts stamped with a time, summed since a time. The risk gate asks for "since the start of
 * the day" after every fill (a scan of every fill ever booked made long runs quadratic), so the
 * last question's answer is kept and a repeat of it adds only the amounts pushed since: one
 * addition a fill, and nothing kept per fill beyond the amount. Another time (a new day, the daily
 * summary's last 24 h) is found by binary search while entries arrive in time order (fills do),
 * and by a scan once one arrives out of order.
 */
export class RunningSum {
  private readonly times: number[] = [];
  private readonly amounts: Decimal[] = [];
  /** The same amounts as floats, for `approxSince`. */
  private readonly floats: number[] = [];
  private sorted = true;
  /** The sum of the first `runTo` amounts. */
  private run: Decimal = ZERO;
  private runTo = 0;
  /** The last `since` asked: its time, its sum, and how many amounts that sum has looked at. */
  private askedTs = Number.NaN;
  private asked: Decimal = ZERO;
  private askedTo = 0;

  /** The float twin of `since` for one time at a time: its last answer, kept as `since` keeps its own. */
  private approxTs = Number.NaN;
  private approxSum = 0;
  private approxAbs = 0;
  private approxTo = 0;

  push(ts: number, amount: Decimal): void {
    const n = this.times.length;
    if (n > 0 && ts < (this.times[n - 1] as number)) this.sorted = false;
    this.times.push(ts);
    this.amounts.push(amount);
    this.floats.push(exactNumber(amount));
  }

  /** The sum of every amount, added in push order. */
  get total(): Decimal {
    const n = this.amounts.length;
    for (; this.runTo < n; this.runTo++) this.run = this.run.plus(this.amounts[this.runTo] as Decimal);
    return this.run;
  }

  since(ts: number): Decimal {
    const n = this.amounts.length;
    if (!this.sorted) {
      let s = ZERO;
      for (let i = 0; i < n; i++) if ((this.times[i] as number) >= ts) s = s.plus(this.amounts[i] as Decimal);
      return s;
    }
    if (ts !== this.askedTs) {
      this.askedTs = ts;
      this.asked = ZERO;
      this.askedTo = this.firstAtOrAfter(ts);
    }
    // In time order, what came since the last answer is all at or after ts once one entry is.
    for (; this.askedTo < n; this.askedTo++)
      if ((this.times[this.askedTo] as number) >= ts)
        this.asked = this.asked.plus(this.amounts[this.askedTo] as Decimal);
    return this.asked;
  }

  /**
   * `since(ts)` in floats, with the sum of the amounts' sizes: each addition rounds once, so the
   * float is within (count × 2^-53) × abs of the exact sum. No Decimal is made.
   */
  approxSince(ts: number): { readonly sum: number; readonly abs: number } {
    const n = this.floats.length;
    if (!this.sorted || ts !== this.approxTs) {
      this.approxTs = this.sorted ? ts : Number.NaN;
      this.approxSum = 0;
      this.approxAbs = 0;
      this.approxTo = this.sorted ? this.firstAtOrAfter(ts) : 0;
    }
    for (; this.approxTo < n; this.approxTo++)
      if ((this.times[this.approxTo] ?? Number.NaN) >= ts) {
        const a = this.floats[this.approxTo] ?? 0;
        this.approxSum += a;
        this.approxAbs += Math.abs(a);
      }
    return { sum: this.approxSum, abs: this.approxAbs };
  }

  private firstAtOrAfter(ts: number): number {
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.times[mid] ?? Number.NaN) < ts) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
