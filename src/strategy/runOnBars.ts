import { VirtualClock } from '../clock/VirtualClock.ts';
import type { Bar } from '../domain/bar.ts';
import type { Intent } from '../domain/intent.ts';
import type { AnyStrategy } from './defineStrategy.ts';
import { MarketData } from './MarketData.ts';
import type { StrategyEvent } from './runnerEvents.ts';
import { type StrategyBook, staticBook } from './StrategyBook.ts';
import { StrategyRunner } from './StrategyRunner.ts';
import { MemoryStateStore } from './StrategyState.ts';
import { validateStrategyParams } from './validateStrategyParams.ts';

export interface RunOnBarsOptions {
  readonly params?: unknown;
  readonly markets?: readonly string[];
  readonly id?: string;
  readonly book?: StrategyBook;
  readonly hookBudgetMs?: number;
  /** Intents the test's stand-in risk gate refuses: dropped, and reported back as `DENIED` like the kernel does. */
  readonly deny?: (intent: Intent) => boolean;
  /** Runs before each bar reaches the strategy: set funding, say. */
  readonly beforeBar?: (bar: Bar, data: MarketData) => void;
}

export interface BarDecision {
  /** The bar whose close produced the intents. */
  readonly bar: Bar;
  readonly intents: readonly Intent[];
}

/**
 * Feeds closed bars to one strategy on a virtual clock set to each bar's close, as the kernel
 * would, and returns what it decided on which bar: the tool for a strategy's own tests.
 */
export function runOnBars(
  strategy: AnyStrategy,
  bars: readonly Bar[],
  o: RunOnBarsOptions = {},
): { readonly decisions: readonly BarDecision[]; readonly events: readonly StrategyEvent[] } {
  const first = bars[0];
  const clock = new VirtualClock(first === undefined ? 0 : first.openTime);
  const markets = o.markets ?? strategy.markets ?? [...new Set(bars.map((b) => b.symbol))];
  const data = new MarketData(256);
  const events: StrategyEvent[] = [];
  const runner = new StrategyRunner({
    strategy,
    id: o.id ?? strategy.name,
    markets,
    params: validateStrategyParams(strategy, o.params),
    clock,
    data,
    book: o.book ?? staticBook(),
    state: new MemoryStateStore(),
    emit: (e) => events.push(e),
    ...(o.hookBudgetMs === undefined ? {} : { hookBudgetMs: o.hookBudgetMs }),
  });
  runner.start();
  const decisions: BarDecision[] = [];
  for (const bar of bars) {
    const close = bar.openTime + bar.intervalMs;
    if (close > clock.now()) clock.advanceSync(close - clock.now());
    o.beforeBar?.(bar, data);
    data.onBar(bar);
    const intents = runner.onBar(bar).filter((i) => {
      if (o.deny?.(i) !== true) return true;
      const market = 'symbol' in i ? i.symbol : '';
      runner.onRequestUpdate({
        intentId: i.intentId,
        clientRequestId: '',
        market,
        status: 'DENIED',
        at: close,
      });
      return false;
    });
    if (intents.length > 0) decisions.push({ bar, intents });
  }
  return { decisions, events };
}
