import { PerpflowError } from './PerpflowError.ts';

/** A strategy threw or returned something invalid: isolate that strategy, keep the others. */
export class StrategyError extends PerpflowError {
  readonly code = 'STRATEGY';
  readonly strategyId: string;
  constructor(strategyId: string, message: string, options: { cause?: unknown } = {}) {
    super(`strategy ${strategyId}: ${message}`, { details: { strategyId }, ...options });
    this.strategyId = strategyId;
  }
}
