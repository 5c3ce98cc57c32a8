import { z } from 'zod';
import breakout from '../../strategies/breakout/index.ts';
import dca from '../../strategies/dca/index.ts';
import fundingCarry from '../../strategies/funding-carry/index.ts';
import grid from '../../strategies/grid/index.ts';
import smaCross from '../../strategies/sma-cross/index.ts';

const BUILTINS = [smaCross, breakout, grid, dca, fundingCarry] as const;

/**
 * For config/schema.json: one draft-07 rule per built-in strategy, "when `module` is this
 * built-in, `params` follows its schema", to go in the strategy entry's `allOf`. Editors then
 * complete and check the params of `module: sma-cross` and the others.
 */
export function builtinParamsRules(): Record<string, unknown>[] {
  return BUILTINS.map((s) => {
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
