import { describe, expect, it } from 'vitest';
import { holds, parseConstraint } from './paramConstraint.ts';

const known = new Set(['fast', 'slow']);
const parsed = (text: string) => {
  const r = parseConstraint(text, known);
  if (!r.ok) throw new Error(r.reason);
  return r.constraint;
};

describe('parseConstraint', () => {
  it('reads A OP B with names or numbers and checks a point against it', () => {
    expect(holds(parsed('fast < slow'), { fast: 5, slow: 6 })).toBe(true);
    expect(holds(parsed('fast < slow'), { fast: 6, slow: 6 })).toBe(false);
    expect(holds(parsed('fast<=slow'), { fast: 6, slow: 6 })).toBe(true);
    expect(holds(parsed('slow >= 30'), { slow: 29 })).toBe(false);
    expect(holds(parsed('fast != 7'), { fast: 7 })).toBe(false);
    expect(holds(parsed('2 > fast'), { fast: 1 })).toBe(true);
  });

  it('refuses anything else, never evaluating it', () => {
    for (const bad of [
      'fast < slow * 2',
      'fast == slow',
      'fast < unknown',
      '1 < 2',
      'fast',
      'globalThis.x < 1',
    ])
      expect(parseConstraint(bad, known).ok).toBe(false);
  });
});
