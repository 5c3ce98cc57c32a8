import { z } from 'zod';
import { defineStrategy } from '../../src/strategy/index.ts';

/**
 * The soak test's load: on every tick of each market, opens when flat and closes when holding, so
 * it trades at the price-poll rate for as long as it runs. Not a strategy anyone should trade.
 */
export default defineStrategy({
  name: 'ping-pong',
  params: z.strictObject({ notional: z.number().positive().default(50) }),
  interval: '1m',
  warmup: 0,
  onTick: (ctx, tick) => {
    if (ctx.openRequests(tick.symbol).length > 0) return undefined;
    const held = ctx.positions(tick.symbol)[0];
    if (held?.intentId !== undefined)
      return [
        { kind: 'close', market: tick.symbol, position: { intentId: held.intentId }, signal: `c:${tick.ts}` },
      ];
    if (held !== undefined) return undefined;
    return [
      {
        kind: 'open',
        market: tick.symbol,
        side: 'LONG',
        notional: ctx.params.notional,
        leverage: 1,
        signal: `o:${tick.ts}`,
      },
    ];
  },
});
