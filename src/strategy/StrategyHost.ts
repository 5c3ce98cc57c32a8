import type { Bar } from '../domain/bar.ts';
import type { Intent } from '../domain/intent.ts';
import type { PriceTick } from '../domain/tick.ts';
import type { MarketData, MarketSlot } from './MarketData.ts';
import type { StrategyRunner } from './StrategyRunner.ts';

/** One market of the host: its data slot and the runners trading it. */
interface Lane {
  readonly symbol: string;
  readonly slot: MarketSlot;
  readonly runners: StrategyRunner[];
  /** The runners with an onTick hook: a price costs the others nothing. */
  readonly tickRunners: StrategyRunner[];
}

/**
 * Many strategies on one price stream: each bar or tick updates the shared market data once,
 * then goes to every runner trading that market, in order. Each runner isolates its own
 * failures, so one broken strategy never stops the others from seeing the bar. A bar costs no
 * allocation here: the market's lane is found by one comparison when the stream stays on a market
 * (one lookup otherwise), and the bar may be a view the caller moves on afterwards (ColumnBarView).
 */
export class StrategyHost {
  private readonly data: MarketData;
  private readonly lanes = new Map<string, Lane>();
  private last: Lane | undefined;
  private readonly sink: (intent: Intent) => void;

  constructor(data: MarketData, sink: (intent: Intent) => void) {
    this.data = data;
    this.sink = sink;
  }

  add(runner: StrategyRunner): void {
    for (const market of runner.markets) {
      const lane = this.lane(market);
      lane.runners.push(runner);
      if (runner.hears('onTick')) lane.tickRunners.push(runner);
    }
  }

  /** Whether a strategy here has an onTick hook on `symbol`: then each of its prices must reach it. */
  hearsTicks(symbol: string): boolean {
    return (this.lanes.get(symbol)?.tickRunners.length ?? 0) > 0;
  }

  onBar(bar: Bar): void {
    const lane = this.lane(bar.symbol);
    lane.slot.onBar(bar);
    // Indexed loops: a for-of here allocates an iterator per bar where the JIT does not inline it.
    const runners = lane.runners;
    for (let i = 0; i < runners.length; i++) {
      const intents = runners[i]?.onBar(bar);
      if (intents !== undefined && intents.length > 0) this.emit(intents);
    }
  }

  onTick(tick: PriceTick): void {
    const lane = this.lane(tick.symbol);
    lane.slot.price = tick.mark;
    const runners = lane.tickRunners;
    for (let i = 0; i < runners.length; i++) {
      const intents = runners[i]?.onTick(tick);
      if (intents !== undefined && intents.length > 0) this.emit(intents);
    }
  }

  private emit(intents: readonly Intent[]): void {
    for (let k = 0; k < intents.length; k++) {
      const intent = intents[k];
      if (intent !== undefined) this.sink(intent);
    }
  }

  /** The per-bar lookup: the last lane when the stream stays on its market (see StrategyRunner.onBar on keeping this short). */
  private lane(symbol: string): Lane {
    const last = this.last;
    return last !== undefined && last.symbol === symbol ? last : this.laneOf(symbol);
  }

  private laneOf(symbol: string): Lane {
    let lane = this.lanes.get(symbol);
    if (lane === undefined) {
      lane = { symbol, slot: this.data.slot(symbol), runners: [], tickRunners: [] };
      this.lanes.set(symbol, lane);
    }
    this.last = lane;
    return lane;
  }
}
