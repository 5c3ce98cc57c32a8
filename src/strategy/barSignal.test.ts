import { describe, expect, it } from 'vitest';
import { MarketSymbol } from '../domain/ids.ts';
import { barSignal, msText } from './barSignal.ts';

describe('barSignal', () => {
  it('prints every time exactly as String does, zeros inside the low digits included', () => {
    const times = [
      0,
      -0,
      1,
      99_999_999,
      1e8,
      1e8 + 1,
      100_000_000_007,
      1_700_000_000_000,
      1_700_000_000_001,
      1_700_000_060_000,
      1_000_000_000_000_000,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 1,
      -1_700_000_000_000,
      1_700_000_000_000.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ];
    let x = 0x2545f491;
    for (let i = 0; i < 10_000; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      times.push(1_600_000_000_000 + (x >>> 0) * 60_000 + (i % 1000));
    }
    for (const t of times) expect(msText(t)).toBe(String(t));
  });

  it('names the bar by market and open time, then the tag, whichever bar was named before', () => {
    const named = [
      ['BTCUSDT', 1_700_000_000_000, 'LONG'],
      ['BTCUSDT', 1_700_000_000_000, 'exit'],
      ['ETHUSDT', 1_700_000_000_000, 'SHORT'],
      ['ETHUSDT', 1_700_000_060_000, 'exit'],
      ['BTCUSDT', 1_700_000_060_000, 'LONG'],
      ['BTCUSDT', 1_700_000_000_000, 'exit'],
      ['BTCUSDT', -0, 'x'],
      ['BTCUSDT', Number.NaN, 'x'],
    ] as const;
    for (const [symbol, openTime, tag] of named) {
      const bar = { symbol: MarketSymbol(symbol), openTime };
      expect(barSignal(bar as never, tag)).toBe(`${symbol}:${openTime}:${tag}`);
    }
  });
});
