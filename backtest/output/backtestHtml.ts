import type { ReportBar, ReportCard, ReportLine } from '../../src/report/html/ReportInput.ts';
import { renderReport } from '../../src/report/html/renderReport.ts';
import type { BacktestOutcome } from '../backtestFromFiles.ts';
import type { Metrics } from '../metrics/backtestMetrics.ts';
import { formatMetric, groupThousands, type MetricUnit } from '../metrics/formatMetric.ts';
import { ANNUALISED, fromDaysMark, shortPeriodDays } from '../metrics/shortPeriod.ts';
import type { TradeRecord } from '../metrics/TradeRecord.ts';
import { outcomeMetrics } from './outcomeMetrics.ts';
import { summaryCells, summaryNotes } from './summaryTable.ts';

const tone = (x: number | null) => (x === null ? 'neutral' : x >= 0 ? 'good' : 'bad');

/** A headline card; an annualised figure from under 30 days of data says so under its value. */
function card(
  m: Metrics,
  label: string,
  key: keyof Metrics,
  unit: MetricUnit,
  t?: ReportCard['tone'],
): ReportCard {
  const days = shortPeriodDays(m);
  const marked = days !== null && ANNUALISED.some((k) => k === key) && m[key] !== null;
  return {
    label,
    value: unit === 'money' ? groupThousands(formatMetric(m[key], unit)) : formatMetric(m[key], unit),
    ...(t === undefined ? {} : { tone: t }),
    ...(marked ? { note: fromDaysMark(days) } : {}),
  };
}

/**
 * Each strategy's realised equity: the starting cash plus its closed trades' net PnL, stepping at
 * each exit. The driver keeps one account curve; this line is what each strategy added to it.
 */
export function strategyLines(trades: readonly TradeRecord[], start: number, from: number): ReportLine[] {
  const by = new Map<string, TradeRecord[]>();
  for (const t of trades) by.set(t.strategy, [...(by.get(t.strategy) ?? []), t]);
  if (by.size < 2) return [];
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, list]) => {
      let equity = start;
      const points = [{ time: from, value: start }];
      for (const t of [...list].sort((a, b) => a.exitTime - b.exitTime)) {
        equity += t.pnl;
        const last = points[points.length - 1];
        if (last !== undefined && last.time === t.exitTime)
          points[points.length - 1] = { time: t.exitTime, value: equity };
        else points.push({ time: t.exitTime, value: equity });
      }
      return { name: `${name} (realised)`, points };
    });
}

/** The self-contained HTML report (renderReport: charts inlined, no network). `now` is the caller's clock. */
export function backtestHtml(o: BacktestOutcome, now: number): string {
  const r = o.result;
  const metrics = outcomeMetrics(o);
  const m = metrics.overall;
  const cards: ReportCard[] = [
    card(m, 'Final equity', 'finalEquity', 'money'),
    card(m, 'Total return', 'totalReturn', 'percent', tone(m.totalReturn)),
    card(m, 'Buy & hold', 'buyAndHoldReturn', 'percent'),
    card(m, 'Annual return', 'annualReturn', 'percent', tone(m.annualReturn)),
    card(m, 'Sharpe', 'sharpe', 'ratio'),
    card(m, 'Max drawdown', 'maxDrawdown', 'percent', 'bad'),
    card(m, 'Trades', 'trades', 'count'),
    card(m, 'Win rate', 'winRate', 'percent'),
  ];
  const markets = o.feeds.map((f) => {
    const bars: ReportBar[] = [];
    for (let i = 0; i < f.length; i++)
      bars.push({
        time: f.time[i] ?? Number.NaN,
        open: f.open[i] ?? Number.NaN,
        high: f.high[i] ?? Number.NaN,
        low: f.low[i] ?? Number.NaN,
        close: f.close[i] ?? Number.NaN,
      });
    return { symbol: f.symbol, bars };
  });
  const equity = Array.from(r.equity.time, (t, i) => ({ time: t, value: r.equity.equity[i] ?? Number.NaN }));
  const s = o.settings;
  return renderReport({
    title: `Backtest: ${o.strategies.map((x) => x.id).join(', ')}`,
    subtitle: `${o.feeds.map((f) => f.symbol).join(', ')}; cash ${s.cash}; spread ${s.spread}; slippage ${s.slippage}; fees ${s.fees === undefined ? 'market spec' : `${s.fees.open}/${s.fees.close}`}`,
    generatedAt: new Date(now).toISOString(),
    cards,
    markets,
    trades: r.trades.map((t) => ({ ...t, side: t.side })),
    equity,
    equityLines: strategyLines(r.trades, r.initialCash, equity[0]?.time ?? 0),
    tables: summaryCells(metrics),
    notes: summaryNotes(metrics),
    intervalMs: r.intervalMs,
  });
}
