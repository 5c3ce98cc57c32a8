import type { Bar } from '../domain/bar.ts';
import type { MarketSymbol } from '../domain/ids.ts';
import type { PriceTick } from '../domain/tick.ts';

interface Forming {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * Mark-price ticks of one market into bars of `intervalMs`, bucketed by the tick's venue
 * timestamp (`floor(ts / interval) * interval`). The rules:
 * - boundary: a tick stamped exactly at a boundary opens the next bar, never closes the previous;
 * - gap: an interval with no tick produces no bar (a flat bar would invent prices the venue never
 *   quoted; a strategy that needs one per interval sees the gap in `openTime`);
 * - late: a tick older than the open bar, or inside an interval already closed, is dropped and
 *   counted in `lateTicks` — a closed bar never changes;
 * - close: a bar closes when a tick of a later interval arrives or when `closeDue(now)` is called
 *   at or after its end. Mark prices carry no volume: `volume` is 0.
 */
export class BarAggregator {
  readonly symbol: MarketSymbol;
  readonly intervalMs: number;
  private forming: Forming | undefined;
  /** End of the last closed bar: anything stamped before it is late. */
  private closedUntil = Number.NEGATIVE_INFINITY;
  lateTicks = 0;

  constructor(symbol: MarketSymbol, intervalMs: number) {
    if (!(intervalMs > 0)) throw new RangeError(`bar interval must be positive, got ${intervalMs}`);
    this.symbol = symbol;
    this.intervalMs = intervalMs;
  }

  /** End (epoch ms) of the bar being formed, if any: when the owner should call closeDue. */
  get formingEnd(): number | undefined {
    return this.forming === undefined ? undefined : this.forming.openTime + this.intervalMs;
  }

  /** Adds one tick; returns the bar it closed, if it opened a later interval. */
  push(tick: PriceTick): Bar | undefined {
    const price = tick.mark;
    const openTime = Math.floor(tick.ts / this.intervalMs) * this.intervalMs;
    const f = this.forming;
    if (tick.ts < this.closedUntil || (f !== undefined && openTime < f.openTime)) {
      this.lateTicks++;
      return undefined;
    }
    if (f !== undefined && openTime === f.openTime) {
      if (price > f.high) f.high = price;
      if (price < f.low) f.low = price;
      f.close = price;
      return undefined;
    }
    const closed = f === undefined ? undefined : this.close(f);
    this.forming = { openTime, open: price, high: price, low: price, close: price };
    return closed;
  }

  /** Closes the forming bar when `now` has reached its end; returns it. */
  closeDue(now: number): Bar | undefined {
    const f = this.forming;
    if (f === undefined || now < f.openTime + this.intervalMs) return undefined;
    this.forming = undefined;
    return this.close(f);
  }

  private close(f: Forming): Bar {
    this.closedUntil = f.openTime + this.intervalMs;
    return {
      symbol: this.symbol,
      openTime: f.openTime,
      intervalMs: this.intervalMs,
      open: f.open,
      high: f.high,
      low: f.low,
      close: f.close,
      volume: 0,
    };
  }
}
