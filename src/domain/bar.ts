import type { MarketSymbol } from './ids.ts';

/** An OHLCV bar; `openTime` is epoch ms, `intervalMs` its length. */
export interface Bar {
  readonly symbol: MarketSymbol;
  readonly openTime: number;
  readonly intervalMs: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

/** Returns a reason when the bar is not internally consistent, otherwise undefined. */
export function barProblem(bar: Bar): string | undefined {
  const values = [bar.open, bar.high, bar.low, bar.close, bar.volume];
  if (!values.every(Number.isFinite)) return 'a price or volume is not a finite number';
  if (bar.low > bar.high) return `low ${bar.low} is above high ${bar.high}`;
  if (bar.open < bar.low || bar.open > bar.high) return `open ${bar.open} is outside [low, high]`;
  if (bar.close < bar.low || bar.close > bar.high) return `close ${bar.close} is outside [low, high]`;
  if (bar.volume < 0) return `volume ${bar.volume} is negative`;
  if (bar.intervalMs <= 0) return `interval ${bar.intervalMs} ms is not positive`;
  return undefined;
}
