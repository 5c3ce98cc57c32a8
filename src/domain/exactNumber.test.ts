import { describe, expect, it } from 'vitest';
import { exactNumber } from './exactNumber.ts';
import { Decimal } from './money.ts';

/** A seeded stream of decimal strings: 1 to 20 digits, exponents −30 to 29, either sign. */
function* decimals(count: number): Generator<string> {
  let seed = 7;
  const next = (k: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % k;
  };
  for (let i = 0; i < count; i++) {
    let digits = '';
    for (let k = 1 + next(20); k > 0; k--) digits += String(next(10));
    yield `${next(2) === 0 ? '-' : ''}${digits}e${next(60) - 30}`;
  }
}

describe('exactNumber', () => {
  it('gives the very double toNumber gives, for every Decimal of a seeded sample and the edges', () => {
    const edges = [
      '0',
      '-0',
      '9007199254740991', // 2^53 − 1: the largest coefficient read off the words
      '9007199254740993', // 2^53 + 1: not a double; must round as parsing does
      '123456789012345678901234567890',
      '1e22',
      '1e23',
      '1e-22',
      '1.5e-23',
      '99.8077',
      '-1.594000000000051',
      '1e-400',
      'NaN',
      'Infinity',
      '-Infinity',
    ];
    const xs = [...edges, ...decimals(20_000)].map((s) => new Decimal(s));
    // Computed values too: decimal.js leaves them with words of its own making.
    for (const x of xs.slice(0, 2_000)) if (x.isFinite()) xs.push(x.times('1.37').plus('0.1'), x.div(3));
    const wrong = xs.filter((x) => !Object.is(exactNumber(x), x.toNumber())).map((x) => x.toString());
    expect(wrong).toEqual([]);
  });
});
