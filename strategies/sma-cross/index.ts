import { SMA } from 'trading-signals';
import { z } from 'zod';
import { defineStrategy } from '../../src/strategy/index.ts';
import type { StrategyIntent } from '../../src/strategy/strategyIntent.ts';

const params = z
  .strictObject({
    fast: z.number().int().min(1).default(10).describe('Bars in the fast moving average.'),
    slow: z.number().int().min(2).default(30).describe('Bars in the slow moving average.'),
    quantity: z.number().positive().optional().describe('Base quantity per entry (or give notional).'),
    notional: z.number().positive().optional().describe('Quote amount per entry (or give quantity).'),
    leverage: z.number().positive().default(1),
    mode: z
      .enum(['long', 'short', 'reverse'])
      .default('reverse')
      .describe(
        'long: long on a golden cross, flat on a death cross; short: the mirror; reverse: always in.',
      ),
    slippage: z.number().min(0).max(1).default(0.01).describe('MARKET slippage as a fraction.'),
  })
  .refine((p) => p.fast < p.slow, { message: 'fast must be shorter than slow', path: ['fast'] })
  .refine((p) => (p.quantity === undefined) !== (p.notional === undefined), {
    message: 'give exactly one of quantity and notional',
    path: ['quantity'],
  });

type Params = z.output<typeof params>;

const NOT_OPENED = new Set([
  'DENIED',
  'REJECTED',
  'FAILED',
  'CANCELED',
  'EXPIRED',
  'NOT_SENT',
  'RECONCILED_NOT_EXECUTED',
]);
type Side = 'LONG' | 'SHORT';

interface Lane {
  readonly fast: SMA;
  readonly slow: SMA;
  /** fast − slow on the previous bar; NaN until both averages are ready. */
  prevDiff: number;
}

/** What this strategy holds per market, kept in its persisted state. */
type Holding = { readonly side: Side; readonly intentId: string };

function orders(p: Params, market: string, time: number, side: Side, held: Holding | undefined) {
  const out: StrategyIntent[] = [];
  const enter = p.mode === 'reverse' || (p.mode === 'long' ? side === 'LONG' : side === 'SHORT');
  if (held !== undefined && held.side !== side)
    out.push({
      kind: 'close',
      market,
      position: { intentId: held.intentId },
      signal: `${market}:${time}:exit`,
    });
  if (enter && held?.side !== side)
    out.push({
      kind: 'open',
      market,
      side,
      leverage: p.leverage,
      slippage: p.slippage,
      signal: `${market}:${time}:${side}`,
      ...(p.quantity === undefined ? { notional: p.notional as number } : { quantity: p.quantity }),
      reason:
        side === 'LONG'
          ? `SMA${p.fast} crossed above SMA${p.slow}`
          : `SMA${p.fast} crossed below SMA${p.slow}`,
    });
  return out;
}

/**
 * Moving-average crossover on bar closes. A cross is strict on both bars (fast < slow, then
 * fast > slow, or the mirror), the rule backtesting.py's `crossover` uses, so equal averages
 * never signal.
 */
export default defineStrategy({
  name: 'sma-cross',
  params,
  interval: '1h',
  warmup: (p) => p.slow + 1,
  init: (ctx) => {
    const lanes = new Map<string, Lane>();
    for (const m of ctx.markets)
      lanes.set(m, { fast: new SMA(ctx.params.fast), slow: new SMA(ctx.params.slow), prevDiff: Number.NaN });
    return lanes;
  },
  onBar: (ctx, bar) => {
    const lane = ctx.local.get(bar.symbol);
    if (lane === undefined) return undefined;
    const f = lane.fast.add(bar.close);
    const s = lane.slow.add(bar.close);
    if (f === null || s === null) return undefined;
    const diff = f - s;
    const prev = lane.prevDiff;
    lane.prevDiff = diff;
    const side: Side | undefined = prev < 0 && diff > 0 ? 'LONG' : prev > 0 && diff < 0 ? 'SHORT' : undefined;
    if (side === undefined) return undefined;
    const key = `held:${bar.symbol}`;
    const held = ctx.state.get<Holding>(key);
    const out = orders(ctx.params, bar.symbol, bar.openTime, side, held);
    const opened = out.find((o) => o.kind === 'open');
    if (opened !== undefined) ctx.state.set(key, { side, intentId: ctx.intentId(opened.signal as string) });
    else if (held !== undefined && held.side !== side) ctx.state.delete(key);
    return out;
  },
  // An open that never happened (denied, refused, cancelled) leaves nothing to close later.
  onRequestUpdate: (ctx, u) => {
    if (!NOT_OPENED.has(u.status)) return undefined;
    const key = `held:${u.market}`;
    if (ctx.state.get<Holding>(key)?.intentId === u.intentId) ctx.state.delete(key);
    return undefined;
  },
});
