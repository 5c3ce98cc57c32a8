import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WireMarkPrices } from './pricing.ts';
import { readMarkPricesFast } from './readMarkPricesFast.ts';

const junk = fc.constantFrom<unknown>(undefined, null, '', 'abc', '1,5', true, [], {}, Number.NaN, Infinity);
const price = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(null),
  fc.constantFrom('95000.5', ' 2 ', '1e3', 'x'),
  junk,
);
const time = fc.oneof(fc.integer({ min: 0 }), fc.constantFrom('1795294244556', '2026-01-01T00:00:00Z'), junk);
const symbol = fc.oneof(fc.constantFrom('BTCUSDT', 'ETHUSDT', ''), junk);
const listRow = fc.record(
  { symbol, markPrice: price, timestamp: time, extra: fc.constant('ignored') },
  { requiredKeys: [] },
);
const commonRow = fc.record(
  {
    symbol: fc.constantFrom('BTCUSDT', 'ETHUSDT', 'XAUUSD'),
    markPrice: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
    timestamp: fc.integer({ min: 0 }),
  },
  { requiredKeys: ['symbol', 'markPrice'] },
);
const map = fc.dictionary(
  fc.constantFrom('BTCUSDT', 'ETHUSDT', 'SOLUSDT', '__proto__', 'constructor', ''),
  price,
);

describe('readMarkPricesFast', () => {
  it('returns exactly what WireMarkPrices returns, or hands the answer to it, on any answer', () => {
    let read = 0;
    fc.assert(
      fc.property(
        fc.oneof(fc.array(fc.oneof(listRow, commonRow), { maxLength: 4 }), map, junk),
        (payload) => {
          const fast = readMarkPricesFast(payload);
          if (fast === undefined) return;
          read++;
          const schema = WireMarkPrices.safeParse(payload);
          expect(schema.success).toBe(true);
          expect(fast).toEqual(schema.data);
        },
      ),
      { numRuns: 3_000 },
    );
    expect(read).toBeGreaterThan(300);
  });

  it('reads both common forms of the answer', () => {
    expect(
      readMarkPricesFast([
        { symbol: 'BTCUSDT', markPrice: 95_000.5, timestamp: 1_795_294_244_556 },
        { symbol: 'ETHUSDT', markPrice: null },
      ]),
    ).toEqual([
      { symbol: 'BTCUSDT', mark: 95_000.5, timestamp: 1_795_294_244_556 },
      { symbol: 'ETHUSDT', mark: null, timestamp: undefined },
    ]);
    expect(readMarkPricesFast({ BTCUSDT: 95_000.5, NOPE: null })).toEqual([
      { symbol: 'BTCUSDT', mark: 95_000.5, timestamp: undefined },
      { symbol: 'NOPE', mark: null, timestamp: undefined },
    ]);
    expect(readMarkPricesFast([{ symbol: 'BTCUSDT', markPrice: '95000.5' }])).toBeUndefined();
  });
});
