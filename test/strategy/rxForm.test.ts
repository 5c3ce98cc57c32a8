import { Subject } from 'rxjs';
import { filter, map, pairwise } from 'rxjs/operators';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import type { Bar } from '../../src/domain/bar.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import type { Intent } from '../../src/domain/intent.ts';
import type { PriceTick } from '../../src/domain/tick.ts';
import {
  defineStrategy,
  MarketData,
  MemoryStateStore,
  type StrategyEvent,
  StrategyRunner,
  staticBook,
} from '../../src/strategy/index.ts';
import { startRx } from '../../src/strategy/startRx.ts';

const S = MarketSymbol('BTCUSDT');
const bar = (t: number, close: number): Bar => ({
  symbol: S,
  openTime: t,
  intervalMs: 1,
  open: close,
  high: close,
  low: close,
  close,
  volume: 0,
});

/** Opens long when a close jumps by more than `jump` over the previous one: written with operators. */
const jumper = defineStrategy({
  name: 'jumper',
  params: z.strictObject({ jump: z.number().positive() }),
  warmup: 0,
  rx: (ctx) =>
    ctx.bars$.pipe(
      pairwise(),
      filter(([a, b]) => b.close - a.close > ctx.params.jump),
      map(([, b]) => ({
        kind: 'open' as const,
        market: b.symbol,
        side: 'LONG' as const,
        quantity: 1,
        leverage: 1,
        signal: `jump-${b.openTime}`,
      })),
    ),
});

function setup(strategy: typeof jumper) {
  const events: StrategyEvent[] = [];
  const runner = new StrategyRunner({
    strategy,
    id: 'j',
    markets: ['BTCUSDT'],
    params: { jump: 5 },
    clock: new VirtualClock(0),
    data: new MarketData(4),
    book: staticBook(),
    state: new MemoryStateStore(),
    emit: (e) => events.push(e),
  });
  runner.start();
  const bars$ = new Subject<Bar>();
  const intents: Intent[] = [];
  startRx(strategy, runner, { bars$, ticks$: new Subject<PriceTick>() }, (i) => intents.push(i));
  return { bars$, intents, events };
}

describe('the RxJS form of a strategy', () => {
  it('turns what its stream emits into validated domain intents', () => {
    const t = setup(jumper);
    for (const [i, c] of [100, 103, 110, 111, 120].entries()) t.bars$.next(bar(i, c));
    expect(t.intents.map((i) => i.kind === 'open' && `${i.side} ${i.quantity.toString()}`)).toEqual([
      'LONG 1',
      'LONG 1',
    ]);
    expect(t.events).toEqual([]);
  });

  it('reports a stream that errors as a failure of the rx hook', () => {
    const broken = defineStrategy({
      ...jumper,
      rx: (ctx) =>
        ctx.bars$.pipe(
          map(() => {
            throw new Error('bad operator');
          }),
        ),
    });
    const t = setup(broken);
    t.bars$.next(bar(0, 1));
    expect(t.events.map((e) => e.type === 'hookFailed' && `${e.hook} ${e.error.message}`)).toEqual([
      'rx strategy j: rx stream failed: bad operator',
    ]);
  });
});
