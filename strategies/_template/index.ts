import { barSignal, defineStrategy } from 'perpflow';
import { z } from 'zod';

/**
 * template-strategy: buys when a bar closes above every close of the `lookback` bars before it,
 * and closes when a bar closes below every one of them. Replace with your idea; keep the test
 * beside it passing (`npx vitest run` on this folder).
 */
export default defineStrategy({
  name: 'template-strategy',
  params: z.strictObject({
    lookback: z.number().int().min(1).default(3).describe('Closes to compare with.'),
    quantity: z.number().positive().describe('Base quantity per entry.'),
    leverage: z.number().positive().default(1),
  }),
  interval: '1h',
  warmup: (p) => p.lookback + 1,
  // Bar `lookback` is the first with `lookback` closes before it to compare with.
  indicatorWarmup: (p) => p.lookback,
  onBar: (ctx, bar) => {
    // ctx.bars holds closed bars only, this one last: compare with the ones before it.
    const before = ctx.bars(bar.symbol).slice(-ctx.params.lookback - 1, -1);
    if (before.length < ctx.params.lookback) return undefined;
    // What this strategy holds is the ledger's (ctx.positions), never a note of its own: an open
    // the risk gate or the venue refused never becomes a position, so nothing is closed for it.
    // While a request of ours is still at the venue, wait for its answer.
    if (ctx.openRequests(bar.symbol).length > 0) return undefined;
    const held = ctx.positions(bar.symbol)[0];
    if (held === undefined && before.every((b) => bar.close > b.close))
      return {
        kind: 'open',
        market: bar.symbol,
        side: 'LONG',
        quantity: ctx.params.quantity,
        leverage: ctx.params.leverage,
        signal: barSignal(bar, 'buy'),
      };
    if (held !== undefined && before.every((b) => bar.close < b.close))
      return {
        kind: 'close',
        market: bar.symbol,
        position: held.intentId !== undefined ? { intentId: held.intentId } : { quoteId: held.quoteId ?? '' },
        signal: barSignal(bar, 'sell'),
      };
    return undefined;
  },
});
