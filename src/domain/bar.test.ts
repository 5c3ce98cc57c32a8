import { describe, expect, it } from 'vitest';
import { type Bar, barProblem } from './bar.ts';
import { MarketSymbol } from './ids.ts';

const ok: Bar = {
  symbol: MarketSymbol('XRPUSDT'),
  openTime: 0,
  intervalMs: 3_600_000,
  open: 1,
  high: 2,
  low: 0.5,
  close: 1.5,
  volume: 10,
};

describe('bar consistency', () => {
  it('accepts a consistent bar', () => {
    expect(barProblem(ok)).toBeUndefined();
  });

  it.each([
    [{ high: 0.4 }, 'low 0.5 is above high 0.4'],
    [{ open: 3 }, 'open 3 is outside [low, high]'],
    [{ close: 0.1 }, 'close 0.1 is outside [low, high]'],
    [{ volume: -1 }, 'volume -1 is negative'],
    [{ close: Number.NaN }, 'a price or volume is not a finite number'],
    [{ intervalMs: 0 }, 'interval 0 ms is not positive'],
  ])('names what is wrong with %j', (patch, reason) => {
    expect(barProblem({ ...ok, ...patch })).toBe(reason);
  });
});
