import { Gauge, type Registry } from 'prom-client';
import type { DriftReport, StrategyDrift } from './driftReport.ts';

type Labelled = readonly [labels: Readonly<Record<string, string>>, value: number];

const GAUGES: readonly {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  readonly values: (d: StrategyDrift) => readonly Labelled[];
}[] = [
  {
    name: 'perpflow_shadow_matched_fills',
    help: 'Intents both live and its shadow filled, by strategy.',
    labelNames: ['strategy'],
    values: (d) => [[{}, d.matched]],
  },
  {
    name: 'perpflow_shadow_missed_fills',
    help: 'Intents one side filled and the other did not, by strategy and the side that missed them.',
    labelNames: ['strategy', 'missed_by'],
    values: (d) => [
      [{ missed_by: 'live' }, d.liveMissed.length],
      [{ missed_by: 'shadow' }, d.shadowMissed.length],
    ],
  },
  {
    name: 'perpflow_shadow_price_drift_bps',
    help: "Live's fill price against its shadow's (the simulator's model) over matched intents, bps, + worse for live.",
    labelNames: ['strategy', 'stat'],
    values: (d) =>
      d.priceBps === null
        ? []
        : [
            [{ stat: 'mean' }, Number(d.priceBps.mean)],
            [{ stat: 'worst' }, Number(d.priceBps.worst)],
          ],
  },
  {
    name: 'perpflow_shadow_fill_latency_ms',
    help: 'Mean time from request to fill over matched intents, by strategy and side (live, shadow).',
    labelNames: ['strategy', 'side'],
    values: (d) =>
      d.latencyMs === null
        ? []
        : [
            [{ side: 'live' }, d.latencyMs.live],
            [{ side: 'shadow' }, d.latencyMs.shadow],
          ],
  },
  {
    name: 'perpflow_shadow_net_pnl',
    help: 'Realised PnL less fees since the shadow began, by strategy and side (live, shadow).',
    labelNames: ['strategy', 'side'],
    values: (d) => [
      [{ side: 'live' }, Number(d.pnl.live)],
      [{ side: 'shadow' }, Number(d.pnl.shadow)],
    ],
  },
];

/**
 * The drift report as gauges on a registry (the live kernel's, served at /metrics), computed when
 * scraped: nothing runs between scrapes. Returns their removal, for the shadow's stop.
 */
export function driftGauges(registry: Registry, report: () => DriftReport): () => void {
  for (const g of GAUGES)
    new Gauge({
      name: g.name,
      help: g.help,
      labelNames: g.labelNames,
      registers: [registry],
      collect() {
        this.reset();
        for (const d of report().strategies)
          for (const [labels, value] of g.values(d)) this.set({ ...labels, strategy: d.strategyId }, value);
      },
    });
  return () => {
    for (const g of GAUGES) registry.removeSingleMetric(g.name);
  };
}
