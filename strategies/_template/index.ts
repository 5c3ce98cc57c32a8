import { defineStrategy } from 'perpflow';
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
  onBar: (ctx, bar) => {
    // ctx.bars holds closed bars only, this one last: compare with the ones before it.
    const before = ctx.bars(bar.symbol).slice(-ctx.params.lookback - 1, -1);
    if (before.length < ctx.params.lookback) return undefined;
    const held = ctx.state.get<string>(`open:${bar.symbol}`);
    if (held === undefined && before.every((b) => bar.close > b.close)) {
      const signal = `${bar.symbol}:${bar.openTime}:buy`;
      ctx.state.set(`open:${bar.symbol}`, ctx.intentId(signal));
      return {
        kind: 'open',
        market: bar.symbol,
        side: 'LONG',
        quantity: ctx.params.quantity,
        leverage: ctx.params.leverage,
        signal,
      };
    }
    if (held !== undefined && before.every((b) => bar.close < b.close)) {
      ctx.state.delete(`open:${bar.symbol}`);
      return {
        kind: 'close',
        market: bar.symbol,
        position: { intentId: held },
        signal: `${bar.symbol}:${bar.openTime}:sell`,
      };
    }
    return undefined;
  },
});
