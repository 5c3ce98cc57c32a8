import { z } from 'zod';
import { defineStrategy, type StrategyContext, type StrategyIntent } from '../../../src/strategy/index.ts';

let n = 0;

/** The next step for `market`: open when flat, close what is held, nothing while a request is out. */
function next(ctx: StrategyContext<{ notional: number }>, market: string): StrategyIntent | undefined {
  if (ctx.openRequests(market).length > 0) return undefined;
  const held = ctx.positions(market)[0];
  n++;
  if (held === undefined)
    return {
      kind: 'open',
      market,
      side: 'LONG',
      notional: ctx.params.notional,
      leverage: 1,
      signal: `pp-${n}`,
    };
  return {
    kind: 'close',
    market,
    position: held.intentId !== undefined ? { intentId: held.intentId } : { quoteId: held.quoteId ?? '' },
    signal: `pp-${n}`,
  };
}

/**
 * ping-pong (benchmarks only): opens, and closes as soon as the open fills, and opens again as soon
 * as the close fills, on each of its markets — as many intents as the pipeline carries.
 */
export default defineStrategy({
  name: 'ping-pong',
  params: z.strictObject({ notional: z.number().positive() }),
  interval: '1m',
  warmup: 0,
  onTick: (ctx, tick) => next(ctx, tick.symbol),
  onFill: (ctx, fill) => next(ctx, fill.market),
});
