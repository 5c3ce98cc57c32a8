import { z } from 'zod';
import { defineStrategy, type StrategyIntent } from '../../../src/strategy/index.ts';

type Open = Extract<StrategyIntent, { readonly kind: 'open' }>;

/**
 * A strategy that opens `open` on the market of the first price each process hears, under one
 * fixed signal (`first-price`), and nothing after: the intent id alone tells a restarted process
 * that the journal already has it.
 */
export function opensAtFirstPrice(name: string, open: Omit<Open, 'kind' | 'market' | 'signal'>) {
  return defineStrategy({
    name,
    params: z.strictObject({}),
    interval: '1m',
    warmup: 0,
    init: () => ({ sent: false }),
    onTick: (ctx, tick) => {
      if (ctx.local.sent) return undefined;
      ctx.local.sent = true;
      return { ...open, kind: 'open', market: tick.symbol, signal: 'first-price' } as const;
    },
  });
}
