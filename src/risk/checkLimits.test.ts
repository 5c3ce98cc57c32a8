import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarketSymbol, StrategyId } from '../domain/ids.ts';
import type { OpenIntent } from '../domain/intent.ts';
import { deriveIntentId } from '../domain/intentId.ts';
import { dec } from '../domain/money.ts';
import { checkLimits } from './checkLimits.ts';
import type { LimitSet } from './limits.ts';
import type { ExposureView } from './RiskGate.ts';

const S = StrategyId('s');
const intent = (quantity: string, limitPrice?: string): OpenIntent => ({
  kind: 'open',
  intentId: deriveIntentId(S, quantity),
  strategyId: S,
  createdAt: 0,
  symbol: MarketSymbol('BTCUSDT'),
  side: 'LONG',
  quantity: dec(quantity),
  leverage: 1,
  orderType: limitPrice === undefined ? 'MARKET' : 'LIMIT',
  ...(limitPrice === undefined ? {} : { limitPrice: dec(limitPrice) }),
});

/** A view holding `held` notional at a mark of `mark`, exact, with or without its float twin. */
function view(mark: string, held: string, floats: boolean): ExposureView {
  return {
    openPositions: () => 0,
    inFlightOpens: () => 0,
    notional: () => dec(held),
    markPrice: () => dec(mark),
    isMarketUnresolved: () => false,
    ...(floats ? { approx: { notional: () => Number(held), mark: () => Number(mark) } } : {}),
  };
}

const limits = (per: string, total: string): LimitSet => ({
  maxNotionalPerPosition: dec(per),
  maxTotalNotional: dec(total),
});

/** The exact check's answer and the answer with the float twin, for one order and view. */
const both = (order: OpenIntent, mark: string, held: string, set: LimitSet) =>
  [false, true].map((floats) => checkLimits(order, view(mark, held, floats), set, 'account', undefined));

describe('checkLimits', () => {
  it('gives the same answer with the float twin as the exact check, at, just under and just over each limit', () => {
    // 0.5 × 2000 = 1000 exactly: at the limit passes, a hair over is denied, by the exact check.
    const cases: [string, string, string, string][] = [
      ['0.5', '2000', '1000', '1e9'],
      ['0.5', '2000', '999.99999999', '1e9'],
      ['0.5', '2000.00000001', '1000', '1e9'],
      ['0.5', '2000', '1e9', '3000'],
      ['0.5', '2000', '1e9', '2999.999999999'],
      ['0.1', '0.3', '0.03', '1e9'],
    ];
    for (const [qty, mark, per, total] of cases) {
      const [exact, fast] = both(intent(qty), mark, '2000', limits(per, total));
      expect([qty, mark, per, total, fast]).toEqual([qty, mark, per, total, exact]);
    }
  });

  it('gives the same answer with the float twin as the exact check on random orders, marks, holdings and limits', () => {
    const amount = fc
      .integer({ min: 1, max: 10 ** 9 })
      .chain((m) => fc.integer({ min: 0, max: 8 }).map((k) => (m / 10 ** k).toString()));
    fc.assert(
      fc.property(
        amount,
        amount,
        amount,
        amount,
        amount,
        fc.boolean(),
        (qty, mark, held, per, total, limit) => {
          const order = limit ? intent(qty, mark) : intent(qty);
          const exact = checkLimits(order, view(mark, held, false), limits(per, total), 'account', undefined);
          const fast = checkLimits(order, view(mark, held, true), limits(per, total), 'account', undefined);
          expect(fast).toEqual(exact);
        },
      ),
      { numRuns: 3_000, seed: 11 },
    );
  });

  it('denies with the exact check’s words when the float twin cannot tell (a price only the Decimal view knows)', () => {
    const v = { ...view('2000', '0', true), approx: { notional: () => 0, mark: () => undefined } };
    expect(checkLimits(intent('1'), v, limits('1000', '1e9'), 'account', undefined)).toEqual({
      reason: 'MAX_NOTIONAL_PER_POSITION',
      message: 'account notional 2000.00 > 1000',
    });
  });
});
