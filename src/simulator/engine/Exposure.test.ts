import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Decimal, dec, ZERO } from '../../domain/money.ts';
import { applyExposure } from './Exposure.ts';
import { engine } from './testEngine.ts';

const str = (d: Decimal) => `${d.isNegative() ? '-' : '+'}${d.toString()}`;

describe('applyExposure', () => {
  it('makes a market’s first exposure ZERO ± each sum: rounded to the precision, a SHORT negated, zeros signed as the sum signs them', () => {
    const { e, sub } = engine();
    const market = e.marketBySymbol('ETHUSDT');
    if (!market) throw new Error('no ETHUSDT');
    const value = fc.constantFrom(
      '0',
      '0.01',
      '3000.5',
      '30.005',
      // 45 significant digits: a sum rounds it to 40.
      '1234567890.12345678901234567890123456789012345',
      '0.333333333333333333333333333333333333333333333',
    );
    fc.assert(
      fc.property(value, value, value, fc.boolean(), (qty, notional, margin, long) => {
        sub.exposures.clear();
        const [q, n, m] = [dec(qty), dec(notional), dec(margin)];
        const want = {
          netQty: long ? ZERO.plus(q) : ZERO.minus(q),
          netCost: long ? ZERO.plus(n) : ZERO.minus(n),
          grossQty: ZERO.plus(q),
          margin: ZERO.plus(m),
        };
        const got = applyExposure(sub, market, long, q, n, m, 1);
        expect([got.netQty, got.netCost, got.grossQty, got.margin].map(str)).toEqual(
          [want.netQty, want.netCost, want.grossQty, want.margin].map(str),
        );
        expect([got.nNet, got.nCost, got.nGross, got.nMargin]).toEqual(
          [want.netQty, want.netCost, want.grossQty, want.margin].map((x) => x.toNumber()),
        );
        expect(sub.exposures.has(market.spec.symbol)).toBe(!q.isZero());
      }),
      { numRuns: 400 },
    );
  });
});
