import { describe, expect, it } from 'vitest';
import { builtinParamsRules } from './paramsJsonSchema.ts';

describe('builtinParamsRules', () => {
  it('gives each built-in its params schema under a rule on its module name', async () => {
    const rules = (await builtinParamsRules()) as {
      if: { properties: { module: { const: string } } };
      then: {
        properties: { params: { properties: Record<string, unknown>; additionalProperties: unknown } };
      };
    }[];
    expect(rules.map((r) => r.if.properties.module.const)).toEqual([
      'sma-cross',
      'breakout',
      'grid',
      'dca',
      'funding-carry',
    ]);
    const sma = rules[0]?.then.properties.params;
    expect(Object.keys(sma?.properties ?? {})).toEqual([
      'fast',
      'slow',
      'quantity',
      'notional',
      'leverage',
      'mode',
      'slippage',
    ]);
    expect(sma?.additionalProperties).toBe(false);
  });
});
