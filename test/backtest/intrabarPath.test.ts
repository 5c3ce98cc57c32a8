import { describe, expect, it } from 'vitest';
import type { BacktestWorld } from '../../backtest/BacktestWorld.ts';
import { backtestEdges } from '../../backtest/backtestEdges.ts';
import { intrabarPath } from '../../backtest/intrabarPath.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { backtestSchema } from '../../src/config/sections/backtest.ts';
import type { Quote } from '../../src/simulator/engine/state.ts';

const T0 = Date.UTC(2024, 0, 1);

/** A world with one position of 1 TEST at 100 opened straight at the engine, TP and SL set at the venue. */
async function withPosition(
  side: 'LONG' | 'SHORT',
  tp: number,
  sl: number,
): Promise<{ world: BacktestWorld; quote: Quote }> {
  const { world } = await backtestEdges({
    clock: new VirtualClock(T0),
    intervalMs: 3_600_000,
    symbols: ['TEST'],
    initialPrices: { TEST: 100 },
    settings: backtestSchema.parse({ cash: 1000, fees: { open: 0, close: 0 } }),
  });
  world.sim.engine.setMark('TEST', 100, T0);
  const req = world.sim.engine.submitOpen(world.account, {
    marketId: world.markets[0]?.spec.id as number,
    positionType: side,
    orderType: 'MARKET',
    quantity: 1,
    leverage: 1,
    slippage: 0.05,
  } as never);
  await world.clock.advance(1);
  const quote = world.sim.engine.quote(req.tempId) as Quote;
  world.sim.engine.setTpSl(quote, tp, sl);
  return { world, quote };
}

/** Walks one bar (open 100, high 105, low 99) as the driver does, settling fills after each mark. */
async function walk(world: BacktestWorld): Promise<readonly number[]> {
  const path = intrabarPath(world, 'TEST', 100, 105, 99, true);
  for (const p of path) {
    world.sim.engine.setMark('TEST', p, world.clock.now());
    await world.clock.advance(0);
  }
  return path;
}

describe('the walk through a bar', () => {
  it('takes a long to its stop-loss first when the bar touches both its TP and its SL, and fills it at the stop price', async () => {
    const { world, quote } = await withPosition('LONG', 104.5, 99.5);
    // Down through the stop to the low, then up through every level again to the high.
    expect(await walk(world)).toEqual([99.5, 99, 99.5, 104.5, 105]);
    expect(quote.status).toBe('CLOSED');
    expect(quote.realizedPnl.toNumber()).toBe(-0.5);
    world.sim.stop();
  });

  it('takes a short to its stop-loss first too: the high comes first for a short book', async () => {
    const { world, quote } = await withPosition('SHORT', 99.5, 104.5);
    expect(await walk(world)).toEqual([104.5, 105, 104.5, 99.5, 99]);
    expect(quote.status).toBe('CLOSED');
    expect(quote.realizedPnl.toNumber()).toBe(-4.5);
    world.sim.stop();
  });
});
