import type { Clock } from '../clock/Clock.ts';
import type { IntentIdScheme } from '../domain/intentId.ts';
import type { AnyStrategy, StrategyContext } from './defineStrategy.ts';
import type { HookBudgetOptions } from './HookBudget.ts';
import type { MarketData } from './MarketData.ts';
import type { StrategyEvent } from './runnerEvents.ts';
import type { StrategyBook } from './StrategyBook.ts';
import type { StateStore } from './StrategyState.ts';

/** What a StrategyRunner runs, on which markets, and what it reads and reports to. */
export interface StrategyRunnerOptions extends HookBudgetOptions {
  readonly strategy: AnyStrategy;
  readonly id: string;
  readonly markets: readonly string[];
  /** Already validated against the strategy's schema (see validateStrategyParams). */
  readonly params: unknown;
  readonly clock: Clock;
  readonly data: MarketData;
  readonly book: StrategyBook;
  readonly state: StateStore;
  readonly emit: (event: StrategyEvent) => void;
  /** Consecutive failed hook calls after which the strategy is paused (default 3). */
  readonly maxConsecutiveFailures?: number;
  /** The scheme of the journal's intent ids (intentIdSchemeOf); default: a new journal's. */
  readonly intentIdScheme?: IntentIdScheme;
  /** Where `ctx.plot` values go (the control API's charts); absent: `ctx.plot` does nothing. */
  readonly plot?: Plotter;
}

/** One value of a strategy's named indicator series on a market, at a bar's open time. */
export type Plotter = (strategyId: string, market: string, name: string, time: number, value: number) => void;

/** `ctx.plot` where nothing listens (a backtest): one call that does nothing. */
const NO_PLOT = (): void => {};

/** A strategy's `ctx.plot`: to `plotter`, or nowhere. */
export function plotFor(strategyId: string, plotter: Plotter | undefined): StrategyContext['plot'] {
  if (plotter === undefined) return NO_PLOT;
  return (at, name, value) => plotter(strategyId, at.symbol, name, at.openTime, value);
}
