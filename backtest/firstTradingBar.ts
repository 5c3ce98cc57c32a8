import { ConfigError } from '../src/errors/ConfigError.ts';
import type { BarColumns } from '../src/market/readBarColumns.ts';
import { indicatorWarmupOf } from '../src/strategy/defineStrategy.ts';
import type { BacktestStrategy } from './runBacktest.ts';
import { lowerBound } from './timeline.ts';

/** Where buy & hold starts: an index into the account's curve, overall and per market. */
export interface FirstTradingBars {
  readonly overall: number;
  readonly byMarket: Readonly<Record<string, number>>;
}

/** A strategy as this needs it: its markets and its declared indicator warm-up, in bars. */
export interface WarmedStrategy {
  readonly markets: readonly string[];
  readonly indicatorWarmup: number;
}

/**
 * backtesting.py's `first_trading_bar` for the strategies a backtest ran: the bar after each
 * strategy's indicator warm-up (its `indicatorWarmup` bars of each of its markets, counted from
 * the range's first bar, as the strategies see them), as a point of the account's curve.
 * backtesting.py runs one strategy on one market and measures holding from the first bar its
 * indicators are all defined. With several, the account can be in a market from the earliest of
 * them, so the overall start is the smallest (a market's: of the strategies trading it). A
 * warm-up as long as a market's bars puts the start at the curve's last point (buy & hold 0).
 */
export function firstTradingBars(
  strategies: readonly WarmedStrategy[],
  feeds: readonly BarColumns[],
  curveTime: ArrayLike<number>,
  from = -Infinity,
): FirstTradingBars {
  const last = Math.max(0, curveTime.length - 1);
  const byMarket: Record<string, number> = {};
  for (const s of strategies)
    for (const market of s.markets) {
      const feed = feeds.find((f) => f.symbol === market);
      if (feed === undefined) continue;
      const bar = lowerBound(feed.time, from) + s.indicatorWarmup;
      const at = bar < feed.length ? lowerBound(curveTime, feed.time[bar] ?? Number.NaN) : last;
      byMarket[market] = Math.min(byMarket[market] ?? last, at);
    }
  const starts = Object.values(byMarket);
  return { overall: starts.length === 0 ? 0 : Math.min(...starts), byMarket };
}

/**
 * A strategy's declared indicator warm-up for its params, asked before the run so that a bad one
 * (a ConfigError naming the strategy) costs no backtest. Params its schema refuses give 0: the run
 * refuses them in its own words before the warm-up is used.
 */
export function declaredIndicatorWarmup(s: BacktestStrategy, configFile: string, index: number): number {
  const params = s.strategy.params.safeParse(s.params ?? {});
  if (!params.success) return 0;
  try {
    return indicatorWarmupOf(s.strategy, params.data);
  } catch (e) {
    throw new ConfigError([
      {
        location: { file: configFile },
        path: `strategies[${index}]`,
        message: `${s.id}: ${(e as Error).message}`,
      },
    ]);
  }
}
