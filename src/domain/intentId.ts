import { hash } from 'node:crypto';
import { hash96Id, lanesAfter } from './hash96.ts';
import { IntentId, type StrategyId } from './ids.ts';

/**
 * How intent ids are made. A journal keeps the scheme of the ids it holds (intentIdSchemeOf), so a
 * bot restarted on it derives the same id for a repeated signal whatever version made the journal:
 * - `sha256`: the first 24 hex digits of sha256(strategy NUL signal NUL leg), the only scheme
 *   before the journal named one;
 * - `hash96`: hash96.ts's 96 bits, about 4× cheaper an id; what a new journal takes.
 */
export const IntentIdScheme = { sha256: 'sha256', hash96: 'hash96' } as const;
export type IntentIdScheme = (typeof IntentIdScheme)[keyof typeof IntentIdScheme];

/** The scheme of a new journal (and of strategy tests, which have none). */
export const NEW_INTENT_ID_SCHEME: IntentIdScheme = IntentIdScheme.hash96;

export function isIntentIdScheme(s: string): s is IntentIdScheme {
  return s === IntentIdScheme.sha256 || s === IntentIdScheme.hash96;
}

/** One strategy's ids: `(signal, leg) → id`, with what depends on the strategy alone done once. */
export type StrategyIntentIds = (signal: string, leg: number) => IntentId;

/**
 * The id of an intent is a pure function of (strategy, signal, leg) under a scheme: a strategy
 * that repeats a signal — after a restart, or twice on one bar — produces the same id, and the
 * executor recognises it instead of trading twice (reliability.md A4, scenario 15).
 */
export function intentIdsOf(
  strategyId: StrategyId,
  scheme: IntentIdScheme = NEW_INTENT_ID_SCHEME,
): StrategyIntentIds {
  if (scheme === IntentIdScheme.sha256) return (signal, leg) => sha256Id(strategyId, signal, leg);
  const lanes = lanesAfter(strategyId);
  return (signal, leg) => IntentId(hash96Id(lanes, signal, leg));
}

/** One id, for a caller that makes few (a backtest's end-of-run closes, tests): `intentIdsOf`'s. */
export function deriveIntentId(
  strategyId: StrategyId,
  signalId: string,
  leg = 0,
  scheme: IntentIdScheme = NEW_INTENT_ID_SCHEME,
): IntentId {
  return intentIdsOf(strategyId, scheme)(signalId, leg);
}

function sha256Id(strategyId: StrategyId, signalId: string, leg: number): IntentId {
  // One-shot hash: the same digest as createHash().update().digest(), about 3× cheaper per id.
  const digest = hash('sha256', `${strategyId}\u0000${signalId}\u0000${leg}`, 'hex');
  return IntentId(`in_${digest.slice(0, 24)}`);
}
