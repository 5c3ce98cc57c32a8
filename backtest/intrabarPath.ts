import type { BacktestWorld } from './BacktestWorld.ts';

const NONE: readonly number[] = Object.freeze([]);

/** Prices where something rests on `symbol`: TP/SL of open positions, LIMIT opens and closes. */
function triggerLevels(world: BacktestWorld, symbol: string): number[] {
  const out: number[] = [];
  for (const q of world.sim.engine.positions(world.account)) {
    if (q.market.spec.symbol !== symbol) continue;
    if (q.takeProfit !== null) out.push(q.takeProfit.toNumber());
    if (q.stopLoss !== null) out.push(q.stopLoss.toNumber());
    if (q.status === 'PENDING' && q.limitPrice !== null) out.push(q.limitPrice.toNumber());
    const c = q.closeRequest;
    if (c?.price !== undefined && c.price !== null) out.push(c.price.toNumber());
  }
  return out;
}

/** `levels` strictly between a and b, in the order a walk from a to b meets them. */
function between(levels: readonly number[], a: number, b: number): number[] {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  const inside = levels.filter((x) => x > lo && x < hi);
  return inside.sort((x, y) => (a <= b ? x - y : y - x));
}

/**
 * The marks a bar is walked through after its open, before its close. A bar says where price
 * went, not in which order: the walk visits the extreme that hurts the account's net position on
 * the symbol first (the low for a long or flat book, the high for a short), so when a bar touches
 * both a TP and an SL the worse outcome happens first. Resting trigger prices on the way are
 * visited exactly, so a stop fills at its price unless the bar opened beyond it.
 */
export function intrabarPath(
  world: BacktestWorld,
  symbol: string,
  open: number,
  high: number,
  low: number,
  withLevels: boolean,
): readonly number[] {
  if (high === low) return NONE;
  const net = world.account.exposures.get(symbol)?.nNet ?? 0;
  const [first, second] = net < 0 ? [high, low] : [low, high];
  if (!withLevels) return [first, second];
  const levels = triggerLevels(world, symbol);
  if (levels.length === 0) return [first, second];
  return [...between(levels, open, first), first, ...between(levels, first, second), second];
}
