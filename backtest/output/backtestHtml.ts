import type { ReportBar, ReportCard } from '../../src/report/html/ReportInput.ts';
import { renderReport } from '../../src/report/html/renderReport.ts';
import type { BacktestOutcome } from '../backtestFromFiles.ts';
import { formatMetric } from '../metrics/formatMetric.ts';
import { summaryCells } from './summaryTable.ts';

/** The self-contained HTML report (renderReport: charts inlined, no network). `now` is the caller's clock. */
export function backtestHtml(o: BacktestOutcome, now: number): string {
  const r = o.result;
  const m = o.metrics.overall;
  const tone = (x: number | null) => (x === null ? 'neutral' : x >= 0 ? 'good' : 'bad');
  const cards: ReportCard[] = [
    { label: 'Final equity', value: formatMetric(r.finalEquity, 'money') },
    { label: 'Total return', value: formatMetric(m.totalReturn, 'percent'), tone: tone(m.totalReturn) },
    { label: 'Sharpe', value: formatMetric(m.sharpe, 'ratio') },
    { label: 'Max drawdown', value: formatMetric(m.maxDrawdown, 'percent'), tone: 'bad' },
    { label: 'Trades', value: formatMetric(m.trades, 'count') },
    { label: 'Win rate', value: formatMetric(m.winRate, 'percent') },
  ];
  const markets = o.feeds.map((f) => {
    const bars: ReportBar[] = [];
    for (let i = 0; i < f.length; i++)
      bars.push({
        time: f.time[i] as number,
        open: f.open[i] as number,
        high: f.high[i] as number,
        low: f.low[i] as number,
        close: f.close[i] as number,
      });
    return { symbol: f.symbol as string, bars };
  });
  const equity = Array.from(r.equity.time, (t, i) => ({ time: t, value: r.equity.equity[i] as number }));
  const { columns, rows } = summaryCells(o.metrics);
  const s = o.settings;
  return renderReport({
    title: `Backtest: ${o.strategies.map((x) => x.id).join(', ')}`,
    subtitle: `${o.feeds.map((f) => f.symbol).join(', ')}; cash ${s.cash}; spread ${s.spread}; slippage ${s.slippage}; fees ${s.fees === undefined ? 'market spec' : `${s.fees.open}/${s.fees.close}`}`,
    generatedAt: new Date(now).toISOString(),
    cards,
    markets,
    trades: r.trades.map((t) => ({ ...t, side: t.side })),
    equity,
    tables: [{ title: 'Metrics', columns, rows }],
  });
}
