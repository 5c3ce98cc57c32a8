import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarketSymbol } from '../src/domain/ids.ts';
import type { BarColumns } from '../src/market/readBarColumns.ts';
import { backtestFromFiles, COLLECT_FROM_BARS } from './backtestFromFiles.ts';

const MINUTE = 60_000;
const CONFIG = 'test/fixtures/backtest/sma-reference-GOOG.yaml';

/** `bars` flat one-minute bars of GOOG (the fixture's market). */
function flat(bars: number): BarColumns {
  const price = new Float64Array(bars).fill(100);
  return {
    symbol: MarketSymbol('GOOG'),
    intervalMs: MINUTE,
    length: bars,
    time: Float64Array.from({ length: bars }, (_, i) => i * MINUTE),
    open: price,
    high: price,
    low: price,
    close: price,
    volume: new Float64Array(bars),
    gaps: [],
  };
}

/** How often a backtest of `bars` bars called the global gc (as `--expose-gc` provides it). */
async function collections(bars: number): Promise<number> {
  const gc = vi.fn();
  Reflect.set(globalThis, 'gc', gc);
  await backtestFromFiles({
    configFile: CONFIG,
    data: [{ symbol: 'GOOG', file: 'unused.csv' }],
    loaded: { feeds: [flat(bars)], funding: {} },
  });
  return gc.mock.calls.length;
}

describe('backtestFromFiles collects between the walk and the report', () => {
  const before: unknown = Reflect.get(globalThis, 'gc');
  afterEach(() => {
    if (before === undefined) Reflect.deleteProperty(globalThis, 'gc');
    else Reflect.set(globalThis, 'gc', before);
  });

  it('not after a short walk, where a full collection costs more than it saves', async () => {
    expect(await collections(1_000)).toBe(0);
    expect(await collections(COLLECT_FROM_BARS - 1)).toBe(0);
  });

  it('once after a walk of COLLECT_FROM_BARS bars or more', async () => {
    expect(await collections(COLLECT_FROM_BARS)).toBe(1);
  });
});
