import type { Bar } from '../src/domain/bar.ts';
import type { PriceTick } from '../src/domain/tick.ts';
import type { BarColumns } from '../src/market/readBarColumns.ts';
import type { BacktestWorld } from './BacktestWorld.ts';
import { intrabarPath } from './intrabarPath.ts';
import type { Timeline } from './timeline.ts';

/** Where closed bars (and, when a strategy listens to prices, the open and close marks) go. */
export interface BarSink {
  onBar(bar: Bar): void;
  onTick(tick: PriceTick): void;
}

/** Returned by `walk` when the whole bar was walked. */
export const WALKED = -1;

/**
 * The synchronous part of a backtest bar: marks to the opens, the intrabar walk, the closed bars
 * to the strategies. It lives apart from the driver's async loop so that a bar on which nothing
 * is in flight and nothing falls due costs no promise and no await; the driver steps in only
 * when a timer falls due on the way (`walk` then says where to resume).
 */
export class BarWalker {
  private readonly feeds: readonly BarColumns[];
  private readonly cursor: Int32Array;
  private readonly last: readonly number[];
  private readonly ticks: PriceTick[] = [];
  /** The one close tick handed to the executor per feed and bar (it reads it, keeps nothing). */
  private readonly closeTick: PriceTick[] = [];
  private readonly opened: number[] = [];
  private path: readonly number[] = [];
  /** When a strategy rests TP/SL or LIMIT prices, the walk visits them (see intrabarPath). */
  usesTriggers = false;

  private readonly world: BacktestWorld;
  private readonly hasIsolated: boolean;
  private readonly sink: BarSink;
  /** Strategies hear the open and close marks as ticks only when one of them has onTick. */
  private readonly ticksToSink: boolean;

  constructor(
    world: BacktestWorld,
    sink: BarSink,
    tl: Timeline,
    feeds: readonly BarColumns[],
    ticksToSink = false,
  ) {
    this.world = world;
    this.hasIsolated = world.markets.some((m) => m.spec.marginMode === 'isolated');
    this.sink = sink;
    this.ticksToSink = ticksToSink;
    this.feeds = feeds;
    this.cursor = Int32Array.from(tl.first);
    this.last = tl.last;
  }

  /** Feeds with a bar at the current time (after `open`). */
  get openedCount(): number {
    return this.opened.length;
  }

  /** Marks become the opens of the feeds that have a bar at `t`; the executor sees them as ticks. */
  open(t: number): void {
    const { ticks, opened, feeds, cursor } = this;
    const engine = this.world.sim.engine;
    ticks.length = 0;
    opened.length = 0;
    for (let k = 0; k < feeds.length; k++) {
      const f = feeds[k] as BarColumns;
      const j = cursor[k] as number;
      if (j > (this.last[k] as number) || f.time[j] !== t) continue;
      opened.push(k);
      const open = f.open[j] as number;
      engine.setMark(f.symbol, open, t);
      ticks.push({ symbol: f.symbol, mark: open, ts: t });
    }
    this.world.executor.onPrices(ticks);
    if (this.ticksToSink) for (let i = 0; i < ticks.length; i++) this.sink.onTick(ticks[i] as PriceTick);
  }

  /**
   * Walks opened feed `o` from point `from` of its intrabar path to its close. Returns WALKED, or
   * the point to resume at when a timer fell due on the way (the driver lets it fire first).
   */
  walk(o: number, from: number): number {
    const k = this.opened[o] as number;
    const f = this.feeds[k] as BarColumns;
    const j = this.cursor[k] as number;
    const { clock, sim } = this.world;
    if (from === 0)
      this.path = intrabarPath(
        this.world,
        f.symbol,
        f.open[j] as number,
        f.high[j] as number,
        f.low[j] as number,
        this.usesTriggers,
        this.hasIsolated,
      );
    const path = this.path;
    for (let p = from; p <= path.length; p++) {
      const price = p < path.length ? (path[p] as number) : (f.close[j] as number);
      sim.engine.setMark(f.symbol, price, clock.now());
      if (clock.hasDue()) return p + 1;
    }
    return WALKED;
  }

  /** The closed bars go to the executor (close marks) and then to the strategies. */
  close(t: number, intervalMs: number): void {
    const { opened, feeds, cursor } = this;
    const now = this.world.clock.now();
    for (let o = 0; o < opened.length; o++) {
      const k = opened[o] as number;
      const f = feeds[k] as BarColumns;
      const j = cursor[k] as number;
      const bar: Bar = {
        symbol: f.symbol,
        openTime: t,
        intervalMs,
        open: f.open[j] as number,
        high: f.high[j] as number,
        low: f.low[j] as number,
        close: f.close[j] as number,
        volume: f.volume[j] as number,
      };
      const tick: PriceTick = { symbol: f.symbol, mark: bar.close, ts: now };
      this.closeTick[0] = tick;
      this.world.executor.onPrices(this.closeTick);
      if (this.ticksToSink) this.sink.onTick(tick);
      this.sink.onBar(bar);
      cursor[k] = j + 1;
    }
  }
}
