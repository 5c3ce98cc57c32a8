import type { PriceTick } from '../src/domain/tick.ts';
import type { DrivenMarket } from '../src/market/DrivenMarket.ts';
import type { BarColumns } from '../src/market/readBarColumns.ts';
import { ColumnBarView } from '../src/strategy/ColumnBarView.ts';
import type { BacktestWorld } from './BacktestWorld.ts';
import { intrabarPath } from './intrabarPath.ts';
import type { Timeline } from './timeline.ts';

/**
 * The synchronous part of a backtest bar: marks to the opens, the intrabar walk, the closed bars
 * to the kernel's market (whose subscribers are the executor and the strategies). It lives apart from the driver's async loop so that a bar on which nothing
 * is in flight and nothing falls due costs no promise and no await; the driver steps in only
 * when a timer falls due on the way (`walk` then says where to resume).
 */
export class BarWalker {
  private readonly feeds: readonly BarColumns[];
  private readonly views: readonly ColumnBarView[];
  private readonly cursor: Int32Array;
  private readonly last: readonly number[];
  /**
   * The feeds with a bar at the current time, `openCount` of them (the array is reused and never
   * shrunk: the two `length = 0` lines per bar were a quarter of the walk's own time in a CPU profile).
   */
  private readonly opened: number[] = [];
  private openCount = 0;
  private readonly ticks: PriceTick[] = [];
  /** Where an interrupted slot walk goes on: the opened feed and the point of its path. */
  private slotFeed = 0;
  private slotPoint = 0;
  /** Each opened feed's intrabar path of the current bar. */
  private readonly paths: (readonly number[])[] = [];
  /** When a strategy rests TP/SL or LIMIT prices, the walk visits them (see intrabarPath). */
  usesTriggers = false;

  private readonly world: BacktestWorld;
  /** Isolated positions keep their own liquidation prices, which only a walk through the bar visits. */
  readonly hasIsolated: boolean;
  private readonly market: DrivenMarket;

  constructor(world: BacktestWorld, market: DrivenMarket, tl: Timeline, feeds: readonly BarColumns[]) {
    this.world = world;
    this.hasIsolated = world.markets.some((m) => m.spec.marginMode === 'isolated');
    this.market = market;
    this.feeds = feeds;
    this.views = feeds.map((f) => new ColumnBarView(f));
    this.cursor = Int32Array.from(tl.first);
    this.last = tl.last;
  }

  /** Feeds with a bar at the current time (after `open`). */
  get openedCount(): number {
    return this.openCount;
  }

  /**
   * Marks become the opens of the feeds that have a bar at `t`: first at the venue, then as ticks to
   * the kernel (the executor's marks, the strategies' onTick), as a live poll would bring them.
   */
  open(t: number): void {
    const { opened, feeds, cursor, ticks } = this;
    const engine = this.world.sim.engine;
    let n = 0;
    for (let k = 0; k < feeds.length; k++) {
      const f = this.feed(k);
      // Reads past a feed's end are undefined: a cursor beyond `last` has no bar at t.
      const j = cursor[k] ?? -1;
      if (j < 0 || j > (this.last[k] ?? -1) || f.time[j] !== t) continue;
      const open = f.open[j] ?? Number.NaN;
      engine.setMark(f.symbol, open, t);
      opened[n] = k;
      ticks[n] = { symbol: f.symbol, mark: open, ts: t };
      n++;
    }
    this.openCount = n;
    for (let i = 0; i < n; i++) {
      const tick = ticks[i];
      if (tick !== undefined) this.market.pushTick(tick);
    }
  }

  /**
   * Whether every opened feed's intrabar path is empty, decided now (as slot 1 would): then slots 1
   * and 2 set no mark, and the driver, with nothing due before the close slot, can go straight to
   * it. The paths are kept for `walkSlot(3)`; when one is not empty they are dropped, and slot 1
   * makes them again at its own time (the account may change before it).
   */
  pathsEmpty(): boolean {
    const { opened, paths } = this;
    for (let i = 0; i < this.openCount; i++) {
      const path = this.pathOf(opened[i] ?? -1);
      if (path.length > 0) return false;
      paths[i] = path;
    }
    return true;
  }

  /** The intrabar path of feed `k`'s current bar, as the account stands now. */
  private pathOf(k: number) {
    const f = this.feed(k);
    const j = this.cursor[k] ?? -1;
    return intrabarPath(
      this.world,
      f.symbol,
      f.open[j] ?? Number.NaN,
      f.high[j] ?? Number.NaN,
      f.low[j] ?? Number.NaN,
      this.usesTriggers,
      this.hasIsolated,
    );
  }

