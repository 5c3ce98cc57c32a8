import { z } from 'zod';
import { barSignal, defineStrategy } from '../../src/strategy/index.ts';

const params = z
  .strictObject({
    enterRate: z
      .number()
      .positive()
      .default(0.0003)
      .describe('Enter when a side is paid at least this per epoch (0.0003 = 0.03 %).'),
    exitRate: z
      .number()
      .min(0)
      .default(0)
      .describe('Exit when the held side is paid less than this per epoch.'),
    quantity: z.number().positive().optional(),
    notional: z.number().positive().optional(),
    leverage: z.number().positive().default(1),
    slippage: z.number().min(0).max(1).default(0.01),
  })
  .refine((p) => p.exitRate < p.enterRate, {
    message: 'exitRate must be below enterRate',
    path: ['exitRate'],
  })
  .refine((p) => (p.quantity === undefined) !== (p.notional === undefined), {
    message: 'give exactly one of quantity and notional',
    path: ['quantity'],
  });

type Side = 'LONG' | 'SHORT';
type Holding = { readonly side: Side; readonly intentId: string };

/**
 * Funding carry: a side whose rate is negative is paid funding. When one side is paid at least
 * `enterRate` per epoch the strategy holds that side; when the held side's pay falls below
 * `exitRate` (the rate reverted) it closes. Decided on each bar close from the latest funding.
 */
export default defineStrategy({
  name: 'funding-carry',
  params,
  interval: '1h',
  warmup: 0,
  // The state key of each market, made once: the per-bar path builds no string.
  init: (ctx) => new Map(ctx.markets.map((m) => [m, `held:${m}`])),
  onBar: (ctx, bar) => {
    const key = ctx.local.get(bar.symbol);
    const f = ctx.funding(bar.symbol);
    if (key === undefined || f === undefined) return undefined;
    const p = ctx.params;
    // What each side is paid per epoch (a rate is positive when that side pays).
    const paidLong = -f.rateLong;
    const paidShort = -f.rateShort;
    const held = ctx.state.get<Holding>(key);
    if (held !== undefined) {
      const paid = held.side === 'LONG' ? paidLong : paidShort;
      if (paid >= p.exitRate) return undefined;
      ctx.state.delete(key);
      return {
        kind: 'close',
        market: bar.symbol,
        position: { intentId: held.intentId },
        slippage: p.slippage,
        signal: barSignal(bar, 'exit'),
        reason: `${held.side} paid ${paid} per epoch, under ${p.exitRate}`,
      };
    }
    const side: Side | undefined =
      paidLong >= p.enterRate ? 'LONG' : paidShort >= p.enterRate ? 'SHORT' : undefined;
    if (side === undefined) return undefined;
    const signal = barSignal(bar, side);
    ctx.state.set(key, { side, intentId: ctx.intentId(signal) });
    return {
      kind: 'open',
      market: bar.symbol,
      side,
      leverage: p.leverage,
      slippage: p.slippage,
      // The schema gives exactly one of quantity and notional; the other stays undefined.
      quantity: p.quantity,
      notional: p.notional,
      signal,
      reason: `${side} paid ${side === 'LONG' ? paidLong : paidShort} per epoch`,
    };
  },
});
