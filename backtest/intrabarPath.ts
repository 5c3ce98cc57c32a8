import { exactNumber } from '../src/domain/exactNumber.ts';
import type { BacktestWorld } from './BacktestWorld.ts';
import { collateralNumber } from './collateralNumber.ts';

const NONE: readonly number[] = Object.freeze([]);

/** Prices where something rests on `symbol`: TP/SL of open positions, LIMIT opens and closes. */
function triggerLevels(world: BacktestWorld, symbol: string): number[] {
  const out: number[] = [];
  for (const q of world.sim.engine.positions(world.account)) {
    if (q.market.spec.symbol !== symbol) continue;
    if (q.takeProfit !== null) out.push(exactNumber(q.takeProfit));
    if (q.stopLoss !== null) out.push(exactNumber(q.stopLoss));
    if (q.status === 'PENDING' && q.limitPrice !== null) out.push(exactNumber(q.limitPrice));
    const c = q.closeRequest;
    if (c?.price !== undefined && c.price !== null) out.push(exactNumber(c.price));
  }
  return out;
}

/** Where `crossLiquidationLevel` puts the level: a double returned from a call is a heap number. */
const found = new Float64Array(1);

/**
 * Whether the cross account has a liquidation level on `symbol`: the mark at which its equity meets
 * its maintenance margin, the other markets held at their marks (nudged a hair past, since the
 * engine liquidates below it), left in `found[0]`.
 */
function crossLiquidationLevel(world: BacktestWorld, symbol: string): boolean {
  const { account, sim } = world;
  const e = account.exposures.get(symbol);
  if (e === undefined || e.nGross === 0) return false;
  let equity = collateralNumber(account.collateral);
  let mm = 0;
  // One market held (every bar of a one-market backtest in a position): no other term to add.
  if (account.exposures.size > 1)
    for (const x of account.exposures.values()) {
      if (x === e) continue;
      const mark = sim.engine.mark(x.market.spec.symbol)?.mark ?? 0;
      equity += mark * x.nNet - x.nCost;
      mm += mark * x.nGross * x.market.maintenanceMarginRate;
    }
  const slope = e.nNet - e.nGross * e.market.maintenanceMarginRate;
  if (slope === 0) return false;
  const level = (mm - equity + e.nCost) / slope;
  if (!(level > 0)) return false;
  found[0] = level * (slope > 0 ? 1 - 1e-12 : 1 + 1e-12);
  return true;
}

/**
 * The cross account's liquidation level on `symbol`, NaN when it has none (no position there, or
 * none reachable): what `intrabarPath` visits inside a bar. It changes only when the account does:
 * a quiet run (quietRun.ts) asks once and tests each bar's range against it.
 */
export function liquidationLevel(world: BacktestWorld, symbol: string): number {
  const net = world.account.exposures.get(symbol)?.nNet ?? 0;
  return net !== 0 && crossLiquidationLevel(world, symbol) ? (found[0] ?? Number.NaN) : Number.NaN;
}

/** Whether x lies strictly inside (low, high). */
function isBetween(x: number | undefined, low: number, high: number): boolean {
  return x !== undefined && x > low && x < high;
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
 * visited exactly, so a stop fills at its price unless the bar opened beyond it; so is the price
 * where the cross account would be liquidated.
 */
export function intrabarPath(
  world: BacktestWorld,
  symbol: string,
  open: number,
  high: number,
  low: number,
  withLevels: boolean,
  hasIsolated = true,
): readonly number[] {
  if (high === low) return NONE;
  const net = world.account.exposures.get(symbol)?.nNet ?? 0;
  const first = net < 0 ? high : low;
  const second = net < 0 ? low : high;
  const level = liquidationLevel(world, symbol);
  const liquidates = isBetween(level, low, high);
  // Nothing rests in the bar and no liquidation lies inside it: the extremes change nothing that
  // the close does not (cross equity is linear in the mark). Isolated positions keep the walk, as
  // their liquidation prices are the engine's own and not among the levels. Decided before any
  // array is built: this is every bar of a backtest without TP/SL or LIMITs.
  if (!withLevels && !liquidates) return hasIsolated ? [first, second] : NONE;
  const levels = withLevels ? triggerLevels(world, symbol) : [];
  if (liquidates) levels.push(level);
  if (levels.length === 0) return hasIsolated ? [first, second] : NONE;
  return [...between(levels, open, first), first, ...between(levels, first, second), second];
}
