import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { searchSpace } from './searchSpace.ts';

const params = z
  .strictObject({
    fast: z.number().int().min(1).default(10),
    slow: z.number().int().min(2).default(30),
    leverage: z.number().positive().default(1),
    slippage: z.number().min(0).max(1).default(0.01),
    mode: z.enum(['long', 'short', 'reverse']).default('reverse'),
    name: z.string().default('x'),
  })
  .refine((p) => p.fast < p.slow);

describe('searchSpace', () => {
  it('reads ints, log scales, steps and enum choices against the schema', () => {
    const { space, problems } = searchSpace(params, {
      fast: [5, 50],
      slow: [20, 200, 'log'],
      slippage: [0, 0.1, 0.01],
      mode: ['long', 'reverse'],
      constraints: ['fast < slow'],
    });
    expect(problems).toEqual([]);
    expect(space.params).toEqual([
      { name: 'fast', domain: { kind: 'int', low: 5, high: 50, log: false, step: 1 } },
      { name: 'slow', domain: { kind: 'int', low: 20, high: 200, log: true, step: 1 } },
      { name: 'slippage', domain: { kind: 'float', low: 0, high: 0.1, log: false, step: 0.01 } },
      { name: 'mode', domain: { kind: 'categorical', choices: ['long', 'reverse'] } },
    ]);
    expect(space.constraints).toEqual([{ left: 'fast', op: '<', right: 'slow', text: 'fast < slow' }]);
  });

  it('names the path of each problem: unknown param, range outside the schema, bad choice, bad constraint', () => {
    const { problems } = searchSpace(params, {
      fst: [5, 50],
      fast: [0, 50],
      slippage: [0, 2],
      leverage: [0.5, 4, 'log', 0.5],
      slow: [50, 20],
      mode: ['sideways'],
      name: ['a'],
      constraints: ['fast < slw', 'fast; process.exit()', 'fast << slow'],
    });
    expect(problems.map((p) => p.path)).toEqual([
      ['fst'],
      ['fast', 0],
      ['slippage', 1],
      ['leverage'],
      ['slow'],
      ['mode', 0],
      ['name'],
      ['constraints', 0],
      ['constraints', 1],
      ['constraints', 2],
    ]);
    expect(problems[0]?.message).toContain('no parameter fst');
    expect(problems[1]?.message).toContain('fast must be ≥ 1');
    expect(problems[7]?.message).toContain('slw is not a searched parameter');
  });

  it('refuses an int range with a fractional bound and a log scale from 0', () => {
    const { problems } = searchSpace(params, { fast: [1.5, 9], slippage: [0, 1, 'log'] });
    expect(problems.map((p) => p.path)).toEqual([['fast'], ['slippage', 0]]);
  });
});
