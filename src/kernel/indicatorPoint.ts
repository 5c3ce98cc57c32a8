/** One value a strategy plotted: its series (strategy, market, name) at a bar's open time. */
export interface IndicatorPoint {
  readonly strategy: string;
  readonly market: string;
  readonly name: string;
  readonly time: number;
  readonly value: number;
}
