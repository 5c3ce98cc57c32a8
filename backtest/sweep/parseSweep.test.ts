import { describe, expect, it } from 'vitest';
import { parseSweep, sweepGrid } from './parseSweep.ts';

describe('parseSweep', () => {
  it('expands FROM..TO:STEP with both ends included and no float residue', () => {
    expect(parseSweep('fast=5..20:5')).toEqual({ param: 'fast', values: [5, 10, 15, 20] });
    expect(parseSweep('slippage=0.1..0.3:0.1').values).toEqual([0.1, 0.2, 0.3]);
    expect(parseSweep('sma-cross.slow=20..25:10')).toEqual({
      strategy: 'sma-cross',
      param: 'slow',
      values: [20],
    });
  });

  it('refuses a malformed spec, a step of zero and a reversed range with the expected form', () => {
    expect(() => parseSweep('fast=5-20')).toThrow('--sweep fast=5-20: expected PARAM=FROM..TO:STEP');
    expect(() => parseSweep('fast=5..20:0')).toThrow('FROM ≤ TO and STEP > 0');
    expect(() => parseSweep('fast=20..5:1')).toThrow('FROM ≤ TO and STEP > 0');
  });

  it('makes every combination of the axes, per strategy id or for all (*)', () => {
    const grid = sweepGrid([parseSweep('fast=5..10:5'), parseSweep('b.slow=20..30:10')]);
    expect(grid).toEqual([
      { '*': { fast: 5 }, b: { slow: 20 } },
      { '*': { fast: 5 }, b: { slow: 30 } },
      { '*': { fast: 10 }, b: { slow: 20 } },
      { '*': { fast: 10 }, b: { slow: 30 } },
    ]);
  });
});
