import { z } from 'zod';
import { defineStrategy } from '../../src/strategy/index.ts';

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
  onBar: (ctx, bar) => {
    const f = ctx.funding(bar.symbol);
    if (f === undefined) return undefined;
    const p = ctx.params;
    const key = `held:${bar.symbol}`;
    const held = ctx.state.get<Holding>(key);
    const paid = (side: Side): number => -(side === 'LONG' ? f.rateLong : f.rateShort);
    if (held !== undefined) {
      if (paid(held.side) >= p.exitRate) return undefined;
      ctx.state.delete(key);
      return {
        kind: 'close',
        market: bar.symbol,
        position: { intentId: held.intentId },
        slippage: p.slippage,
        signal: `${bar.symbol}:${bar.openTime}:exit`,
        reason: `${held.side} paid ${paid(held.side)} per epoch, under ${p.exitRate}`,
      };
    }
    const side: Side | undefined =
      paid('LONG') >= p.enterRate ? 'LONG' : paid('SHORT') >= p.enterRate ? 'SHORT' : undefined;
    if (side === undefined) return undefined;
    const signal = `${bar.symbol}:${bar.openTime}:${side}`;
    ctx.state.set(key, { side, intentId: ctx.intentId(signal) });
    return {
      kind: 'open',
      market: bar.symbol,
      side,
      leverage: p.leverage,
      slippage: p.slippage,
      ...(p.quantity === undefined ? { notional: p.notional ?? 0 } : { quantity: p.quantity }),
      signal,
      reason: `${side} paid ${paid(side)} per epoch`,
    };
  },
});
