import type { Observable } from 'rxjs';
import type { z } from 'zod';
import type { Bar } from '../domain/bar.ts';
import type { PriceTick } from '../domain/tick.ts';
import type { FundingView } from './MarketData.ts';
import type { StrategyPosition, StrategyRequest } from './StrategyBook.ts';
import type { StrategyState } from './StrategyState.ts';
import type { HookResult, StrategyIntent } from './strategyIntent.ts';

/** What every hook can read. Read-only: a strategy acts only by returning intents. */
export interface StrategyContext<P = unknown, L = unknown> {
  readonly strategyId: string;
  /** Clock time (virtual in tests and backtests), epoch ms. */
  readonly now: number;
  readonly params: P;
  readonly markets: readonly string[];
  /** What init returned: the strategy's own indicators and counters. */
  readonly local: L;
  readonly state: StrategyState;
  /** Latest price of a market (last tick or bar close). */
  price(market: string): number | undefined;
  /** The market's latest funding rates (positive: that side pays), once the refresh has run. */
  funding(market: string): FundingView | undefined;
  /** Closed bars of a market, oldest first; never the bar still forming. */
  bars(market: string): readonly Bar[];
  positions(market?: string): readonly StrategyPosition[];
  openRequests(market?: string): readonly StrategyRequest[];
  /** The id an intent with this signal gets: how a later close or TP/SL names that open. */
  intentId(signal: string): string;
  /**
   * Publishes a value of a named indicator series at a bar (sma-cross: its two averages), which
   * the console draws over the market's chart. Does nothing where nobody listens (a backtest).
   */
  plot(at: Pick<Bar, 'symbol' | 'openTime'>, name: string, value: number): void;
}

export interface StrategyFill {
  readonly market: string;
  readonly intentId: string;
  readonly kind: 'open' | 'close';
  readonly side: 'LONG' | 'SHORT';
  readonly quantity: number;
  readonly price: number;
  readonly at: number;
}

export interface StrategyRequestUpdate {
  readonly intentId: string;
  readonly clientRequestId: string;
  readonly market: string;
  /** The request's status (requestStatus.ts), or `DENIED` when the risk gate refused the intent. */
  readonly status: string;
  readonly at: number;
}

export interface StrategySchedule<P, L> {
  readonly name: string;
  /** node-cron expression, in UTC, with optional seconds field. */
  readonly cron: string;
  readonly run: Hook<[ctx: StrategyContext<P, L>], HookResult>;
}

/** The RxJS form: the same context plus the strategy's streams; it returns its intents as a stream. */
export interface RxStrategyContext<P, L> extends StrategyContext<P, L> {
  readonly bars$: Observable<Bar>;
  readonly ticks$: Observable<PriceTick>;
}

/**
 * A function type checked bivariantly in its parameters (like a method), so a strategy typed
 * for its own params still fits where any strategy is accepted (the runner, the loader).
 */
type Hook<A extends unknown[], R> = { bivarianceHack(...args: A): R }['bivarianceHack'];

export interface StrategyDefinition<S extends z.ZodType = z.ZodType, L = undefined> {
  readonly name: string;
  readonly params: S;
  /** Default markets when the config names none. */
  readonly markets?: readonly string[];
  /** Bar interval: `1m`, `5m`, `1h`, `1d` … (default `1h`). */
  readonly interval?: string;
  /** Closed bars needed before the strategy may trade; its intents before that are dropped. */
  readonly warmup: number | Hook<[params: z.output<S>], number>;
  /**
   * Leading bars on which the strategy's longest indicator has no value yet (an SMA of n: n − 1),
   * as backtesting.py counts its indicators' leading NaNs. A backtest measures buy & hold, and the
   * alpha on it, from the close of the bar after them, where backtesting.py does. It gates nothing
   * (`warmup` does). Default 0: the strategy is measured against holding from the first bar.
   */
  readonly indicatorWarmup?: number | Hook<[params: z.output<S>], number>;
  readonly init?: Hook<[ctx: StrategyContext<z.output<S>, undefined>], L>;
  readonly onTick?: Hook<[ctx: StrategyContext<z.output<S>, L>, tick: PriceTick], HookResult>;
  /**
   * A bar closed (never the one still forming). Read what you need during the call: a backtest
   * hands over a view of its columns that shows the next bar once the hook returned, so keep its
   * numbers, not the object (`ctx.bars()` gives bars to keep).
   */
  readonly onBar?: Hook<[ctx: StrategyContext<z.output<S>, L>, bar: Bar], HookResult>;
  readonly onFill?: Hook<[ctx: StrategyContext<z.output<S>, L>, fill: StrategyFill], HookResult>;
  readonly onRequestUpdate?: (
    ctx: StrategyContext<z.output<S>, L>,
    update: StrategyRequestUpdate,
  ) => HookResult;
  readonly schedule?:
    | readonly StrategySchedule<z.output<S>, L>[]
    | Hook<[params: z.output<S>], readonly StrategySchedule<z.output<S>, L>[]>;
  readonly rx?: Hook<[ctx: RxStrategyContext<z.output<S>, L>], Observable<StrategyIntent>>;
}

const DEFINITION = Symbol.for('perpflow.strategy');

export type DefinedStrategy<S extends z.ZodType = z.ZodType, L = unknown> = StrategyDefinition<S, L> & {
  readonly [DEFINITION]: true;
};

/**
 * Any strategy, whatever its params and local types: what the runner and the loader accept.
 * Hooks are contravariant in their context, so no concrete type but `any` fits every strategy.
 */
// biome-ignore lint/suspicious/noExplicitAny: the plugin boundary erases each strategy's own types
export type AnyStrategy = DefinedStrategy<any, any>;

/** Declares a strategy module: `export default defineStrategy({ … })`. */
export function defineStrategy<S extends z.ZodType, L = undefined>(
  definition: StrategyDefinition<S, L>,
): DefinedStrategy<S, L> {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(definition.name))
    throw new TypeError(
      `strategy name ${JSON.stringify(definition.name)}: use lower-case letters, digits and dashes`,
    );
  return Object.freeze({ ...definition, [DEFINITION]: true as const });
}

/** Closed bars a strategy needs before it may trade, for its (validated) params. */
export function warmupOf(strategy: AnyStrategy, params: unknown): number {
  const w = strategy.warmup;
  return typeof w === 'function' ? w(params) : w;
}

/**
 * Leading bars without an indicator value, for its (validated) params: 0 when the strategy
 * declares none. A TypeError naming the strategy when it is not a whole number of bars ≥ 0.
 */
export function indicatorWarmupOf(strategy: AnyStrategy, params: unknown): number {
  const w = strategy.indicatorWarmup ?? 0;
  const n: unknown = typeof w === 'function' ? w(params) : w;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw new TypeError(
      `strategy ${strategy.name}: indicatorWarmup is ${String(n)}; it must be a whole number of bars, 0 or more`,
    );
  return n;
}

/** Whether a module's export is a strategy made by defineStrategy. */
export function isDefinedStrategy(value: unknown): value is DefinedStrategy {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[DEFINITION] === true
  );
}
