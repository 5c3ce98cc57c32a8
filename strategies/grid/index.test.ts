import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import type { Bar } from '../../src/domain/bar.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import type { Intent } from '../../src/domain/intent.ts';
import {
  MarketData,
  MemoryStateStore,
  StrategyRunner,
  staticBook,
  validateStrategyParams,
} from '../../src/strategy/index.ts';
import grid from './index.ts';

const S = MarketSymbol('BTCUSDT');
const bar: Bar = {
  symbol: S,
  openTime: 0,
  intervalMs: 60_000,
  open: 100,
  high: 100,
  low: 100,
  close: 100,
  volume: 0,
};
const show = (i: Intent | undefined) =>
  i?.kind === 'open'
    ? `open ${i.side} ${i.orderType} ${i.limitPrice?.toString()} x${i.quantity.toString()}`
    : i?.kind === 'close'
      ? `close ${i.orderType} ${i.closePrice?.toString()} of ${i.position.by === 'intent' ? i.position.intentId : ''}`
      : String(i?.kind);

function runner() {
  const data = new MarketData(10);
  const r = new StrategyRunner({
    strategy: grid,
    id: 'grid',
    markets: ['BTCUSDT'],
    params: validateStrategyParams(grid, { levels: 2, spacing: 0.01, quantity: 0.1, leverage: 2 }),
    clock: new VirtualClock(60_000),
    data,
    book: staticBook(),
    state: new MemoryStateStore(),
    emit: (e) => {
      throw new Error(e.type);
    },
  });
  r.start();
  data.onBar(bar);
  return r;
}

describe('grid', () => {
  it('lays a LIMIT ladder around the first close, once', () => {
    const r = runner();
    expect(r.onBar(bar).map(show)).toEqual([
      'open LONG LIMIT 99 x0.1',
      'open SHORT LIMIT 101 x0.1',
      'open LONG LIMIT 98 x0.1',
      'open SHORT LIMIT 102 x0.1',
    ]);
    expect(r.onBar(bar)).toEqual([]);
  });

  it('takes profit one level back when an entry fills, and re-arms the level when that close fills', () => {
    const r = runner();
    const ladder = r.onBar(bar);
    const buy98 = ladder[2] as Intent;
    const fill = { market: 'BTCUSDT', side: 'LONG', quantity: 0.1, price: 98, at: 1 } as const;
    const [exit] = r.onFill({ ...fill, intentId: buy98.intentId, kind: 'open' });
    expect(show(exit)).toBe(`close LIMIT 99 of ${buy98.intentId}`);
    const [rearm] = r.onFill({ ...fill, price: 99, intentId: exit?.intentId as string, kind: 'close' });
    expect(show(rearm)).toBe('open LONG LIMIT 98 x0.1');
    expect(rearm?.intentId).not.toBe(buy98.intentId);
  });

  it('ignores fills that are not its own legs', () => {
    const r = runner();
    r.onBar(bar);
    expect(
      r.onFill({
        market: 'BTCUSDT',
        side: 'LONG',
        quantity: 1,
        price: 1,
        at: 1,
        intentId: 'in_x',
        kind: 'open',
      }),
    ).toEqual([]);
  });
});
