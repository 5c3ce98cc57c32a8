import { describe, expect, it } from 'vitest';
import { parseConstraint } from '../../src/config/paramConstraint.ts';
import type { SearchSpace } from '../../src/config/searchSpace.ts';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { gridPoints, gridSampler } from './gridSampler.ts';
import { seededRng } from './rng.ts';

const lessThan = parseConstraint('fast < slow', new Set(['fast', 'slow']));
if (!lessThan.ok) throw new Error(lessThan.reason);
const space: SearchSpace = {
  params: [
    { name: 'fast', domain: { kind: 'int', low: 1, high: 3, log: false, step: 1 } },
    { name: 'slow', domain: { kind: 'float', low: 2, high: 3, log: false, step: 0.5 } },
    { name: 'mode', domain: { kind: 'categorical', choices: ['long', 'short'] } },
  ],
  constraints: [lessThan.constraint],
};

describe('gridSampler', () => {
  it("walks every step of every range and every choice in the sweep's order, keeping the constraints", () => {
    expect(gridPoints(space).map((p) => `${p.fast}/${p.slow}/${p.mode}`)).toEqual([
      '1/2/long',
      '1/2/short',
      '1/2.5/long',
      '1/2.5/short',
      '1/3/long',
      '1/3/short',
      '2/2.5/long',
      '2/2.5/short',
      '2/3/long',
      '2/3/short',
    ]);
  });

  it('gives trial n the grid point n, so a resumed study goes on where it stopped', () => {
    const g = gridSampler(space);
    const trial = (n: number) => ({ number: n, state: 'complete' as const, point: {}, loss: 0 });
    expect(g.sample(space, [trial(0), trial(1), trial(2)], seededRng(0))).toEqual(gridPoints(space)[3]);
  });

  it('refuses a float range without a step', () => {
    const noStep: SearchSpace = {
      params: [{ name: 'x', domain: { kind: 'float', low: 0, high: 1, log: false } }],
      constraints: [],
    };
    expect(() => gridSampler(noStep)).toThrow(ConfigError);
  });
});
