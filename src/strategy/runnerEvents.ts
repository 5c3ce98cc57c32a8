import type { StrategyError } from '../errors/StrategyError.ts';

export type HookName =
  | 'init'
  | 'onTick'
  | 'onBar'
  | 'onFill'
  | 'onRequestUpdate'
  | `schedule:${string}`
  | 'rx';

export const HookFailure = {
  THREW: 'threw',
  INVALID_INTENT: 'invalidIntent',
  OVER_BUDGET: 'overBudget',
} as const;
export type HookFailure = (typeof HookFailure)[keyof typeof HookFailure];

export type StrategyEvent =
  /** One hook call failed: its intents were dropped. */
  | {
      readonly type: 'hookFailed';
      readonly strategyId: string;
      readonly hook: HookName;
      readonly failure: HookFailure;
      readonly error: StrategyError;
      readonly consecutiveFailures: number;
      readonly at: number;
    }
  /** Too many consecutive failures: the strategy is paused until resumed. An alert. */
  | {
      readonly type: 'paused';
      readonly strategyId: string;
      readonly hook: HookName;
      readonly consecutiveFailures: number;
      readonly at: number;
      readonly alert: true;
    };
