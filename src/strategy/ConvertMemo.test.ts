import { describe, expect, it, vi } from 'vitest';
import smaCross from '../../strategies/sma-cross/index.ts';
import type { Bar } from '../domain/bar.ts';
import { MarketSymbol, StrategyId } from '../domain/ids.ts';
import { deriveIntentId, intentIdsOf } from '../domain/intentId.ts';
import { ConvertMemo } from './ConvertMemo.ts';
import { runOnBars } from './runOnBars.ts';

// The real derivation, counted: the memo must hash each id once, never change one.
const derived = vi.hoisted(() => vi.fn());
vi.mock('../domain/intentId.ts', async (actual) => {
  const real = await actual<typeof import('../domain/intentId.ts')>();
  return {
    ...real,
    intentIdsOf: (...args: Parameters<typeof real.intentIdsOf>) => {
      const ids = real.intentIdsOf(...args);
      return (signal: string, leg: number) => {
        derived();
        return ids(signal, leg);
      };
    },
  };
});

describe('ConvertMemo', () => {
  const S = StrategyId('s');
  it('gives every signal and leg its own derived id, whatever order they are asked and named in', () => {
    const m = new ConvertMemo(intentIdsOf(S));
    const asked = ['a', 'b', 'a', 'c', 'b', 'a', 'a', 'c'];
    for (const [k, signal] of asked.entries()) {
      const expected = [deriveIntentId(S, signal, 0), deriveIntentId(S, signal, 1)];
      if (k % 3 === 0) expect(m.name(signal)).toBe(expected[0]);
      expect(m.idOf(signal, 0)).toBe(expected[0]);
      expect(m.idOf(signal, 1)).toBe(expected[1]);
    }
  });

  it('hashes the open a strategy named once: a reversing cross costs two ids, not three', () => {
    const H = 3_600_000;
    // fast 2 / slow 3: golden cross on bar 4, death cross on bar 7, golden again on bar 10.
    const bars: Bar[] = [12, 11, 10, 11, 12, 13, 12, 10, 8, 9, 11, 13].map((close, i) => ({
      symbol: MarketSymbol('BTCUSDT'),
      openTime: i * H,
      intervalMs: H,
      open: close,
      high: close,
      low: close,
      close,
      volume: 0,
    }));
    derived.mockClear();
    const r = runOnBars(smaCross, bars, { params: { fast: 2, slow: 3, quantity: 1 } });
    // An open (1 id), then twice a close and an open (2 ids each).
    expect(r.decisions.map((d) => d.intents.length)).toEqual([1, 2, 2]);
    expect(derived).toHaveBeenCalledTimes(5);
  });

  it('gives one Decimal per value, equal to the number, however the values alternate', () => {
    const m = new ConvertMemo(intentIdsOf(S));
    expect(m.dec(0.1)).toBe(m.dec(0.1));
    expect(m.dec(0.1).toString()).toBe('0.1');
    for (let i = 0; i < 600; i++) expect(m.dec(i / 8).toNumber()).toBe(i / 8);
    // A strategy's few values, asked over and over in turn: what the recent slots answer.
    for (let i = 0; i < 60; i++) {
      const v = [1, 0.01, 3, 0.5, 2, 0.01][i % 6] as number;
      expect(m.dec(v).toNumber()).toBe(v);
    }
  });
});
