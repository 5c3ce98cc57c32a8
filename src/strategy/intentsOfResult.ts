import type { IntentId, StrategyId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import type { StrategyContext } from './defineStrategy.ts';
import type { HookName } from './runnerEvents.ts';
import { type HookResult, strategyIntentSchema } from './strategyIntent.ts';
import { toDomainIntents } from './toDomainIntents.ts';

export interface ResultScope {
  readonly strategyId: StrategyId;
  readonly markets: readonly string[];
  readonly now: number;
  readonly price: StrategyContext['price'];
  readonly idOf: (signal: string, leg: number) => IntentId;
}

/**
 * What a hook returned, as domain intents; or, for the first intent that is malformed, names a
 * market the strategy does not trade or cannot be converted, why (then the whole call is void).
 */
export function intentsOfResult(
  hook: HookName,
  result: Exclude<HookResult, undefined>,
  s: ResultScope,
): Intent[] | { readonly invalid: string } {
  const list: readonly unknown[] = Array.isArray(result) ? result : [result];
  const out: Intent[] = [];
  for (let index = 0; index < list.length; index++) {
    const parsed = strategyIntentSchema.safeParse(list[index]);
    if (!parsed.success) {
      const why = parsed.error.issues
        .map((i) => `${i.path.join('.') || '(intent)'}: ${i.message}`)
        .join('; ');
      return { invalid: `${hook} returned an invalid intent #${index}: ${why}` };
    }
    const market = parsed.data.market;
    if (!s.markets.includes(market))
      return { invalid: `${hook} returned an intent on ${market}, not one of its markets` };
    try {
      const defaultSignal = `${hook}@${s.now}`;
      const options = {
        strategyId: s.strategyId,
        now: s.now,
        defaultSignal,
        index,
        price: s.price,
        idOf: s.idOf,
      };
      out.push(...toDomainIntents(parsed.data, options));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { invalid: `${hook} returned an invalid intent #${index}: ${message}` };
    }
  }
  return out;
}
