import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZERO } from '../../domain/money.ts';
import { defaultMarkets } from '../markets.ts';
import type { Exposure } from './Exposure.ts';
import { ExposureBook } from './ExposureBook.ts';

const markets = defaultMarkets();
const exposure = (i: number, tag: number): Exposure => {
  const market = markets[i % markets.length];
  if (!market) throw new Error('the catalog is empty');
  return {
    market,
    netQty: ZERO,
    netCost: ZERO,
    grossQty: ZERO,
    margin: ZERO,
    nNet: tag,
    nCost: 0,
    nGross: 0,
    nMargin: 0,
  };
};

describe('ExposureBook', () => {
  it('answers get, has, size and the order of values as a Map keyed by symbol does', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), i: fc.nat(5), tag: fc.nat(1_000) }),
      fc.record({ kind: fc.constant('delete' as const), i: fc.nat(5) }),
      fc.record({ kind: fc.constant('clear' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const book = new ExposureBook();
        const model = new Map<string, Exposure>();
        for (const o of ops) {
          if (o.kind === 'set') {
            const e = exposure(o.i, o.tag);
            book.set(e);
            model.set(e.market.spec.symbol, e);
          } else if (o.kind === 'delete') {
            const symbol = exposure(o.i, 0).market.spec.symbol;
            expect(book.delete(symbol)).toBe(model.delete(symbol));
          } else {
            book.clear();
            model.clear();
          }
          expect(book.size).toBe(model.size);
          expect([...book.values()]).toEqual([...model.values()]);
          for (const m of markets) {
            expect(book.get(m.spec.symbol)).toBe(model.get(m.spec.symbol));
            expect(book.has(m.spec.symbol)).toBe(model.has(m.spec.symbol));
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
