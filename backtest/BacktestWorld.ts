import type { VirtualClock } from '../src/clock/VirtualClock.ts';
import type { Simulator } from '../src/simulator/createSimulator.ts';
import type { SimMarket } from '../src/simulator/markets.ts';

/** The simulator's account the kernel trades: read for the equity curve and the walk, never written. */
export type BacktestAccount = NonNullable<ReturnType<Simulator['accounts']['subaccountsOf']>[number]>;

/** What the bar walk and the readers see of a backtest's venue: its clock, simulator and account. */
export interface BacktestWorld {
  readonly clock: VirtualClock;
  readonly sim: Simulator;
  readonly account: BacktestAccount;
  readonly markets: readonly SimMarket[];
}
