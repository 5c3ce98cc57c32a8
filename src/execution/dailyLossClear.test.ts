import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Fill } from '../domain/fill.ts';
import { FillId, MarketSymbol, QuoteId, StrategyId } from '../domain/ids.ts';
import { type Decimal, dec } from '../domain/money.ts';
import { dailyLossClear } from './dailyLossClear.ts';
import { PositionLedger } from './PositionLedger.ts';

const DAY = 86_400_000;
const fill = (
  n: number,
  effect: 'open' | 'close',
  qty: string,
  price: string,
  fee: string,
  ts: number,
): Fill => ({
  fillId: FillId(`f${n}`),
  clientRequestId: null,
  strategyId: StrategyId('s'),
  quoteId: QuoteId(String(Math.floor(n / 2))),
  symbol: MarketSymbol('BTCUSDT'),
  side: n % 4 < 2 ? 'LONG' : 'SHORT',
  effect,
  quantity: dec(qty),
  price: dec(price),
  fee: dec(fee),
  ts,
});

/** Today's PnL as the executor computes it exactly (ExecutionCore.checkLosses). */
const exactDaily = (l: PositionLedger, dayStart: number): Decimal =>
  l.realisedSince(dayStart).plus(l.unrealisedTotal()).minus(l.feesSince(dayStart));

describe('dailyLossClear', () => {
  it('is clear only when the exact daily loss is under the limit, and not within a hair of it', () => {
    const price = fc.integer({ min: 1, max: 10 ** 8 }).map((m) => (m / 100).toString());
    const qty = fc.integer({ min: 1, max: 10 ** 6 }).map((m) => (m / 1000).toString());
    fc.assert(
      fc.property(
        fc.array(fc.tuple(qty, price, price), { minLength: 1, maxLength: 6 }),
        price,
        fc.integer({ min: 0, max: 3 }),
        (trades, mark, day) => {
          const l = new PositionLedger();
          let n = 0;
          for (const [q, open, close] of trades) {
            const ts = (day + (n % 3)) * DAY;
            l.apply(fill(n++, 'open', q, open, '0.01', ts));
            l.apply(fill(n++, 'close', q, close, '0.02', ts));
          }
          l.apply(fill(n * 2, 'open', '1.5', '100', '0.1', (day + 2) * DAY));
          l.markNumber('BTCUSDT', Number(mark));
          const dayStart = (day + 1) * DAY;
          const loss = exactDaily(l, dayStart).negated();
          // Far above the loss: clear. At the loss (a halt) or a hair above it: the exact check decides.
          const far = loss.abs().plus(1).times(2);
          expect(dailyLossClear(l, dayStart, far)).toBe(true);
          if (loss.greaterThan(0)) {
            expect(dailyLossClear(l, dayStart, loss)).toBe(false);
            expect(dailyLossClear(l, dayStart, loss.times('1.0000000000001'))).toBe(false);
          }
        },
      ),
      { numRuns: 500, seed: 5 },
    );
  });

  it('counts a short’s move against it, as the exact sum does', () => {
    const l = new PositionLedger();
    l.apply(fill(2, 'open', '2', '100', '0', 0));
    l.markNumber('BTCUSDT', 150);
    // A short of 2 from 100 at a mark of 150 has lost 100.
    expect(exactDaily(l, 0).toString()).toBe('-100');
    expect(dailyLossClear(l, 0, dec('100'))).toBe(false);
    expect(dailyLossClear(l, 0, dec('100.0000001'))).toBe(false);
    expect(dailyLossClear(l, 0, dec('100.001'))).toBe(true);
  });
});
