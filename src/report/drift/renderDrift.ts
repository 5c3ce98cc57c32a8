import type { DriftReport, StrategyDrift } from './driftReport.ts';

/** What live is held against: its shadow, or a backtest of the bars it saw (backtestDrift.ts). */
export type DriftModel = 'shadow' | 'backtest';

const signed = (v: string): string => (v.startsWith('-') ? v : `+${v}`);
const money = (v: string): string => signed(Number(v).toFixed(2));

function line(d: StrategyDrift, model: DriftModel, since: number): string {
  const price =
    d.priceBps === null
      ? 'price —'
      : `price vs model mean ${signed(d.priceBps.mean)} bps, worst ${signed(d.priceBps.worst)} bps`;
  const latency =
    d.latencyMs === null
      ? 'latency —'
      : `latency live ${Math.round(d.latencyMs.live)} ms, ${model} ${Math.round(d.latencyMs.shadow)} ms`;
  // Only a strategy shadowed later than the rest says so (added to `shadow:` at a restart).
  const own = d.since === since ? '' : ` (since ${new Date(d.since).toISOString()})`;
  return `  ${d.strategyId}${own}: ${d.matched} matched · live missed ${d.liveMissed.length} · ${model} missed ${d.shadowMissed.length} · ${price} · ${latency} · net PnL live ${money(d.pnl.live)}, ${model} ${money(d.pnl.shadow)} (live − ${model} ${money(d.pnl.difference)})`;
}

/** The drift report for a person: one line per strategy (bps: + is worse for live). */
export function renderDrift(r: DriftReport, model: DriftModel = 'shadow'): string {
  const until = r.until === null ? '' : ` until ${new Date(r.until).toISOString()}`;
  const against = model === 'shadow' ? 'its shadow' : 'the backtest';
  const head = `drift       live against ${against} since ${new Date(r.since).toISOString()}${until}`;
  return [head, ...r.strategies.map((d) => line(d, model, r.since))].join('\n');
}
