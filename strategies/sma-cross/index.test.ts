import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../../src/domain/bar.ts';
import { MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { readBarsCsv } from '../../src/market/readBarsCsv.ts';
import { indicatorWarmupOf } from '../../src/strategy/defineStrategy.ts';
import { Sma } from '../../src/strategy/indicators/Sma.ts';
import { runOnBars } from '../../src/strategy/runOnBars.ts';
import { validateStrategyParams } from '../../src/strategy/validateStrategyParams.ts';
import smaCross from './index.ts';

const S = MarketSymbol('BTCUSDT');
const H = 3_600_000;
const bars = (closes: readonly number[]): Bar[] =>
  closes.map((close, i) => ({
    symbol: S,
    openTime: i * H,
    intervalMs: H,
    open: close,
    high: close,
    low: close,
    close,
    volume: 0,
  }));
/** One line per intent: kind, side or target, quantity, and the hour of the deciding bar. */
const lines = (r: ReturnType<typeof runOnBars>) =>
  r.decisions.flatMap((d) =>
    d.intents.map((i) =>
      i.kind === 'open'
        ? `${d.bar.openTime / H}:open ${i.side} ${i.quantity.toString()} x${i.leverage}`
        : i.kind === 'close'
          ? `${d.bar.openTime / H}:close ${i.position.by === 'intent' ? i.position.intentId : '?'}`
          : `${d.bar.openTime / H}:${i.kind}`,
    ),
  );

// fast 2 / slow 3: golden cross on bar 4, death cross on bar 7, golden again on bar 10.
const PRICES = [12, 11, 10, 11, 12, 13, 12, 10, 8, 9, 11, 13];

describe('sma-cross', () => {
  it('in reverse mode opens long on a golden cross, then closes it and opens short on a death cross', () => {
    const r = runOnBars(smaCross, bars(PRICES), { params: { fast: 2, slow: 3, quantity: 0.5, leverage: 3 } });
    const l = lines(r);
    const firstLong = r.decisions[0]?.intents[0];
    expect(firstLong?.kind).toBe('open');
    expect(l).toEqual([
      '4:open LONG 0.5 x3',
      `7:close ${firstLong?.intentId}`,
      '7:open SHORT 0.5 x3',
      `10:close ${r.decisions[1]?.intents[1]?.intentId}`,
      '10:open LONG 0.5 x3',
    ]);
    expect(r.events).toEqual([]);
  });

  it('keeps each market its own averages and holding: two markets interleaved decide as each alone', () => {
    const E = MarketSymbol('ETHUSDT');
    const eth = bars(PRICES.map((p) => 30 - p)).map((b) => ({ ...b, symbol: E }));
    const both = bars(PRICES).flatMap((b, i) => [b, eth[i] as Bar]);
    const params = { fast: 2, slow: 3, quantity: 0.5 };
    const of = (r: ReturnType<typeof runOnBars>, m: string) =>
      r.decisions.flatMap((d) =>
        d.intents
          .filter((i) => 'symbol' in i && i.symbol === m)
          .map((i) => `${d.bar.openTime / H}:${i.kind}:${i.intentId}`),
      );
    const together = runOnBars(smaCross, both, { params, markets: [S, E] });
    expect(of(together, S)).toEqual(of(runOnBars(smaCross, bars(PRICES), { params }), S));
    expect(of(together, E)).toEqual(of(runOnBars(smaCross, eth, { params }), E));
    expect(of(together, E)).toHaveLength(5);
  });

  it('names each decision by market, bar open time and side, as before, so ids survive an upgrade', () => {
    // Epoch-ms times, as live bars have them (13 digits, zeros inside the low ones).
    const at = (b: Bar) => ({ ...b, openTime: 1_700_000_000_000 + b.openTime });
    const r = runOnBars(smaCross, bars(PRICES).map(at), { params: { fast: 2, slow: 3, quantity: 1 } });
    const S1 = StrategyId('sma-cross');
    const t = (hour: number) => 1_700_000_000_000 + hour * H;
    expect(r.decisions.flatMap((d) => d.intents.map((i) => i.intentId))).toEqual([
      deriveIntentId(S1, `BTCUSDT:${t(4)}:LONG`),
      deriveIntentId(S1, `BTCUSDT:${t(7)}:exit`),
      deriveIntentId(S1, `BTCUSDT:${t(7)}:SHORT`),
      deriveIntentId(S1, `BTCUSDT:${t(10)}:exit`),
      deriveIntentId(S1, `BTCUSDT:${t(10)}:LONG`),
    ]);
  });

  it('forgets an open the risk gate denied, so the next cross opens without closing a position it never had', () => {
    const r = runOnBars(smaCross, bars(PRICES), {
      params: { fast: 2, slow: 3, quantity: 0.5 },
      deny: (i) => i.kind === 'open' && i.side === 'LONG',
    });
    const short = r.decisions[0]?.intents[0];
    // Bar 7 closes nothing (the long never existed); bar 10 closes the short, its long denied again.
    expect(lines(r)).toEqual(['7:open SHORT 0.5 x1', `10:close ${short?.intentId}`]);
  });

  it('in long mode only goes long and flat', () => {
    const r = runOnBars(smaCross, bars(PRICES), { params: { fast: 2, slow: 3, quantity: 1, mode: 'long' } });
    expect(lines(r).map((x) => x.split(' in_')[0])).toEqual([
      '4:open LONG 1 x1',
      '7:close',
      '10:open LONG 1 x1',
    ]);
  });

  it('in short mode only goes short and flat', () => {
    const r = runOnBars(smaCross, bars(PRICES), { params: { fast: 2, slow: 3, quantity: 1, mode: 'short' } });
    expect(lines(r).map((x) => x.split(' in_')[0])).toEqual(['7:open SHORT 1 x1', '10:close']);
  });

  it('sizes by notional at the deciding bar close', () => {
    const r = runOnBars(smaCross, bars(PRICES), { params: { fast: 2, slow: 3, notional: 24, mode: 'long' } });
    expect(lines(r)[0]).toBe('4:open LONG 2 x1');
  });

  it('refuses params with fast not shorter than slow, naming the field', () => {
    expect(() => runOnBars(smaCross, [], { params: { fast: 30, slow: 10, quantity: 1 } })).toThrow(
      'params.fast: fast must be shorter than slow',
    );
  });

  it('signals on the bars before every trade entry of the backtesting.py reference on GOOG-1d', () => {
    const goog = readBarsCsv('data/samples/GOOG-1d.csv', { symbol: 'GOOG' });
    const ref = JSON.parse(readFileSync('data/samples/reference/sma-10-30-GOOG-1d.json', 'utf8')) as {
      trades: { size: number; entry_time: string }[];
    };
    const r = runOnBars(smaCross, goog, { params: { fast: 10, slow: 30, quantity: 10 } });
    const next = new Map(goog.map((b, i) => [b.openTime, goog[i + 1]]));
    const entries = r.decisions.map((d) => {
      const open = d.intents.find((i) => i.kind === 'open');
      const after = next.get(d.bar.openTime) as Bar;
      return `${new Date(after.openTime).toISOString().slice(0, 10)} ${open?.kind === 'open' ? open.side : '-'}`;
    });
    const expected = ref.trades.map((t) => `${t.entry_time.slice(0, 10)} ${t.size > 0 ? 'LONG' : 'SHORT'}`);
    expect(expected).toHaveLength(66);
    expect(entries).toEqual(expected);
  });
});

describe('sma-cross indicatorWarmup', () => {
  it.each([
    [2, 3],
    [10, 30],
    [5, 200],
  ])(
    'fast %i / slow %i: the bars before both averages have a value (backtesting.py’s leading NaNs)',
    (fast, slow) => {
      const a = new Sma(fast);
      const b = new Sma(slow);
      let leading = 0;
      while (Number.isNaN(a.step(100 + leading) - b.step(100 + leading))) leading++;
      const params = validateStrategyParams(smaCross, { fast, slow, quantity: 1 });
      expect(indicatorWarmupOf(smaCross, params)).toBe(leading);
    },
  );
});
