import type { BacktestConfig } from '../src/config/sections/backtest.ts';
import type { Fill } from '../src/domain/fill.ts';
import type { Intent } from '../src/domain/intent.ts';
import type { ExecutionEvent } from '../src/kernel/Kernel.ts';
import type { Logger } from '../src/log/Logger.ts';
import type { BarColumns } from '../src/market/readBarColumns.ts';
import type { FundingRate } from '../src/market/readFundingRates.ts';
import type { StrategyEvent } from '../src/strategy/runnerEvents.ts';
import type { BacktestConfigInput } from './backtestConfig.ts';
import type { EquityColumns } from './metrics/EquityPoint.ts';
import type { TradeRecord } from './metrics/TradeRecord.ts';
import type { BacktestWarning } from './requestEndWarnings.ts';

/** What runBacktest takes: the feeds, the strategies and settings, and what to report on the way. */
export interface BacktestInput extends BacktestConfigInput {
  /** One column set per market; all with the same bar interval. */
  readonly feeds: readonly BarColumns[];
  readonly settings: BacktestConfig;
  readonly fundingSeries?: Readonly<Record<string, readonly FundingRate[]>>;
  /** Bars whose open time is ≥ from and < to (epoch ms). */
  readonly from?: number;
  readonly to?: number;
  /** The venue adapter under the kernel (see backtestEdges); default the direct one. */
  readonly venue?: 'direct' | 'client';
  /** Called every few thousand bars and at the end. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Bar counts (ascending) at which `reached` sees the account's curve so far: the optimiser's
   * pruner. A throw from `reached` ends the run there, and reaches the caller.
   */
  readonly checkpoints?: {
    readonly at: readonly number[];
    readonly reached: (bars: number, curve: EquityColumns) => void;
  };
  /** The executor's events (venue calls, transitions, fills), as the kernel's log sees them live. */
  readonly onExecutionEvent?: (e: ExecutionEvent) => void;
  /** The kernel's log; default silent (the summary and the JSON carry what matters). */
  readonly log?: Logger;
  /**
   * Keep every decided intent for `BacktestResult.intents` (default true, for comparing runs). The
   * CLI leaves it off: a 1M-bar run's 78,000 intents were ≈ 12 MB of objects in a heap snapshot, plus
   * their Decimals, kept to the end.
   */
  readonly keepIntents?: boolean;
}

/** What a backtest gives back: its curve, trades, fills, refusals and warnings. */
export interface BacktestResult {
  readonly intervalMs: number;
  readonly initialCash: number;
  readonly finalEquity: number;
  /** One point per bar time: the account's equity at that bar's close (label: the bar's open time). */
  readonly equity: { readonly time: Float64Array; readonly equity: Float64Array };
  readonly trades: readonly TradeRecord[];
  readonly strategyEvents: readonly StrategyEvent[];
  /** Intents the risk gate or the executor refused, with the reason. */
  readonly denials: readonly { readonly intentId: string; readonly reason: string }[];
  /** Every intent the strategies emitted, in order, with the bar time it was decided on (empty with `keepIntents: false`). */
  readonly intents: readonly { readonly decidedAt: number; readonly intent: Intent }[];
  /** The executor's fills, as it booked them. */
  readonly fills: readonly Fill[];
  /**
   * Strategies that did nothing over the whole run (no hook ran, or no intent came out), and
   * requests the venue ended without being asked to, grouped.
   */
  readonly warnings: readonly BacktestWarning[];
}
