import type { DriftReport, StrategyDrift } from './driftReport.ts';

const signed = (v: string): string => (v.startsWith('-') ? v : `+${v}`);
const money = (v: string): string => signed(Number(v).toFixed(2));

function line(d: StrategyDrift): string {
  const price =
    d.priceBps === null
      ? 'price —'
      : `price vs model mean ${signed(d.priceBps.mean)} bps, worst ${signed(d.priceBps.worst)} bps`;
  const latency =
    d.latencyMs === null
      ? 'latency —'
      : `latency live ${Math.round(d.latencyMs.live)} ms, shadow ${Math.round(d.latencyMs.shadow)} ms`;
  return `  ${d.strategyId}: ${d.matched} matched · live missed ${d.liveMissed.length} · shadow missed ${d.shadowMissed.length} · ${price} · ${latency} · net PnL live ${money(d.pnl.live)}, shadow ${money(d.pnl.shadow)} (live − shadow ${money(d.pnl.difference)})`;
}

/** The drift report for a person: one line per shadowed strategy (bps: + is worse for live). */
export function renderDrift(r: DriftReport): string {
  return [
    `drift       live against its shadow since ${new Date(r.since).toISOString()}`,
    ...r.strategies.map(line),
  ].join('\n');
}
