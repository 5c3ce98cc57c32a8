import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, ONE } from '../../domain/money.ts';
import { reserve, unreserve } from './reservation.ts';
import type { Quote, Subaccount } from './state.ts';

function book() {
  const sub = { reservedN: 0, reservedErr: 0, reserving: 0 } as Subaccount;
  const quote = () => ({ subaccount: sub, reservedAt: null, reservedN: 0, cost: null }) as unknown as Quote;
  return { sub, quote };
}

describe('reservation float sum', () => {
  it('stays within its error bound of the exact sum, however long the book never empties', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.double({ min: 1e-6, max: 1e9, noNaN: true })), {
          minLength: 1,
          maxLength: 3_000,
        }),
        (steps) => {
          const { sub, quote } = book();
          const anchor = quote();
          reserve(anchor, ONE, 123.456); // never released: the sum never restarts from zero
          const open: Quote[] = [anchor];
          for (const [add, need] of steps) {
            if (add || open.length === 1) {
              const q = quote();
              reserve(q, ONE, need);
              open.push(q);
            } else unreserve(open.splice(1 + (Math.floor(need) % (open.length - 1)), 1)[0] as Quote);
          }
          // The reservations themselves are floats: their exact sum is what the float sum tracks.
          const exact = open.reduce((s, q) => s.plus(new Decimal(q.reservedN)), new Decimal(0));
          expect(Math.abs(exact.minus(sub.reservedN).toNumber())).toBeLessThanOrEqual(sub.reservedErr);
          expect(sub.reserving).toBe(open.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('restarts from exact zero when the last reservation goes, and takes nothing back twice', () => {
    const { sub, quote } = book();
    const [a, b] = [quote(), quote()];
    reserve(a, ONE, 0.1);
    reserve(b, ONE, 0.2);
    expect(unreserve(a)).toBe(true);
    expect(unreserve(a)).toBe(false);
    expect(sub.reservedN).toBeCloseTo(0.2, 15);
    unreserve(b);
    expect([sub.reservedN, sub.reservedErr, sub.reserving]).toEqual([0, 0, 0]);
    expect([b.reservedAt, b.reservedN, b.cost]).toEqual([null, 0, null]);
  });
});
