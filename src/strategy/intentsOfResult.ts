import type { Intent } from '../domain/intent.ts';
import { checkIntent } from './checkIntent.ts';
import type { HookName } from './runnerEvents.ts';
import { type StrategyIntent, strategyIntentSchema } from './strategyIntent.ts';
import { type ConvertContext, toDomainIntents } from './toDomainIntents.ts';

/** What the conversion needs of the runner; `hook`, `now` and `index` change per call. */
export interface ResultScope extends ConvertContext {
  readonly hook: HookName;
  readonly markets: readonly string[];
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * What a hook returned, as domain intents; or, for the first intent that is malformed, names a
 * market the strategy does not trade or cannot be converted, why (then the whole call is void).
 * Each intent passes the fast structural check (checkIntent); only one that fails it goes to the
 * zod schema, which either accepts it after all (then its parsed copy is used) or says which
 * field is wrong and why.
 */
export function intentsOfResult(
  // What a hook returned, or an rx stream emitted: checked here, whatever it claims to be.
  result: unknown,
  s: Writable<ResultScope>,
): Intent[] | { readonly invalid: string } {
  const out: Intent[] = [];
  if (!Array.isArray(result)) return add(result, 0, s, out) ?? out;
  for (let index = 0; index < result.length; index++) {
    const invalid = add(result[index], index, s, out);
    if (invalid !== undefined) return invalid;
  }
  return out;
}

function add(
  raw: unknown,
  index: number,
  s: Writable<ResultScope>,
  out: Intent[],
): { readonly invalid: string } | undefined {
  let intent: StrategyIntent;
  if (checkIntent(raw)) intent = raw;
  else {
    const parsed = strategyIntentSchema.safeParse(raw);
    if (!parsed.success) {
      const why = parsed.error.issues
        .map((i) => `${i.path.join('.') || '(intent)'}: ${i.message}`)
        .join('; ');
      return { invalid: `${s.hook} returned an invalid intent #${index}: ${why}` };
    }
    intent = parsed.data;
  }
  if (!s.markets.includes(intent.market))
    return { invalid: `${s.hook} returned an intent on ${intent.market}, not one of its markets` };
  try {
    s.index = index;
    toDomainIntents(intent, s, out);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { invalid: `${s.hook} returned an invalid intent #${index}: ${message}` };
  }
  return undefined;
}
