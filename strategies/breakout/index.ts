import { z } from 'zod';
import { Atr, barSignal, defineStrategy, RollingMax, RollingMin } from '../../src/strategy/index.ts';

const params = z
  .strictObject({
    period: z.number().int().min(2).default(20).describe('Bars in the Donchian channel.'),
    atrPeriod: z.number().int().min(1).default(14).describe('Bars in the ATR that sizes TP and SL.'),
    takeProfitAtr: z.number().positive().default(3).describe('Take profit, in ATRs from the entry close.'),
    stopLossAtr: z.number().positive().default(1.5).describe('Stop loss, in ATRs from the entry close.'),
    quantity: z.number().positive().optional(),
    notional: z.number().positive().optional(),
    leverage: z.number().positive().default(1),
    slippage: z.number().min(0).max(1).default(0.01),
  })
  .refine((p) => (p.quantity === undefined) !== (p.notional === undefined), {
    message: 'give exactly one of quantity and notional',
    path: ['quantity'],
  });

/** Per market, O(1) per bar: the Donchian channel as a rolling max of highs and min of lows, and the ATR. */
interface Lane {
  readonly highs: RollingMax;
  readonly lows: RollingMin;
  readonly atr: Atr;
  /** The channel up to the previous bar: NaN until `period` bars were seen (NaN compares false). */
  upper: number;
  lower: number;
}

/**
 * Donchian breakout: a close above the highest high (below the lowest low) of the previous
 * `period` bars opens long (short) with TP and SL set `takeProfitAtr` / `stopLossAtr` ATRs from
 * that close. The venue closes it at TP or SL; while the strategy has a position or a pending
 * request on the market it does not enter again.
 */
export default defineStrategy({
  name: 'breakout',
  params,
  interval: '1h',
  warmup: (p) => Math.max(p.period, p.atrPeriod) + 1,
  // The channel of the `period` bars before a bar is first defined on bar `period`, the ATR on
  // bar atrPeriod − 1 (its first value is the mean of the first atrPeriod true ranges).
  indicatorWarmup: (p) => Math.max(p.period, p.atrPeriod - 1),
  init: (ctx) => {
    const lanes = new Map<string, Lane>();
    for (const m of ctx.markets)
      lanes.set(m, {
        highs: new RollingMax(ctx.params.period),
        lows: new RollingMin(ctx.params.period),
        atr: new Atr(ctx.params.atrPeriod),
        upper: Number.NaN,
        lower: Number.NaN,
      });
    return lanes;
  },
  onBar: (ctx, bar) => {
    const lane = ctx.local.get(bar.symbol);
    if (lane === undefined) return undefined;
    // The channel of the `period` bars before this one: a breakout is a close outside it. The
    // indicators' `step` answers a double (NaN until ready), so the per-bar path allocates nothing.
    const { upper, lower } = lane;
    lane.upper = lane.highs.step(bar.high);
    lane.lower = lane.lows.step(bar.low);
    const atr = lane.atr.step(bar);
    const side = bar.close > upper ? 'LONG' : bar.close < lower ? 'SHORT' : undefined;
    if (side === undefined || Number.isNaN(atr)) return undefined;
    if (ctx.positions(bar.symbol).length > 0 || ctx.openRequests(bar.symbol).length > 0) return undefined;
    const p = ctx.params;
    const dir = side === 'LONG' ? 1 : -1;
    return {
      kind: 'open',
      market: bar.symbol,
      side,
      leverage: p.leverage,
      slippage: p.slippage,
      // The schema gives exactly one of quantity and notional; the other stays undefined.
      quantity: p.quantity,
      notional: p.notional,
      takeProfit: bar.close + dir * p.takeProfitAtr * atr,
      stopLoss: bar.close - dir * p.stopLossAtr * atr,
      signal: barSignal(bar, side),
      reason: `close ${bar.close} broke the ${p.period}-bar ${side === 'LONG' ? `high ${upper}` : `low ${lower}`}`,
    };
  },
});
