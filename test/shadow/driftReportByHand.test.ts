import { describe, expect, it } from 'vitest';
import type { Fill } from '../../src/domain/fill.ts';
import {
  ClientRequestId,
  FillId,
  IntentId,
  MarketSymbol,
  QuoteId,
  StrategyId,
} from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import type { DriftJournal } from '../../src/report/drift/driftJournal.ts';
import { driftReport } from '../../src/report/drift/driftReport.ts';
import { renderDrift } from '../../src/report/drift/renderDrift.ts';

/** One fill of intent `intent` (request `cr_<intent>`), 0.1 fee, on the long held under `quote`. */
function fill(
  intent: string,
  effect: 'open' | 'close',
  o: { quantity: string; price: string; ts: number; quote: string; strategy?: string; n?: number },
): Fill {
  return {
    fillId: FillId(`f_${intent}_${o.n ?? 0}`),
    clientRequestId: ClientRequestId(`cr_${intent}`),
    strategyId: StrategyId(o.strategy ?? 'a'),
    quoteId: QuoteId(o.quote),
    symbol: MarketSymbol('BTCUSDT'),
    side: 'LONG',
    effect,
    quantity: dec(o.quantity),
    price: dec(o.price),
    fee: dec('0.1'),
    ts: o.ts,
  };
}

const origin = (intent: string, createdAt: number, strategy = 'a') => ({
  clientRequestId: ClientRequestId(`cr_${intent}`),
  intentId: IntentId(intent),
  strategyId: StrategyId(strategy),
  createdAt,
});

// Live opened a long at 100.10 (the model: 100.00) and closed it in two halves at 101.00 and 100.80
// (the model: 101.00 whole); the shadow also opened i3, which live never did. Before the shadow
// began (900), live traded i0; strategy b is not shadowed.
const live: DriftJournal = {
  requests: [origin('i0', 500), origin('i1', 1000), origin('i2', 2000), origin('j1', 1000, 'b')],
  fills: [
    fill('i0', 'open', { quantity: '1', price: '90', ts: 600, quote: 'q0' }),
    fill('i1', 'open', { quantity: '1', price: '100.10', ts: 1500, quote: 'q1' }),
    fill('i2', 'close', { quantity: '0.5', price: '101.00', ts: 2600, quote: 'q1' }),
    fill('i2', 'close', { quantity: '0.5', price: '100.80', ts: 2900, quote: 'q1', n: 1 }),
    fill('j1', 'open', { quantity: '3', price: '100', ts: 1100, quote: 'qb', strategy: 'b' }),
  ],
};
const shadow: DriftJournal = {
  requests: [origin('i1', 1000), origin('i2', 2000), origin('i3', 3000)],
  fills: [
    fill('i1', 'open', { quantity: '1', price: '100.00', ts: 1200, quote: 'q1' }),
    fill('i2', 'close', { quantity: '1', price: '101.00', ts: 2100, quote: 'q1' }),
    fill('i3', 'open', { quantity: '1', price: '99', ts: 3100, quote: 'q3' }),
  ],
};

describe('the drift report, by hand', () => {
  it('pairs by intent, signs the price drift against live on both sides of the book, and nets PnL of fees', () => {
    expect(driftReport(live, shadow, { strategies: ['a'], since: 900 })).toEqual({
      since: 900,
      until: null,
      strategies: [
        {
          strategyId: 'a',
          since: 900,
          matched: 2,
          liveMissed: ['i3'],
          shadowMissed: [],
          // Buying 100.10 against 100.00: +10 bps. Selling at the mean 100.90 against 101.00:
          // −9.90 bps of price, +9.90 against live. Mean 9.9505, worst 10.
          priceBps: { mean: '9.95', worst: '10.00' },
          // Live (1500 − 1000, 2900 − 2000), the shadow (1200 − 1000, 2100 − 2000).
          latencyMs: { live: 700, shadow: 150 },
          // Live 0.80 − 3 × 0.1; the shadow 1.00 − 3 × 0.1 (i3's open fee too).
          pnl: { live: '0.5', shadow: '0.7', difference: '-0.2' },
        },
      ],
    });
  });

  it('leaves out intents decided at or after `until`', () => {
    const [a] = driftReport(live, shadow, { strategies: ['a'], since: 900, until: 2000 }).strategies;
    expect({ matched: a?.matched, liveMissed: a?.liveMissed, pnl: a?.pnl }).toEqual({
      matched: 1,
      liveMissed: [],
      pnl: { live: '-0.1', shadow: '-0.1', difference: '0' },
    });
  });

  it('compares a strategy shadowed later than the rest from its own since, and says so in the line', () => {
    const report = driftReport(live, shadow, {
      strategies: ['a'],
      since: 900,
      // a's shadow began at 1,500 (added to shadow: at a restart): i1, decided at 1,000, is not compared.
      sinceOf: () => 1_500,
    });
    const [a] = report.strategies;
    expect({
      since: a?.since,
      matched: a?.matched,
      liveMissed: a?.liveMissed,
      shadowMissed: a?.shadowMissed,
    }).toEqual({
      since: 1_500,
      matched: 1,
      liveMissed: ['i3'],
      shadowMissed: [],
    });
    expect(renderDrift(report)).toContain('  a (since 1970-01-01T00:00:01.500Z): 1 matched');
    expect(renderDrift(driftReport(live, shadow, { strategies: ['a'], since: 900 }))).toContain(
      '  a: 2 matched',
    );
  });
});
