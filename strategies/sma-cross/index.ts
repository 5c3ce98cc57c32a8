import { z } from 'zod';
import {
  type Bar,
  barSignal,
  defineStrategy,
  type HookResult,
  Sma,
  type StrategyContext,
  type StrategyIntent,
} from '../../src/strategy/index.ts';

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
type Side = 'LONG' | 'SHORT';
/** What this strategy holds on a market, in its persisted state (it survives a restart). */
type Holding = { readonly side: Side; readonly intentId: string };

/** An open or close that never happened leaves nothing to close later. */
const NOT_OPENED = new Set([
  'DENIED',
  'REJECTED',
  'FAILED',
  'CANCELED',
  'EXPIRED',
  'NOT_SENT',
  'RECONCILED_NOT_EXECUTED',
]);

/** Per market: the two averages (O(1) per bar) and what is fixed for the run, made once in init. */
interface Lane {
  readonly market: string;
  readonly fast: Sma;
  readonly slow: Sma;
  /** fast − slow on the previous bar; NaN until both averages are ready. */
  prevDiff: number;
  /** Its key in ctx.state: what is held on the market. */
  readonly held: string;
  readonly reason: Readonly<Record<Side, string>>;
}

/** The mode that enters on a cross to each side (reverse enters on both). */
const ENTERS: Readonly<Record<Side, Params['mode']>> = { LONG: 'long', SHORT: 'short' };

/**
 * Moving-average crossover on bar closes. A cross is strict on both bars (fast < slow, then
 * fast > slow, or the mirror), the rule backtesting.py's `crossover` uses, so equal averages
 * never signal. The per-bar path is a lane found by comparison, two O(1) averages and two
 * comparisons, with no allocation (`Sma.step` answers NaN, not null, before it is ready, and NaN
 * compares false); intents are built only on a cross, in `onCross`.
 */
export default defineStrategy({
  name: 'sma-cross',
  params,
  interval: '1h',
  // Two averages on the previous bar and this one: the first cross can be seen on bar `slow`.
  warmup: (p) => p.slow + 1,
  // The slow average (fast < slow) is first defined on bar slow − 1.
  indicatorWarmup: (p) => p.slow - 1,
  init: (ctx): readonly Lane[] => {
    const { fast, slow } = ctx.params;
    const reason = {
      LONG: `SMA${fast} crossed above SMA${slow}`,
      SHORT: `SMA${fast} crossed below SMA${slow}`,
    };
    return ctx.markets.map((market) => ({
      market,
      fast: new Sma(fast),
      slow: new Sma(slow),
      prevDiff: Number.NaN,
      held: `held:${market}`,
      reason,
    }));
  },
  onBar: (ctx, bar) => {
    const lane = laneOf(ctx.local, bar.symbol);
    if (lane === undefined) return undefined;
    const close = bar.close;
    const fast = lane.fast.step(close);
    const slow = lane.slow.step(close);
    // The console draws both averages over the chart (a no-op call in a backtest); NaN: not ready.
    if (!Number.isNaN(slow)) {
      ctx.plot(bar, 'fast', fast);
      ctx.plot(bar, 'slow', slow);
    }
    const diff = fast - slow;
    const prev = lane.prevDiff;
    lane.prevDiff = diff;
    if (prev < 0 && diff > 0) return onCross(ctx, lane, bar, 'LONG');
    if (prev > 0 && diff < 0) return onCross(ctx, lane, bar, 'SHORT');
    return undefined;
  },
  onRequestUpdate: (ctx, u) => {
    if (!NOT_OPENED.has(u.status)) return undefined;
    const key = `held:${u.market}`;
    if (ctx.state.get<Holding>(key)?.intentId === u.intentId) ctx.state.delete(key);
    return undefined;
  },
});

/** The market's lane: a scan, not a Map, as a strategy trades few markets (a Map costs ≈ 10 ns a bar, measured). */
function laneOf(lanes: readonly Lane[], market: string): Lane | undefined {
  for (let i = 0; i < lanes.length; i++) if (lanes[i]?.market === market) return lanes[i];
  return undefined;
}

/** A cross to `side`: close what is held the other way, then enter `side` if the mode says so. */
function onCross(
  ctx: StrategyContext<Params, readonly Lane[]>,
  lane: Lane,
  bar: Bar,
  side: Side,
): HookResult {
  const held = ctx.state.get<Holding>(lane.held);
  if (held?.side === side) return undefined;
  const market = bar.symbol;
  // Signals name the bar, so a decision repeated after a restart keeps its intent id.
  const exit: StrategyIntent | undefined =
    held === undefined
      ? undefined
      : { kind: 'close', market, position: { intentId: held.intentId }, signal: barSignal(bar, 'exit') };
  const p = ctx.params;
  if (p.mode !== 'reverse' && p.mode !== ENTERS[side]) {
    ctx.state.delete(lane.held);
    return exit;
  }
  const signal = barSignal(bar, side);
  ctx.state.set(lane.held, { side, intentId: ctx.intentId(signal) });
  // The schema gives exactly one of quantity and notional; the other stays undefined.
  const open: StrategyIntent = {
    kind: 'open',
    market,
    side,
    quantity: p.quantity,
    notional: p.notional,
    leverage: p.leverage,
    slippage: p.slippage,
    signal,
    reason: lane.reason[side],
  };
  return exit === undefined ? open : [exit, open];
}
