import type { BacktestMetrics, Metrics } from '../metrics/backtestMetrics.ts';
import { formatMetric } from '../metrics/formatMetric.ts';

type Unit = Parameters<typeof formatMetric>[1];

/** The figures of the terminal summary, in the order a person reads them. */
export const SUMMARY_ROWS: readonly (readonly [string, keyof Metrics, Unit])[] = [
  ['Final equity', 'finalEquity', 'money'],
  ['Total return', 'totalReturn', 'percent'],
  ['Annual return', 'annualReturn', 'percent'],
  ['Annual volatility', 'annualVolatility', 'percent'],
  ['Sharpe', 'sharpe', 'ratio'],
  ['Sortino', 'sortino', 'ratio'],
  ['Calmar', 'calmar', 'ratio'],
  ['Max drawdown', 'maxDrawdown', 'percent'],
  ['Max drawdown duration', 'maxDrawdownDurationMs', 'ms'],
  ['Trades', 'trades', 'count'],
  ['Net PnL', 'netPnl', 'money'],
  ['Win rate', 'winRate', 'percent'],
  ['Profit factor', 'profitFactor', 'ratio'],
  ['Expectancy', 'expectancy', 'percent'],
  ['Average trade', 'averageTrade', 'percent'],
  ['Average PnL', 'averagePnl', 'money'],
  ['Exposure time', 'exposureTime', 'percent'],
  ['Fees paid', 'feesPaid', 'money'],
  ['Funding paid', 'fundingPaid', 'money'],
];

/** Columns: overall, then each strategy, then each market (a single group repeats nothing). */
export function summaryColumns(m: BacktestMetrics): { readonly title: string; readonly metrics: Metrics }[] {
  const cols = [{ title: 'overall', metrics: m.overall }];
  const strategies = Object.entries(m.byStrategy);
  const markets = Object.entries(m.byMarket);
  if (strategies.length > 1)
    for (const [k, v] of strategies) cols.push({ title: `strategy ${k}`, metrics: v });
  if (markets.length > 1) for (const [k, v] of markets) cols.push({ title: `market ${k}`, metrics: v });
  return cols;
}

/** The metrics as rows of text cells: one row per figure, one column per group. */
export function summaryCells(m: BacktestMetrics): { readonly columns: string[]; readonly rows: string[][] } {
  const cols = summaryColumns(m);
  return {
    columns: ['metric', ...cols.map((c) => c.title)],
    rows: SUMMARY_ROWS.map(([label, key, unit]) => [
      label,
      ...cols.map((c) => formatMetric(c.metrics[key] as number | null, unit)),
    ]),
  };
}

/** A plain-text table with aligned columns, numbers right-aligned. */
export function summaryTable(m: BacktestMetrics): string {
  const { columns, rows } = summaryCells(m);
  const all = [columns, ...rows];
  const widths = columns.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return `${[line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')}\n`;
}
