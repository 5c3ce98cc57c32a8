import { z } from 'zod';
import { type AnyStrategy, defineStrategy } from '../../../src/strategy/index.ts';

const params = z.object({}).passthrough();

/** Hears every bar and never trades: what a bar costs the backtest with no position. */
const flat = defineStrategy({ name: 'flat', params, interval: '1m', warmup: 0, onBar: () => undefined });

/** Opens one long on its first bar and holds it: what a bar costs with a position and no trade. */
const hold = defineStrategy({
  name: 'hold',
  params,
  interval: '1m',
  warmup: 0,
  init: () => ({ sent: false }),
  onBar: (ctx, bar) => {
    if (ctx.local.sent) return undefined;
    ctx.local.sent = true;
    return {
      kind: 'open',
      market: bar.symbol,
      side: 'LONG',
      quantity: 0.01,
      leverage: 1,
      slippage: 0.05,
      signal: 'hold',
    };
  },
});

/**
 * The backtest bench's strategy swapped (`PROBE=flat|hold`), to split a bar's cost: no position,
 * one position held, and sma-cross trading (no PROBE).
 */
export const POSITION_PROBES: Readonly<Record<string, AnyStrategy>> = {
  flat: flat as AnyStrategy,
  hold: hold as AnyStrategy,
};
