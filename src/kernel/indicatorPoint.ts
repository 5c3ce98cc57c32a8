import type { Subject } from 'rxjs';
import type { Plotter } from '../strategy/StrategyRunnerOptions.ts';

/** One value a strategy plotted: its series (strategy, market, name) at a bar's open time. */
export interface IndicatorPoint {
  readonly strategy: string;
  readonly market: string;
  readonly name: string;
  readonly time: number;
  readonly value: number;
}

/** The strategies' `ctx.plot` into `points`: a point is built only while something observes them. */
export function plotTo(points: Subject<IndicatorPoint>): Plotter {
  return (strategy, market, name, time, value) => {
    if (points.observed) points.next({ strategy, market, name, time, value });
  };
}
