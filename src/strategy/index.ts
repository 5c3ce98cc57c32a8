export type { Bar } from '../domain/bar.ts';
export type { PriceTick } from '../domain/tick.ts';
export { CronTimes } from '../scheduler/cronTimes.ts';
export { barSignal } from './barSignal.ts';
export { type BarColumnsLike, ColumnBarView } from './ColumnBarView.ts';
export {
  type AnyStrategy,
  type DefinedStrategy,
  defineStrategy,
  isDefinedStrategy,
  type RxStrategyContext,
  type StrategyContext,
  type StrategyDefinition,
  type StrategyFill,
  type StrategyRequestUpdate,
  type StrategySchedule,
} from './defineStrategy.ts';
export { Atr } from './indicators/Atr.ts';
export { RollingMax } from './indicators/RollingMax.ts';
export { RollingMin } from './indicators/RollingMin.ts';
export { RollingStdDev } from './indicators/RollingStdDev.ts';
export { Sma } from './indicators/Sma.ts';
export { loadStrategyModule } from './loadStrategyModule.ts';
export { type FundingView, MarketData } from './MarketData.ts';
export { HookFailure, type HookName, type StrategyEvent } from './runnerEvents.ts';
export { type BarDecision, runOnBars } from './runOnBars.ts';
export {
  type StrategyBook,
  type StrategyPosition,
  type StrategyRequest,
  staticBook,
} from './StrategyBook.ts';
export { StrategyHost } from './StrategyHost.ts';
export { StrategyRunner, type StrategyRunnerOptions } from './StrategyRunner.ts';
export { type Json, MemoryStateStore, type StateStore, type StrategyState } from './StrategyState.ts';
export { scheduleStrategy } from './scheduleStrategy.ts';
export { startRx } from './startRx.ts';
export { type HookResult, type StrategyIntent, strategyIntentSchema } from './strategyIntent.ts';
export { toDomainIntents } from './toDomainIntents.ts';
export { validateStrategyParams } from './validateStrategyParams.ts';