  /**
   * Slot 3 of a bar `pathsEmpty` found quiet: each opened feed's close mark, what `walkSlot(3)` does
   * with empty paths, without its general bookkeeping (a call per bar). False when a timer fell due
   * on the way: `walkSlot(3)` then goes on from the next feed.
   */
  closeMarks(): boolean {
    const { opened, cursor, feeds, market, usesTriggers } = this;
    const { clock, sim } = this.world;
    const engine = sim.engine;
    const now = clock.now();
    for (let i = 0; i < this.openCount; i++) {
      const k = opened[i] ?? -1;
      const f = feeds[k];
      if (f === undefined) throw new RangeError(`no feed ${k} of ${feeds.length}`);
      const price = f.close[cursor[k] ?? -1] ?? Number.NaN;
      engine.setMark(f.symbol, price, now);
      if (usesTriggers) market.pushMark({ symbol: f.symbol, mark: price, ts: now });
      if (clock.hasDue()) {
        this.slotFeed = i + 1;
        this.slotPoint = 0;
        return false;
      }
    }
    return true;
  }

  /**
   * Walks slot `slot` (1, 2 or 3) of every opened feed: slot 1 is the first point of each bar's
   * intrabar path (computed then, after whatever filled at the open), slot 2 the rest of it, slot 3
   * the close — as `barReplayPrices` replays a bar for a live poller, at t + slot·I/4 (the driver
   * moves the clock). False when a timer fell due on the way: the driver lets it fire, then calls
   * again with the same slot, and the walk goes on from the next point.
   */
  walkSlot(slot: number): boolean {
    const { opened, cursor, paths } = this;
    const { clock, sim } = this.world;
    const now = clock.now();
    for (; this.slotFeed < this.openCount; this.slotFeed++, this.slotPoint = 0) {
      const k = opened[this.slotFeed] ?? -1;
      const f = this.feed(k);
      const j = cursor[k] ?? -1;
      if (slot === 1 && this.slotPoint === 0) paths[this.slotFeed] = this.pathOf(k);
      const path = paths[this.slotFeed];
      if (path === undefined) throw new Error(`walkSlot(${slot}) before slot 1 made the intrabar paths`);
      const first = slot === 1 ? 0 : slot === 2 ? Math.min(1, path.length) : path.length;
      const end = slot === 1 ? Math.min(1, path.length) : slot === 2 ? path.length : path.length + 1;
      for (let p = Math.max(first, this.slotPoint); p < end; p++) {
        const price = (p < path.length ? path[p] : f.close[j]) ?? Number.NaN;
        sim.engine.setMark(f.symbol, price, now);
        // The executor watches resting TP/SL levels in the marks, as it would in a live poll.
        if (this.usesTriggers) this.market.pushMark({ symbol: f.symbol, mark: price, ts: now });
        if (clock.hasDue()) {
          this.slotPoint = p + 1;
          return false;
        }
      }
    }
    this.slotFeed = 0;
    this.slotPoint = 0;
    return true;
  }

  /** The feed of a one-market backtest, whose rows a quiet run walks (quietRun.ts); undefined with several. */
  get soleFeed(): BarColumns | undefined {
    return this.feeds.length === 1 ? this.feeds[0] : undefined;
  }

  /** Feed k's row at the current bar. */
  rowOf(k: number): number {
    return this.cursor[k] ?? -1;
  }

  /**
   * The sole feed's bar at its row to the kernel as `close` sends it, without the close tick: in a
   * quiet run only the kernel's bookkeeping hears ticks, and the run sends its last close as one.
   */
  barOnly(): void {
    const j = this.cursor[0] ?? -1;
    const view = this.views[0];
    if (view === undefined) throw new RangeError('no bar view for feed 0');
    view.row = j;
    this.market.pushBar(view);
    this.cursor[0] = j + 1;
  }

  /** Feed k (an index the walker made from `feeds`, so in range: checked all the same). */
  private feed(k: number): BarColumns {
    const f = this.feeds[k];
    if (f === undefined) throw new RangeError(`no feed ${k} of ${this.feeds.length}`);
    return f;
  }

  /**
   * The closed bars' close marks, then the bars themselves, go to the kernel: each bar as its
   * feed's view over the columns, moved to the row (strategies read it during their hook only).
   */
  close(): void {
    const { opened, cursor, views } = this;
    const now = this.world.clock.now();
    for (let i = 0; i < this.openCount; i++) {
      const k = opened[i] ?? -1;
      const f = this.feed(k);
      const j = cursor[k] ?? -1;
      const view = views[k];
      if (view === undefined) throw new RangeError(`no bar view for feed ${k}`);
      view.row = j;
      this.market.pushTick({ symbol: f.symbol, mark: view.close, ts: now });
      this.market.pushBar(view);
      cursor[k] = j + 1;
    }
  }
}
