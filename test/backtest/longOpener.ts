import { z } from 'zod';
import { defineStrategy } from '../../src/strategy/index.ts';

/** A strategy on `interval` bars of TEST that opens 10 long at leverage 10 after its first bar, and nothing more. */
export function longOpener(interval: string) {
  return defineStrategy({
    name: 'opener',
    params: z.strictObject({}),
    interval,
    warmup: 0,
    init: () => ({ done: false }),
    onBar: (ctx) => {
      if (ctx.local.done) return undefined;
      ctx.local.done = true;
      return [{ kind: 'open', market: 'TEST', side: 'LONG', quantity: 10, leverage: 10, signal: 'open' }];
    },
  });
}
