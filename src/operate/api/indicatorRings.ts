import type { IndicatorPoint } from '../../kernel/indicatorPoint.ts';
import type { IndicatorSeries } from './contract.ts';

const KEEP = 500;

/** The strategies' plotted series per market, their latest values kept (times in seconds, as bars'). */
export class IndicatorRings {
  private readonly byMarket = new Map<
    string,
    Map<string, { series: IndicatorSeries; points: IndicatorSeries['points'][number][] }>
  >();

  add(p: IndicatorPoint): void {
    let market = this.byMarket.get(p.market);
    if (market === undefined) {
      market = new Map();
      this.byMarket.set(p.market, market);
    }
    const key = `${p.strategy}\u0000${p.name}`;
    let ring = market.get(key);
    if (ring === undefined) {
      const points: IndicatorSeries['points'][number][] = [];
      ring = { series: { strategy: p.strategy, name: p.name, points }, points };
      market.set(key, ring);
    }
    const time = Math.floor(p.time / 1000);
    // A bar replayed after a restart plots again at the same time: the later value replaces it.
    if (ring.points.at(-1)?.time === time) ring.points.pop();
    ring.points.push({ time, value: p.value });
    if (ring.points.length > KEEP) ring.points.shift();
  }

  of(market: string): IndicatorSeries[] {
    return [...(this.byMarket.get(market)?.values() ?? [])].map((r) => r.series);
  }
}
