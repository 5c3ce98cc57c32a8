import type { Bar } from '../domain/bar.ts';
import type { Intent } from '../domain/intent.ts';
import type { PriceTick } from '../domain/tick.ts';
import type { MarketData } from './MarketData.ts';
import type { StrategyRunner } from './StrategyRunner.ts';

/**
 * Many strategies on one price stream: each bar or tick updates the shared market data once,
 * then goes to every runner trading that market, in order. Each runner isolates its own
 * failures, so one broken strategy never stops the others from seeing the bar.
 */
export class StrategyHost {
  private readonly data: MarketData;
  private readonly bySymbol = new Map<string, StrategyRunner[]>();
  private readonly sink: (intent: Intent) => void;

  constructor(data: MarketData, sink: (intent: Intent) => void) {
    this.data = data;
    this.sink = sink;
  }

  add(runner: StrategyRunner): void {
    for (const market of runner.markets) {
      const list = this.bySymbol.get(market) ?? [];
      list.push(runner);
      this.bySymbol.set(market, list);
    }
  }

  onBar(bar: Bar): void {
    this.data.onBar(bar);
    const runners = this.bySymbol.get(bar.symbol);
    if (runners === undefined) return;
    for (let i = 0; i < runners.length; i++) this.forward((runners[i] as StrategyRunner).onBar(bar));
  }

  onTick(tick: PriceTick): void {
    this.data.onTick(tick);
    const runners = this.bySymbol.get(tick.symbol);
    if (runners === undefined) return;
    for (let i = 0; i < runners.length; i++) this.forward((runners[i] as StrategyRunner).onTick(tick));
  }

  private forward(intents: readonly Intent[]): void {
    for (let i = 0; i < intents.length; i++) this.sink(intents[i] as Intent);
  }
}
