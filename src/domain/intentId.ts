import { createHash } from 'node:crypto';
import { IntentId, type StrategyId } from './ids.ts';

/**
 * The id of an intent is a pure function of (strategy, signal, leg): a strategy that repeats a
 * signal — after a restart, or twice on one bar — produces the same id, and the executor
 * recognises it instead of trading twice (reliability.md A4, scenario 15).
 */
export function deriveIntentId(strategyId: StrategyId, signalId: string, leg = 0): IntentId {
  const digest = createHash('sha256').update(`${strategyId}\u0000${signalId}\u0000${leg}`).digest('hex');
  return IntentId(`in_${digest.slice(0, 24)}`);
}
