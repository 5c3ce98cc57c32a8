import { z } from 'zod';
import { BUILTIN_STRATEGY_NAMES } from './builtins.ts';
import type { AnyStrategy } from './defineStrategy.ts';
import { loadStrategyModule } from './loadStrategyModule.ts';

/**
 * For config/schema.json: one draft-07 rule per strategy, "when `module` is this strategy's name,
 * `params` follows its schema", to go in the strategy entry's `allOf`. Editors then complete and
 * check the params of `module: sma-cross` and the other built-ins.
 */
export function paramsRules(strategies: readonly AnyStrategy[]): Record<string, unknown>[] {
  return strategies.map((s) => {
    const { $schema: _, ...params } = z.toJSONSchema(s.params, {
      target: 'draft-7',
      io: 'input',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
    return {
      if: { properties: { module: { const: s.name } }, required: ['module'] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, this object is data
      then: { properties: { params } },
    };
  });
}

/** The built-ins' rules, loading each built-in as a config naming it would. */
export async function builtinParamsRules(): Promise<Record<string, unknown>[]> {
  const loaded = await Promise.all(BUILTIN_STRATEGY_NAMES.map((n) => loadStrategyModule(n, '.')));
  return paramsRules(loaded);
}
