import type { Kernel } from '../src/kernel/Kernel.ts';
import type { DrivenMarket } from '../src/market/DrivenMarket.ts';
import type { BacktestWorld } from './BacktestWorld.ts';
import { FixedBookEquity } from './equityWriter.ts';
import { liquidationLevel } from './intrabarPath.ts';
import { type DriveState, nothingWaits, type QuietBarParts } from './quietBar.ts';

export interface QuietRunParts extends QuietBarParts {
  readonly world: BacktestWorld;
  readonly market: DrivenMarket;
  /** Its stage (who hears ticks) and its count of prices that reached the strategies. */
  readonly kernel: Pick<Kernel, 'stage' | 'activity'>;
  /** The equity curve, a point per bar. */
  readonly equity: Float64Array;
  /** The driver's progress report after bar i. */
  readonly progress: (i: number) => void;
}

/**
 * Consecutive quiet bars of a one-market backtest walked in one loop, each at a fraction of a
 * QuietBar's cost: a bar is its close mark at the venue, the clock at its close, the funding
 * check and the closed bar to the strategies. What the bar-by-bar walk adds is shown to change
 * nothing, once for the run and then per bar, before the bar is taken:
 * - the open mark and the walk inside the bar: the venue says neither the open nor the close
 *   price triggers or liquidates anything (inside `SimEngine.quietBand` at once, else by
 *   `quietAt`), and the account's liquidation level lies outside the bar's range. The account
 *   cannot change in the run (nothing is sent, no timer fires), so band and level are found once;
 * - the open and close ticks: no strategy has an onTick hook, no RxJS strategy listens, and the
 *   executor watches no TP/SL (it arms one only for a setTpSl intent, which `usesTriggers` marks
 *   first), so a tick only moves the latest mark of the executor's ledger and of the strategies'
 *   market data, and counts for the strategies' activity. The run sends its last close as a tick
 *   and adds the other ticks to the count;
 * - the timers: none falls due before a bar's close, and none fired unseen.
 * It stops after a bar on which a strategy decided something (the next open submits it) and
 * before any bar that fails a check; the bar-by-bar walk goes on from there, with the venue,
 * clock, ledger, market data and counts as it would have left them itself.
 */
export class QuietRun {
  private readonly p: QuietRunParts;
  private readonly s: DriveState;

  constructor(parts: QuietRunParts, state: DriveState) {
    this.p = parts;
    this.s = state;
  }

  /** Bars from `from` on, walked while quiet: the index of the first bar not walked (`from` when none was). */
  walk(from: number): number {
    const p = this.p;
    const s = this.s;
    const { clock, walker, times } = p;
    const f = walker.soleFeed;
    if (f === undefined || walker.usesTriggers || walker.hasIsolated) return from;
    if (!nothingWaits(p, s) || p.liveCount() !== s.live) return from;
    const symbol = f.symbol;
    const hearers = p.market.hearers(symbol);
    // The stage's listener (it counts the ticks), the executor's (its ledger's mark): nothing else.
    if (hearers.ticks > 1 || hearers.marks > 1 || p.kernel.stage.hearsTicks(symbol)) return from;
    const engine = p.world.sim.engine;
    const level = liquidationLevel(p.world, symbol);
    // Prices inside the band need no question to the venue; the book is fixed for the run.
    const { lo, hi } = engine.quietBand(symbol);
    const equity = new FixedBookEquity(p.world, symbol);
    const n = times.length;
    let i = from;
    for (; i < n && i !== p.closeAtOpenOf; i++) {
      const t = times[i] ?? Number.NaN;
      const end = t + p.intervalMs;
      const next = clock.nextDue();
      if (next !== undefined && next <= end) break;
      const j = walker.rowOf(0);
      if (f.time[j] !== t) break;
      const high = f.high[j] ?? Number.NaN;
      const low = f.low[j] ?? Number.NaN;
      const close = f.close[j] ?? Number.NaN;
      if (high !== low && level > low && level < high) break;
      const open = f.open[j] ?? Number.NaN;
      if (!((open > lo && open < hi) || engine.quietAt(symbol, open))) break;
      if (!((close > lo && close < hi) || engine.quietAt(symbol, close))) break;
      engine.setQuietMark(symbol, close, t + p.closeSlotMs);
      if (end > clock.now()) clock.advanceSync(end - clock.now());
      p.pushFunding(clock.now());
      walker.barOnly();
      equity.write(p.equity, i, close);
      p.progress(i);
      if (!nothingWaits(p, s)) {
        i++;
        break;
      }
    }
    if (i > from) {
      p.market.pushTick({ symbol, mark: f.close[walker.rowOf(0) - 1] ?? Number.NaN, ts: clock.now() });
      if (hearers.ticks > 0) p.kernel.activity.ticksOf(symbol, 2 * (i - from) - 1);
    }
    return i;
  }
}
