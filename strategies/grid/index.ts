import { z } from 'zod';
import { defineStrategy, type StrategyIntent } from '../../src/strategy/index.ts';

const params = z.strictObject({
  levels: z.number().int().min(1).max(50).default(3).describe('LIMIT orders on each side of the centre.'),
  spacing: z
    .number()
    .positive()
    .max(0.5)
    .default(0.005)
    .describe('Distance between levels, as a fraction of the centre.'),
  quantity: z.number().positive().describe('Quantity per level.'),
  leverage: z.number().positive().default(1),
});

type Params = z.output<typeof params>;
/** What one of our intents was: a level's entry or its exit, in which cycle. */
type Leg = {
  readonly side: 'LONG' | 'SHORT';
  readonly level: number;
  readonly cycle: number;
  readonly exit: boolean;
};

const round = (x: number): number => Number(x.toPrecision(12));
const entryPrice = (centre: number, p: Params, side: Leg['side'], level: number): number =>
  round(centre * (1 + (side === 'LONG' ? -1 : 1) * level * p.spacing));

/** A level's LIMIT entry, and the signal that names it (its id is ctx.intentId(signal)). */
function entry(
  market: string,
  centre: number,
  p: Params,
  side: Leg['side'],
  level: number,
  cycle: number,
): { readonly signal: string; readonly intent: StrategyIntent } {
  const signal = `grid:${market}:${side}:${level}:${cycle}`;
  const intent: StrategyIntent = {
    kind: 'open',
    market,
    side,
    type: 'LIMIT',
    price: entryPrice(centre, p, side, level),
    quantity: p.quantity,
    leverage: p.leverage,
    allowStacking: true,
    signal,
  };
  return { signal, intent };
}

/**
 * A LIMIT ladder around the first close it sees: `levels` buys below and sells above, `spacing`
 * apart. When a level's entry fills, a LIMIT close one level back towards the centre takes the
 * profit; when that close fills, the level is re-armed with a new entry. All the entries of the
 * first bar go out together, so the executor sends them as one batch. Each leg is remembered in
 * the persisted state by intent id.
 */
export default defineStrategy({
  name: 'grid',
  params,
  interval: '1m',
  warmup: 1,
  // The state key of each market's centre, made once: the per-bar path builds no string.
  init: (ctx) => new Map(ctx.markets.map((m) => [m, `centre:${m}`])),
  onBar: (ctx, bar) => {
    const key = ctx.local.get(bar.symbol);
    if (key === undefined || ctx.state.get(key) !== undefined) return undefined;
    ctx.state.set(key, bar.close);
    const out: StrategyIntent[] = [];
    for (let level = 1; level <= ctx.params.levels; level++)
      for (const side of ['LONG', 'SHORT'] as const) {
        const e = entry(bar.symbol, bar.close, ctx.params, side, level, 0);
        ctx.state.set(`leg:${ctx.intentId(e.signal)}`, { side, level, cycle: 0, exit: false });
        out.push(e.intent);
      }
    return out;
  },
  onFill: (ctx, fill) => {
    const leg = ctx.state.get<Leg>(`leg:${fill.intentId}`);
    const centre = ctx.state.get<number>(`centre:${fill.market}`);
    if (leg === undefined || centre === undefined) return undefined;
    ctx.state.delete(`leg:${fill.intentId}`);
    const p = ctx.params;
    if (!leg.exit) {
      const signal = `grid:${fill.market}:${leg.side}:${leg.level}:${leg.cycle}:exit`;
      ctx.state.set(`leg:${ctx.intentId(signal)}`, { ...leg, exit: true });
      return {
        kind: 'close',
        market: fill.market,
        position: { intentId: fill.intentId },
        type: 'LIMIT',
        price: entryPrice(centre, p, leg.side, leg.level - 1),
        signal,
      };
    }
    const next = entry(fill.market, centre, p, leg.side, leg.level, leg.cycle + 1);
    ctx.state.set(`leg:${ctx.intentId(next.signal)}`, { ...leg, cycle: leg.cycle + 1, exit: false });
    return next.intent;
  },
});
